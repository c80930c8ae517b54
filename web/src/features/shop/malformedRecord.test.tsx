// A record in the database that does not match its domain schema (written by an older version or by
// hand) must give the page a clear Polish error state, never a crash further down in the screen.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MalformedRecordError, toRealtimeError } from '../../shared/api/realtime';
import { renderForm } from '../../test/renderForm';
import { CheckoutGate } from '../checkout';
import { toProductEntries } from '../catalogue/products';

const mug = {
  name: 'Kubek „Latarnia”',
  description: 'Ceramiczny, 300 ml.',
  priceGrosze: 3900,
  vatRate: 23,
  active: true,
  sortOrder: 1,
  variants: { std: { label: 'standard', stock: 10, sold: 2, sortOrder: 0 } },
};

/** What the endpoint answers: the transform's result, or the error its queryFn turns a throw into. */
function endpointAnswer(raw: unknown) {
  try {
    return { data: toProductEntries(raw) };
  } catch (error) {
    return { error: toRealtimeError(error) };
  }
}

describe('a malformed record read from the database', () => {
  it('is parsed with the domain schema: good records pass, a price stored as text is refused with its path', () => {
    expect(endpointAnswer({ kubek: mug })).toMatchObject({ data: [{ id: 'kubek', available: 8 }] });
    const answer = endpointAnswer({ kubek: mug, bluza: { ...mug, name: 'Bluza', priceGrosze: '129,00' } });
    expect(answer).toEqual({
      error: {
        code: 'malformed-record',
        message:
          'Zapisane dane mają nieprawidłowy format (products/bluza/priceGrosze: Podaj cenę). Zgłoś to organizatorowi wydarzenia.',
      },
    });
    expect(() => toProductEntries({ kubek: { ...mug, variants: { std: { label: 'standard', stock: 10 } } } })).toThrow(
      MalformedRecordError,
    );
  });

  it('shows the page’s error state naming the record instead of the basket', async () => {
    const { error } = endpointAnswer({ bluza: { ...mug, variants: 'M, L' } }) as { error: unknown };
    await renderForm(
      <CheckoutGate
        isLoading={false}
        isError
        error={error}
        isEmpty={false}
        empty={{ title: 'Koszyk jest pusty', text: '', next: { to: '/', label: 'Wróć' } }}
      >
        <p>Koszyk</p>
      </CheckoutGate>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Nie udało się wczytać koszyka.');
    expect(screen.getByTestId('malformed-record').textContent).toMatch(
      /^Zapisane dane mają nieprawidłowy format \(products\/bluza\/variants: .+\)\. Zgłoś to organizatorowi wydarzenia\.$/,
    );
    expect(screen.queryByText('Koszyk')).toBeNull();
  });
});
