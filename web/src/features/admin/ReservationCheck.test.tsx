import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { ReservationCheck, reconcileSummary } from './ReservationCheck';

const NOTHING = {
  checkedTicketTypes: 0,
  checkedVariants: 0,
  corrections: [],
  releasedTicketClaims: 0,
  removedStaleAttempts: 0,
  completedCancellations: 0,
  correctedHoldings: 0,
  correctedDiscountUses: 0,
};

describe('reconcileSummary', () => {
  it('says what was checked and that everything agrees', () => {
    expect(reconcileSummary({ ...NOTHING, checkedTicketTypes: 1, checkedVariants: 5 })).toBe(
      'Sprawdzono 1 typ biletu i 5 wariantów produktów. Liczby sprzedanych zgadzają się z zamówieniami.',
    );
  });

  it('lists each correction and every repair with Polish plural forms', () => {
    const text = reconcileSummary({
      checkedTicketTypes: 2,
      checkedVariants: 22,
      corrections: [
        { kind: 'ticketType', id: 'karnet', name: 'Karnet 3-dniowy', soldBefore: 1205, soldAfter: 1202 },
        { kind: 'variant', id: 'koszulka/l', name: 'Koszulka „Bałtyk” (L)', soldBefore: 4, soldAfter: 0 },
      ],
      releasedTicketClaims: 3,
      removedStaleAttempts: 1,
      completedCancellations: 5,
      correctedHoldings: 2,
      correctedDiscountUses: 1,
    });
    expect(text).toBe(
      'Sprawdzono 2 typy biletów i 22 warianty produktów. Poprawiono liczbę sprzedanych: ' +
        'Karnet 3-dniowy 1\u00a0205 → 1\u00a0202; Koszulka „Bałtyk” (L) 4 → 0. ' +
        'Zwolniono 3 rezerwacje biletów po przerwanych zamówieniach. Usunięto 1 przerwaną próbę zamówienia. ' +
        'Dokończono 5 przerwanych anulowań. Poprawiono limity zakupów 2 kont. ' +
        'Poprawiono liczbę użyć 1 kodu rabatowego.',
    );
  });
});

describe('ReservationCheck', () => {
  it('explains the repair and asks before running it', async () => {
    renderWithTheme(<ReservationCheck />);
    expect(screen.getByRole('heading', { name: 'Kontrola rezerwacji' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('reconcile-start'));
    expect(await screen.findByText(/nowe zamówienia są wstrzymywane/)).toBeTruthy();
    expect((await screen.findByTestId('confirm-action')).textContent).toBe('Przelicz rezerwacje');
  });
});
