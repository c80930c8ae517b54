/**
 * How an order line reads wherever it is listed (confirmation, orders page, e-mails, admin lists):
 * always its quantity, its variant (merchandise) and the participant it is for, worded the same way
 * on every screen and in every message.
 */
import { formatMoney } from './money.js';
import type { OrderLine } from './schemas.js';

type LineFacts = Pick<OrderLine, 'name' | 'quantity' | 'unitGross'> & { variantLabel?: string; memberName?: string };

/** Below the line's name: `wariant M · dla: Ola Nowak` (empty when there is neither). */
export function orderLineDetail(line: LineFacts): string {
  const parts: string[] = [];
  if (line.variantLabel) parts.push(`wariant ${line.variantLabel}`);
  if (line.memberName) parts.push(`dla: ${line.memberName}`);
  return parts.join(' · ');
}

/** `6 szt. × 189,00 zł`. */
export function orderLineQuantity(line: Pick<LineFacts, 'quantity' | 'unitGross'>): string {
  return `${line.quantity} szt. × ${formatMoney(line.unitGross)}`;
}

/** One line of a list: `Bluza „Sztorm” (wariant M · dla: Ola Nowak) × 6`. */
export function orderLineSummary(line: Pick<LineFacts, 'name' | 'quantity' | 'variantLabel' | 'memberName'>): string {
  const detail = orderLineDetail({ ...line, unitGross: 0 });
  return `${line.name}${detail ? ` (${detail})` : ''} × ${line.quantity}`;
}
