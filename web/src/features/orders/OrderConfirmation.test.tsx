import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { TEST_SELLER } from '@domain/ksef/testing';
import { renderWithTheme } from '../../test/render';
import { OrderConfirmation } from './OrderConfirmation';

const seller = TEST_SELLER;

describe('OrderConfirmation', () => {
  it('shows every line with its quantity, variant and participant, and the payment deadline', () => {
    renderWithTheme(
      <OrderConfirmation
        number="ZAM/2026/000042"
        totalGross={121_200}
        seller={seller}
        details={{
          status: 'pending',
          createdAt: Date.UTC(2026, 10, 26, 1, 51),
          payBy: Date.UTC(2026, 10, 27, 22, 59, 59, 999),
          lines: [
            {
              id: 'l1',
              name: 'Bluza z kapturem „Sztorm”',
              variantLabel: 'M',
              memberName: 'Piotr Nowak',
              unitGross: 18_900,
              quantity: 6,
            },
            { id: 'l2', name: 'Karnet 3-dniowy', memberName: 'Zosia Nowak', unitGross: 7_800, quantity: 1 },
          ],
        }}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Pozycje zamówienia' })).getAllByRole('row');
    expect(rows[1].textContent).toBe(
      'Bluza z kapturem „Sztorm”6 szt. × 189,00\u00a0zł · wariant M · dla: Piotr Nowak1\u00a0134,00\u00a0zł',
    );
    expect(rows[2].textContent).toBe('Karnet 3-dniowy1 szt. × 78,00\u00a0zł · dla: Zosia Nowak78,00\u00a0zł');
    expect(screen.getByTestId('transfer-pay-by').textContent).toBe('27 listopada 2026, do godz. 23:59');
  });
});
