// Admin lists read whole database paths; one record that does not match its domain schema (written by
// hand or by an older version) must give the tab its error state naming the record, never a crash.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MalformedRecordError, toRealtimeError } from '../../shared/api/realtime';
import { DataTable } from '../../shared/ui/DataTable';
import { renderWithTheme } from '../../test/render';
import { toSettled } from '../bankImport/api';
import { toKsefRecords } from '../ksef/api';
import { toUnsent } from '../mail/api';
import { toAdminStats } from '../adminStats/api';
import { toUsers, type AdminUser } from './api';
import { toOrders } from '../orders/api';

const profile = {
  email: 'anna.nowak@example.pl',
  firstName: 'Anna',
  lastName: 'Nowak',
  phone: '+48 600 100 200',
  country: 'PL',
  consents: { terms: true, privacy: true, marketing: false, acceptedAt: 1_780_000_000_000 },
  pickupCode: 'ABCDEFGH',
  createdAt: 1_780_000_000_000,
  updatedAt: 1_780_000_000_000,
};

/** What the endpoint answers: the transform's result, or the error its queryFn turns a throw into. */
function endpointAnswer<T>(transform: (raw: unknown) => T, raw: unknown) {
  try {
    return { data: transform(raw) };
  } catch (error) {
    return { error: toRealtimeError(error) };
  }
}

describe('admin endpoints given a malformed record', () => {
  it('parse good profiles, and refuse a profile whose e-mail is missing with its path', () => {
    expect(endpointAnswer(toUsers, { u1: profile })).toEqual({
      data: [{ uid: 'u1', email: profile.email, firstName: 'Anna', lastName: 'Nowak', pickupCode: 'ABCDEFGH' }],
    });
    const { email: _email, ...noEmail } = profile;
    expect(endpointAnswer(toUsers, { u1: profile, u2: noEmail })).toEqual({
      error: {
        code: 'malformed-record',
        message:
          'Zapisane dane mają nieprawidłowy format (profiles/u2/email: Podaj adres e-mail). Zgłoś to organizatorowi wydarzenia.',
      },
    });
  });

  it('refuse a malformed record in every admin path instead of passing it on', () => {
    expect(() => toOrders({ o1: { number: 'ZAM/2026/000001', status: 'paid' } })).toThrow(MalformedRecordError);
    expect(() => toSettled({ tx1: { status: 'done', outcome: 'booked' } })).toThrow(/bank\/transactions\/tx1/);
    expect(() => toKsefRecords({ u1: { 'FV-2026-000001': { ksefNumber: 'nie-numer' } } })).toThrow(
      /ksef\/u1\/FV-2026-000001/,
    );
    expect(() =>
      toUnsent({
        m1: {
          kind: 'welcome',
          essential: false,
          uid: 'u1',
          to: 'a@example.pl',
          subject: 'Witaj',
          text: 'Witaj',
          html: '<p>Witaj</p>',
          createdAt: 'wczoraj',
        },
      }),
    ).toThrow(/outbox\/m1\/createdAt/);
    expect(() => toAdminStats({ orders: { paid: 'dużo' } })).toThrow(/stats\/admin\/orders\/paid/);
    // Absent paths are empty lists, not errors.
    expect(toOrders(null)).toEqual([]);
    expect(toSettled(null)).toEqual({});
    expect(toAdminStats(null).orders).toEqual({ pending: 0, paid: 0, cancelled: 0 });
  });

  it('show the list’s error state naming the record instead of the table', () => {
    const { error } = endpointAnswer(toUsers, { u2: { ...profile, pickupCode: 42 } }) as { error: unknown };
    renderWithTheme(
      <DataTable<AdminUser>
        label="Użytkownicy"
        columns={[{ key: 'email', header: 'E-mail', cell: (u) => u.email }]}
        rows={[]}
        rowKey={(u) => u.uid}
        source={{ isError: true, error }}
        errorText="Nie udało się wczytać użytkowników."
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Nie udało się wczytać użytkowników.');
    expect(screen.getByTestId('malformed-record').textContent).toMatch(
      /^Zapisane dane mają nieprawidłowy format \(profiles\/u2\/pickupCode: .+\)\. Zgłoś to organizatorowi wydarzenia\.$/,
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
