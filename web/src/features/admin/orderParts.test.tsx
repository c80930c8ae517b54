import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { TEST_PERSON } from '@domain/ksef/testing';
import { renderWithTheme } from '../../test/render';
import { ticketLine } from '../../test/documents';
import type { OrderEntry } from '../orders';
import { useOrderActions } from './orderParts';

const pending = {
  id: 'o1',
  uid: 'u1',
  number: 'ZAM/2026/000042',
  kind: 'tickets',
  status: 'pending',
  lines: { l1: ticketLine() },
  totals: { net: 13796, vat: 1104, gross: 14900, perRate: {} },
  buyer: { email: 'jan@example.com', invoice: TEST_PERSON },
  idempotencyKey: 'k',
  createdAt: 1,
  payBy: 2,
} as unknown as OrderEntry;
/** Placed with a crew code that left nothing to pay: paid at once, no invoice. */
const free = {
  ...pending,
  status: 'paid',
  paidAt: 1,
  paidBy: 'discount',
  totals: { net: 0, vat: 0, gross: 0, perRate: {} },
  discount: { code: 'EKIPA-7K2P', units: 1, gross: 14900 },
} as OrderEntry;
const invoiced = {
  ...pending,
  status: 'paid',
  paidAt: 1,
  paidBy: 'admin-uid',
  invoiceId: 'FV-2026-000001',
  invoiceNumber: 'FV/2026/000001',
} as OrderEntry;

function Actions({ order }: { order: OrderEntry }) {
  const { actions, dialog } = useOrderActions(() => {});
  return (
    <>
      {actions(order)}
      {dialog}
    </>
  );
}

describe('the admin orders tab’s row actions', () => {
  it('offers „Anuluj” for a pending order, beside confirming its payment', () => {
    renderWithTheme(<Actions order={pending} />);
    expect(screen.getByRole('button', { name: 'Potwierdź płatność' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anuluj' })).toBeTruthy();
  });

  it('offers „Anuluj”, not a refund, for an order a discount code paid, and asks without payment talk', async () => {
    renderWithTheme(<Actions order={free} />);
    expect(screen.queryByRole('button', { name: /Rozpocznij zwrot/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Potwierdź płatność' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    const body = (await screen.findByText(/opłacone w całości kodem rabatowym/)).textContent ?? '';
    expect(body).toContain('EKIPA-7K2P');
    expect(body).toContain('pozycje do odbioru zostaną usunięte');
    expect(body).not.toMatch(/termin|przelew/i);
  });

  it('offers a refund, not „Anuluj”, for an invoiced order; nothing for a cancelled free one', () => {
    const { unmount } = renderWithTheme(<Actions order={invoiced} />);
    expect(screen.getByRole('button', { name: /Rozpocznij zwrot/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anuluj' })).toBeNull();
    unmount();
    renderWithTheme(<Actions order={{ ...free, status: 'cancelled', released: true }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
