import { describe, expect, it } from 'vitest';
import { toAdminStats, toRefundStats, type CatalogueEntry } from './api';
import { formatMoney } from '../../shared/format/pl';
import { countryRows, dailyRows, daysWithRefunds, merchRows, refundItemRows, ticketRows } from './model';

/** The live product p1 „Koszulka” in these variants (p1/m is the variant the counters count). */
const shirt = (variants: NonNullable<CatalogueEntry['variants']>): CatalogueEntry => ({
  id: 'p1',
  name: 'Koszulka',
  sold: 0,
  archived: false,
  variants,
});

describe('admin statistics model', () => {
  const stats = toAdminStats({
    revenue: { paidGross: 5000 },
    perDay: {
      '2026-07-02': { placed: 1, placedGross: 3900 },
      '2026-07-01': { placed: 2, placedGross: 8900, paid: 1, paidGross: 5000 },
    },
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
    expect(dailyRows(daysWithRefunds(stats.perDay, undefined))).toEqual([
      ['01.07.2026', '2', formatMoney(8900), '1', formatMoney(5000), '0', formatMoney(0), formatMoney(5000)],
      ['02.07.2026', '1', formatMoney(3900), '0', formatMoney(0), '0', formatMoney(0), formatMoney(0)],
    ]);
    expect(toAdminStats({ perDay: { '2026-07-03': { paid: 1 } } }).perDay[0].placedGross).toBe(0);
  });

  it('splits tickets into paid, reserved and left against the quota; hides unsold archived types', () => {
    const rows = ticketRows(
      stats,
      [{ id: 't1', name: 'Karnet', quota: 10, sold: 5, archived: false }],
      [{ id: 't2', name: 'Stary', quota: 5, sold: 0, archived: true }],
    );
    expect(rows).toEqual([
      { id: 't1', name: 'Karnet', paid: 3, refunded: 0, reserved: 2, quota: 10, left: 5, archived: false },
    ]);
  });

  it('lists merchandise per variant', () => {
    const rows = merchRows(
      stats,
      [
        shirt([
          { id: 'm', label: 'M', stock: 10, sold: 4 },
          { id: 'l', label: 'L', stock: 5, sold: 0 },
        ]),
      ],
      [],
    );
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

  describe('refunds', () => {
    const refunds = toRefundStats({
      gross: 12900 + 333,
      count: 2,
      perDay: { '2026-07-03': { count: 1, gross: 333 }, '2026-07-01': { count: 1, gross: 12900 } },
      ticketTypes: { t1: { quantity: 1, gross: 14900 }, t2: { quantity: 1, gross: 5000 } },
      variants: { p1: { m: { quantity: 1, gross: 333 } } },
    });

    it('reads /stats/refunds with absent counters as zeros', () => {
      expect(toRefundStats(null)).toEqual({ gross: 0, count: 0, perDay: [], ticketTypes: {}, variants: {} });
      expect(refunds.perDay.map((d) => d.date)).toEqual(['2026-07-01', '2026-07-03']);
    });

    it('refuses a malformed /stats/refunds record, naming the field, instead of showing it as zeros', () => {
      expect(() => toRefundStats({ gross: '12900' })).toThrow(/stats\/refunds.*gross/);
      expect(() => toRefundStats({ perDay: { wczoraj: { count: 1 } } })).toThrow(/stats\/refunds/);
      expect(toRefundStats({ perRate: { r23: { gross: 12900, net: 10488 } } }).gross).toBe(0);
    });

    it('puts refunds per day next to the sales and computes revenue net of refunds; a day with only a refund is a row', () => {
      const days = daysWithRefunds(stats.perDay, refunds);
      expect(days.map((d) => [d.date, d.paidGross, d.refundedGross, d.netGross])).toEqual([
        ['2026-07-01', 5000, 12900, -7900],
        ['2026-07-02', 0, 0, 0],
        ['2026-07-03', 0, 333, -333],
      ]);
      expect(dailyRows(days)[0]).toEqual([
        '01.07.2026',
        '2',
        formatMoney(8900),
        '1',
        formatMoney(5000),
        '1',
        formatMoney(12900),
        formatMoney(-7900),
      ]);
    });

    it('counts refunded units per ticket type and variant, and lists refunds per item by value', () => {
      const live = [{ id: 't1', name: 'Karnet', quota: 10, sold: 4, archived: false }];
      const archived = [{ id: 't2', name: 'Stary', quota: 5, sold: 0, archived: true }];
      expect(ticketRows(stats, live, archived, refunds).map((r) => [r.name, r.paid, r.refunded])).toEqual([
        ['Karnet', 3, 1],
        ['Stary (archiwum)', 0, 1],
      ]);
      const products = [shirt([{ id: 'm', label: 'M', stock: 10, sold: 3 }])];
      expect(merchRows(stats, products, [], refunds).map((r) => [r.variant, r.paid, r.refunded])).toEqual([
        ['M', 2, 1],
      ]);
      expect(refundItemRows(refunds, [...live, ...archived], products)).toEqual([
        { key: 't/t1', name: 'Bilet: Karnet', quantity: 1, gross: 14900 },
        { key: 't/t2', name: 'Bilet: Stary (archiwum)', quantity: 1, gross: 5000 },
        { key: 'v/p1/m', name: 'Koszulka — M', quantity: 1, gross: 333 },
      ]);
    });
  });
});
