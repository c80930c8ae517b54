import { parsePln } from '@domain/money';
import { planRefund, type RefundedLines } from '@domain/refunds';
import type { Order } from '@domain/schemas';

/** What a refund of these lines (undefined = all that is left) returns in full, as the server plans it; 0 when none is chosen. */
export function refundableOf(
  order: Pick<Order, 'lines'>,
  refunded: RefundedLines | undefined,
  lines?: Record<string, number>,
): number {
  const planned = planRefund(order, refunded, lines);
  return planned.ok ? planned.plan.refundable : 0;
}

/**
 * The message for a refund amount as the admin types it („129,00”; empty = all of it): not an amount,
 * or more than the lines allow, worded as the server refuses it. Undefined when it is fine.
 */
export function refundAmountError(
  typed: string,
  order: Pick<Order, 'lines'> | undefined,
  refunded: RefundedLines | undefined,
  lines?: Record<string, number>,
): string | undefined {
  if (!typed.trim()) return undefined;
  const grosze = parsePln(typed);
  if (grosze === null) return 'Podaj kwotę, np. 129,00';
  const planned = order && planRefund(order, refunded, lines, grosze);
  return planned && !planned.ok && planned.refusal.field === 'amount' ? planned.refusal.message : undefined;
}
