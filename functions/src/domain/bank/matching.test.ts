// Every preview category of the issue, on transfers parsed from the fixtures, against a set of
// orders in every state.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, amountSentence } from './labels.js';
import { matchStatement, type OrderForMatching } from './matching.js';
import { occurrences, transactionKey } from './keys.js';
import { readStatementFile } from './statement.js';
import type { BankTransaction } from './types.js';

const transactionsOf = (name: string): BankTransaction[] => {
  const r = readStatementFile(new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url))));
  if (!r.ok) throw new Error('mapping needed');
  return r.statement.transactions;
};

const order = (seq: number, gross: number, status: OrderForMatching['status'] = 'pending'): OrderForMatching => ({
  id: `o${seq}`,
  number: `ZAM/2026/${String(seq).padStart(6, '0')}`,
  gross,
  status,
});
const ORDERS = [
  order(101, 14900),
  order(102, 29800),
  order(103, 8900),
  order(104, 5900),
  order(105, 14900),
  order(106, 8900),
  order(107, 14900, 'paid'),
  order(108, 5900, 'cancelled'),
];

describe('matchStatement', () => {
  const transactions = [...transactionsOf('pekao-2026-07.sta'), ...transactionsOf('swift-envelope-2026-07-03.mt940')];
  const match = matchStatement({ transactions, orders: ORDERS });
  const byTitle = (start: string) => match.items.find((i) => i.tx.title.startsWith(start))!;

  it('sorts every incoming transfer into its category and skips the bank fee', () => {
    expect(match.items.map((i) => [i.tx.amountGrosze, i.category, i.orders.map((o) => o.number)])).toEqual([
      [14900, 'exact', ['ZAM/2026/000101']],
      [29800, 'exact', ['ZAM/2026/000102']],
      [14800, 'multiple', ['ZAM/2026/000103', 'ZAM/2026/000104']],
      [10000, 'underpaid', ['ZAM/2026/000105']],
      [50000, 'no-order', []],
      [10000, 'overpaid', ['ZAM/2026/000106']],
      [14900, 'already-paid', ['ZAM/2026/000107']],
      [5900, 'cancelled', ['ZAM/2026/000108']],
    ]);
    expect(match.skippedDebits).toBe(1);
    expect(match.counts).toEqual({
      exact: 2,
      multiple: 1,
      overpaid: 1,
      underpaid: 1,
      'already-paid': 1,
      cancelled: 1,
      'no-order': 1,
      'already-booked': 0,
    });
  });

  it('books exact, several-orders and overpaid transfers, refunds duplicates, leaves the rest to the admin', () => {
    expect(byTitle('ZAM/2026/000101').action).toEqual({ kind: 'book', orderIds: ['o101'] });
    expect(byTitle('ZAM2026000103').action).toEqual({ kind: 'book', orderIds: ['o103', 'o104'] });
    expect(byTitle('ZAM/2026/000106').action).toEqual({ kind: 'book', orderIds: ['o106'] });
    expect(byTitle('ponownie').action).toEqual({ kind: 'refund', orderIds: ['o107'] });
    for (const t of ['ZAM/2026/000105', 'Darowizna', 'Zamówienie nr 2026/108'])
      expect(byTitle(t).action).toEqual({ kind: 'skip' });
  });

  it('states the amounts in Polish', () => {
    expect(amountSentence(byTitle('ZAM/2026/000105'))).toBe(
      'Wpłynęło 100,00\u00a0zł, należność 149,00\u00a0zł — brakuje 49,00\u00a0zł.',
    );
    expect(amountSentence(byTitle('ZAM/2026/000106'))).toBe(
      'Wpłynęło 100,00\u00a0zł, należność 89,00\u00a0zł — nadwyżka 11,00\u00a0zł.',
    );
    expect(CATEGORY_LABELS[byTitle('ponownie').category]).toBe('Już opłacone');
  });

  it('names order numbers that no order has', () => {
    const m = matchStatement({ transactions: transactionsOf('mbank-2026-07.csv'), orders: ORDERS });
    const unknown = m.items.find((i) => i.tx.amountGrosze === 123400)!;
    expect(unknown).toMatchObject({ category: 'no-order', unknownNumbers: ['ZAM/2026/000999'] });
  });

  it('a second transfer for an order this statement already pays is a duplicate', () => {
    const paid = transactions[0];
    const again: BankTransaction = { ...paid, bookingDate: '2026-07-05', reference: 'DRUGI-PRZELEW' };
    const m = matchStatement({ transactions: [again, paid], orders: ORDERS });
    expect(m.items.map((i) => [i.tx.bookingDate, i.category, i.action.kind, i.orders[0].state])).toEqual([
      ['2026-07-01', 'exact', 'book', 'pending'],
      ['2026-07-05', 'already-paid', 'refund', 'paid-here'],
    ]);
  });

  it('an admin assigns a transfer by hand or marks it „nie dotyczy”; the run follows the decisions', () => {
    const donation = byTitle('Darowizna');
    const underpaid = byTitle('ZAM/2026/000105');
    const m = matchStatement({
      transactions,
      orders: ORDERS,
      decisions: {
        [donation.key]: { kind: 'ignore' },
        [underpaid.key]: { kind: 'book', orderIds: ['o105'], manual: true },
      },
    });
    const d = m.items.find((i) => i.key === donation.key)!;
    const u = m.items.find((i) => i.key === underpaid.key)!;
    expect([d.category, d.action, d.decidedByAdmin]).toEqual(['no-order', { kind: 'ignore' }, true]);
    expect([u.category, u.action, u.decidedByAdmin]).toEqual([
      'underpaid',
      { kind: 'book', orderIds: ['o105'], manual: true },
      true,
    ]);
  });

  it('transfers settled by an earlier import are shown as such and never booked again', () => {
    const settled = Object.fromEntries(match.items.map((i) => [i.key, { outcome: 'booked' as const }]));
    const again = matchStatement({ transactions, orders: ORDERS, settled });
    expect(again.counts['already-booked']).toBe(8);
    expect(again.items.every((i) => i.action.kind === 'skip')).toBe(true);
  });
});

