import { describe, expect, it } from 'vitest';
import { toAdminStats } from './api';
import { formatMoney } from '../../shared/format/pl';
import { countryRows, dailyRows, merchRows, ticketRows } from './model';

describe('admin statistics model', () => {
  const stats = toAdminStats({
    revenue: { paidGross: 5000 },
    perDay: { '2026-07-02': { placed: 1, placedGross: 3900 }, '2026-07-01': { placed: 2, placedGross: 8900, paid: 1, paidGross: 5000 } },
    ticketTypes: { t1: { paid: 3 } },
    variants: { p1: { m: { paid: 2 } } },
    byCountry: { PL: 5, DE: 1, CZ: 0 },
  });

  it('fills absent counters with zeros and sorts days', () => {
    expect(stats.revenue).toEqual({ paidGross: 5000, pendingGross: 0 });
    expect(stats.orders).toEqual({ pending: 0, paid: 0, cancelled: 0 });
    expect(stats.perDay.map((d) => d.date)).toEqual(['2026-07-01', '2026-07-02']);
    expect(stats.perDay[1]).toEqual({ date: '2026-07-02', placed: 1, placedGross: 3900, paid: 0, paidGross: 0 });
  });

  it('the daily table shows the value placed next to the revenue paid', () => {
    expect(dailyRows(stats.perDay)).toEqual([
      ['01.07.2026', '2', formatMoney(8900), '1', formatMoney(5000)],
      ['02.07.2026', '1', formatMoney(3900), '0', formatMoney(0)],
    ]);
    expect(toAdminStats({ perDay: { '2026-07-03': { paid: 1 } } }).perDay[0].placedGross).toBe(0);
  });

  it('splits tickets into paid, reserved and left against the quota; hides unsold archived types', () => {
    const rows = ticketRows(
      stats,
      [{ id: 't1', name: 'Karnet', quota: 10, sold: 5, archived: false }],
      [{ id: 't2', name: 'Stary', quota: 5, sold: 0, archived: true }],
    );
    expect(rows).toEqual([{ id: 't1', name: 'Karnet', paid: 3, reserved: 2, quota: 10, left: 5, archived: false }]);
  });

  it('lists merchandise per variant', () => {
    const rows = merchRows(stats, [{ id: 'p1', name: 'Koszulka', sold: 0, archived: false, variants: [{ id: 'm', label: 'M', stock: 10, sold: 4 }, { id: 'l', label: 'L', stock: 5, sold: 0 }] }], []);
    expect(rows.map((r) => [r.variant, r.paid, r.reserved, r.left])).toEqual([
      ['M', 2, 2, 6],
      ['L', 0, 0, 5],
    ]);
  });

  it('names countries and sorts by accounts', () => {
    expect(countryRows(stats, { PL: 'Polska', DE: 'Niemcy' })).toEqual([
      { code: 'PL', name: 'Polska', accounts: 5 },
      { code: 'DE', name: 'Niemcy', accounts: 1 },
    ]);
  });
});
