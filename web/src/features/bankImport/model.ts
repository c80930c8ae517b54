/** Pure helpers of the bank import screen (unit-tested in model.test.ts). */
import type { BankBookingResult } from '@domain/bank/schemas';
import type {
  BookingAction,
  MatchCategory,
  MatchedTransaction,
  OrderForMatching,
  StatementMatch,
} from '@domain/bank/matching';
import type { Order } from '@domain/schemas';
import type { NounForms } from '@domain/words';
import { formatCount } from '../../shared/format/pl';

export const TRANSFERS: NounForms = ['przelew', 'przelewy', 'przelewów'];
export const INCOMING: NounForms = ['wpływ', 'wpływy', 'wpływów'];
export const DEBITS: NounForms = ['obciążenie', 'obciążenia', 'obciążeń'];
/** The admin page sends a statement in chunks of this many transfers (the callable takes at most 50). */
export const BOOKING_CHUNK = 25;

export const CATEGORY_COLORS: Record<MatchCategory, string> = {
  exact: 'green',
  multiple: 'teal',
  overpaid: 'yellow',
  underpaid: 'orange',
  'already-paid': 'grape',
  cancelled: 'red',
  'no-order': 'gray',
  'already-booked': 'blue',
};

export function ordersForMatching(orders: readonly (Order & { id: string })[]): OrderForMatching[] {
  return orders.map((o) => ({
    id: o.id,
    number: o.number,
    status: o.status,
    gross: o.totals.gross,
    ...(o.bankTransfer?.txKey ? { bankTxKey: o.bankTransfer.txKey } : {}),
    label: o.buyer?.invoice?.name ?? o.buyer?.email,
    ...(o.status === 'cancelled' && o.cancelReason === 'expired' ? { expired: true } : {}),
  }));
}

/** Orders a transfer can be assigned to by hand: pending ones, and those that expired unpaid (booking re-reserves them). */
export function assignableOrders(orders: readonly OrderForMatching[]): OrderForMatching[] {
  return orders.filter((o) => o.status === 'pending' || o.expired);
}

/** What will be sent: every transfer whose action is not „pozostaw”. */
export function toBook(match: StatementMatch): MatchedTransaction[] {
  // A manual assignment without a chosen order yet is not sent.
  return match.items.filter(
    (i) => i.action.kind !== 'skip' && !(i.action.kind === 'book' && i.action.orderIds.length === 0),
  );
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The callable's item for one previewed transfer. */
export function bookingItem(item: MatchedTransaction) {
  const t = item.tx;
  const action = item.action as Exclude<BookingAction, { kind: 'skip' }>;
  return {
    transaction: {
      bookingDate: t.bookingDate,
      amountGrosze: t.amountGrosze,
      // The matching sends only PLN credits (others are skipped in the preview).
      currency: 'PLN' as const,
      title: t.title,
      ...(t.payerName ? { payerName: t.payerName } : {}),
      ...(t.payerAccount ? { payerAccount: t.payerAccount } : {}),
      ...(t.reference ? { reference: t.reference } : {}),
      occurrence: item.occurrence,
    },
    action,
  };
}

/** One line about a finished booking run. */
export function bookingSummary(results: readonly BankBookingResult[]): string {
  const count = (o: BankBookingResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const parts: string[] = [];
  const booked = count('booked');
  if (booked) parts.push(`zaksięgowano ${formatCount(booked, TRANSFERS)}`);
  const refund = count('refund');
  if (refund) parts.push(`do zwrotu: ${formatCount(refund, TRANSFERS)}`);
  const ignored = count('ignored');
  if (ignored) parts.push(`„nie dotyczy”: ${formatCount(ignored, TRANSFERS)}`);
  const settled = count('already-settled');
  if (settled) parts.push(`rozliczone już wcześniej: ${formatCount(settled, TRANSFERS)}`);
  const failed = count('failed');
  if (failed) parts.push(`nie udało się: ${formatCount(failed, TRANSFERS)} — uruchom księgowanie ponownie`);
  if (parts.length === 0) return 'Nic nie zaksięgowano.';
  const text = parts.join('; ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}