describe('transaction keys', () => {
  const base: BankTransaction = {
    bookingDate: '2026-07-01',
    amountGrosze: 14900,
    currency: 'PLN',
    title: 'ZAM/2026/000101 bilet',
    payerAccount: '60102010260000123456789012',
  };

  it('use the bank reference when there is one, whatever else the export shows', () => {
    const a = transactionKey({ ...base, reference: 'X1' });
    expect(a).toMatch(/^t[0-9a-f]{32}$/);
    expect(transactionKey({ ...base, reference: 'x1', title: 'inny', bookingDate: '2026-07-02' })).toBe(a);
    expect(transactionKey({ ...base, reference: 'X2' })).not.toBe(a);
  });

  it('without a reference, hash date, amount, account and title (wrapping-insensitive), numbering identical transfers', () => {
    const a = transactionKey(base);
    expect(transactionKey({ ...base, title: 'ZAM/2026/0001 01 bilet' })).toBe(a);
    expect(transactionKey({ ...base, reference: 'NONREF' })).toBe(a);
    for (const changed of [
      { bookingDate: '2026-07-02' },
      { amountGrosze: 14901 },
      { payerAccount: '89114020040000350212345678' },
      { title: 'ZAM/2026/000102' },
    ]) {
      expect(transactionKey({ ...base, ...changed })).not.toBe(a);
    }
    const same = [base, { ...base }, { ...base, reference: 'R' }, { ...base }];
    expect(occurrences(same)).toEqual([0, 1, 0, 2]);
    expect(transactionKey(base, 1)).not.toBe(a);
  });

  it('give the same keys when the same statement is parsed again', () => {
    const keys = (name: string) => {
      const txs = transactionsOf(name);
      const occ = occurrences(txs);
      return txs.map((t, i) => transactionKey(t, occ[i]));
    };
    for (const f of ['pekao-2026-07.sta', 'camt053-batched-2026-07-04.xml', 'mbank-2026-07.csv']) {
      const k = keys(f);
      expect(new Set(k).size).toBe(k.length);
      expect(keys(f)).toEqual(k);
    }
  });
});
