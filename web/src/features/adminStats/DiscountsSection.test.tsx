import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { toAdminStats } from './api';
import { DiscountsSection } from './DiscountsSection';
import { discountRows } from './model';

describe('discount codes in the statistics', () => {
  const stats = toAdminStats({
    discounts: {
      CZLONEK: { orders: 3, units: 4, discountGross: 15120 },
      'EKIPA-ABCDEFGH': { orders: 1, units: 1, discountGross: 18900 },
      ODDANY: { orders: 0, units: 0, discountGross: 0 },
      NOWY: { orders: 1 },
    },
  });

  it('lists the codes used, most discount first; a code whose orders were all cancelled is left out', () => {
    expect(discountRows(stats)).toEqual([
      { code: 'EKIPA-ABCDEFGH', orders: 1, units: 1, discountGross: 18900 },
      { code: 'CZLONEK', orders: 3, units: 4, discountGross: 15120 },
      { code: 'NOWY', orders: 1, units: 0, discountGross: 0 },
    ]);
    expect(toAdminStats({}).discounts).toEqual({});
  });

  it('shows uses per code and the total discount given', () => {
    renderWithTheme(<DiscountsSection rows={discountRows(stats)} />);
    const table = screen.getByRole('table', { name: 'Użycia kodów rabatowych' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('td, th')].map((c) => c.textContent?.replace(/\s/g, ' ')).join(' | '));
    expect(rows[1]).toBe('EKIPA-ABCDEFGH | 1 | 1 | 189,00 zł');
    expect(rows.at(-1)).toBe('Razem | 5 | 5 | 340,20 zł');
  });

  it('says so when no code was used yet', () => {
    renderWithTheme(<DiscountsSection rows={[]} />);
    expect(screen.getByText('Nikt jeszcze nie użył kodu rabatowego.')).toBeTruthy();
  });
});
