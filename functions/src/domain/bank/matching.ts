/**
 * The preview: every incoming transfer of a statement sorted into a category, with the action the
 * booking will take. Pure and fast (5,000 transfers × 5,000 orders in well under a second), so the
 * admin's browser recomputes it after every manual decision. The booking callable does not trust
 * it: it re-checks each order's state when it books.
 *
 * Transfers are taken in booking-date order and the run is simulated: once a transfer is set to pay
 * an order, a later transfer for the same order is a duplicate.
 */
import { findOrderNumbers } from './orderNumbers.js';
import { occurrences, transactionKey } from './keys.js';
import type { BankTransaction } from './types.js';

export type MatchCategory =
  'exact' | 'multiple' | 'underpaid' | 'overpaid' | 'already-paid' | 'cancelled' | 'no-order' | 'already-booked';
export const MATCH_CATEGORIES: readonly MatchCategory[] = [
  'exact',
  'multiple',
  'overpaid',
  'underpaid',
  'already-paid',
  'cancelled',
  'no-order',
  'already-booked',
];

export type BookingAction =
  | { kind: 'book'; orderIds: string[]; manual?: boolean }
  | { kind: 'refund'; orderIds?: string[] }
  | { kind: 'ignore' }
  | { kind: 'skip' };

export interface OrderForMatching {
  id: string;
  number: string;
  status: 'pending' | 'paid' | 'cancelled';
  gross: number;
  /** The transaction that paid it, when it was paid from a statement. */
  bankTxKey?: string;
  /** Shown next to the order (buyer's name or e-mail). */
  label?: string;
  /** Cancelled because it was not paid in time: booking it by hand re-reserves it if places are left. */
  expired?: boolean;
}

/** A transaction a previous import already settled (`/bank/transactions/{key}` with status done). */
export interface SettledTransaction {
  outcome: 'booked' | 'refund' | 'ignored';
}

interface MatchedOrder {
  id: string;
  number: string;
  gross: number;
  label?: string;
  /** The order's state for this transfer: as stored, or `paid-here` when an earlier transfer of this statement pays it. */
  state: 'pending' | 'paid' | 'paid-here' | 'cancelled';
}

export interface MatchedTransaction {
  key: string;
  /** Position in the statement file. */
  index: number;
  occurrence: number;
  tx: BankTransaction;
  category: MatchCategory;
  orders: MatchedOrder[];
  /** Order numbers found in the title that no order has. */
  unknownNumbers: string[];
  /** Total of the orders this transfer can still pay. */
  dueGrosze: number;
  /** amount − due (negative: underpaid). */
  differenceGrosze: number;
  action: BookingAction;
  /** The admin chose the action (manual assignment, „nie dotyczy", …). */
  decidedByAdmin: boolean;
  settled?: SettledTransaction;
}

export interface StatementMatch {
  items: MatchedTransaction[];
  counts: Record<MatchCategory, number>;
  /** Outgoing transfers and fees: not payments for orders. */
  skippedDebits: number;
  /** Credits in another currency than PLN: never booked automatically. */
  skippedOtherCurrency: number;
}

interface MatchInput {
  transactions: readonly BankTransaction[];
  orders: readonly OrderForMatching[];
  settled?: Readonly<Record<string, SettledTransaction>>;
  decisions?: Readonly<Record<string, BookingAction>>;
}

export function matchStatement({ transactions, orders, settled = {}, decisions = {} }: MatchInput): StatementMatch {
  const byNumber = new Map<string, OrderForMatching>();
  for (const o of orders) byNumber.set(o.number, o);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const paidHere = new Set<string>();
  const occ = occurrences(transactions);
  const counts = Object.fromEntries(MATCH_CATEGORIES.map((c) => [c, 0])) as Record<MatchCategory, number>;
  let skippedDebits = 0;
  let skippedOtherCurrency = 0;

  const order = transactions
    .map((tx, index) => ({ tx, index }))
    .sort((a, b) =>
      a.tx.bookingDate < b.tx.bookingDate ? -1 : a.tx.bookingDate > b.tx.bookingDate ? 1 : a.index - b.index,
    );
  const items: MatchedTransaction[] = [];
  for (const { tx, index } of order) {
    if (tx.amountGrosze <= 0) {
      skippedDebits++;
      continue;
    }
    if (tx.currency !== 'PLN') {
      skippedOtherCurrency++;
      continue;
    }
    const key = transactionKey(tx, occ[index]);
    const refs = findOrderNumbers(tx.title);
    const found: OrderForMatching[] = [];
    const unknownNumbers: string[] = [];
    for (const r of refs) {
      const o = byNumber.get(r.number);
      if (o) found.push(o);
      else unknownNumbers.push(r.number);
    }
    const stateOf = (o: OrderForMatching): MatchedOrder['state'] =>
      o.status === 'pending' && paidHere.has(o.id) ? 'paid-here' : o.status;
    const matched: MatchedOrder[] = found.map((o) => ({
      id: o.id,
      number: o.number,
      gross: o.gross,
      ...(o.label ? { label: o.label } : {}),
      state: stateOf(o),
    }));
    const live = matched.filter((o) => o.state === 'pending');
    const dueGrosze = live.reduce((t, o) => t + o.gross, 0);
    const differenceGrosze = tx.amountGrosze - dueGrosze;

    let category: MatchCategory;
    let action: BookingAction = { kind: 'skip' };
    const previous = Object.hasOwn(settled, key) ? settled[key] : undefined;
    if (previous) category = 'already-booked';
    else if (matched.length === 0) category = 'no-order';
    else if (live.length === 0)
      category = matched.some((o) => o.state === 'paid' || o.state === 'paid-here') ? 'already-paid' : 'cancelled';
    else if (differenceGrosze === 0) category = live.length > 1 ? 'multiple' : 'exact';
    else category = differenceGrosze < 0 ? 'underpaid' : 'overpaid';

    if (category === 'exact' || category === 'multiple' || category === 'overpaid')
      action = { kind: 'book', orderIds: live.map((o) => o.id) };
    else if (category === 'already-paid') action = { kind: 'refund', orderIds: matched.map((o) => o.id) };

    const decided = !previous && Object.hasOwn(decisions, key) ? decisions[key] : undefined;
    if (decided) action = decided;
    if (action.kind === 'book')
      for (const id of action.orderIds) if (byId.get(id)?.status === 'pending') paidHere.add(id);

    counts[category]++;
    items.push({
      key,
      index,
      occurrence: occ[index],
      tx,
      category,
      orders: matched,
      unknownNumbers,
      dueGrosze,
      differenceGrosze,
      action,
      decidedByAdmin: !!decided,
      ...(previous ? { settled: previous } : {}),
    });
  }
  return { items, counts, skippedDebits, skippedOtherCurrency };
}
