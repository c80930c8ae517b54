import { refusalFrom } from '../lib/refusal.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
import {
  applyDiscount,
  countDiscountCheck,
  discountChecksSchema,
  discountCodeRecordSchema,
  discountFitRefusal,
  discountUsesSchema,
  discountValidityRefusal,
  releaseDiscountUses,
  takeDiscountUses,
  type DiscountCodeRecord,
  type DiscountRefusal,
  type DiscountUses,
  type Order,
  type OrderDiscount,
  type OrderLine,
} from '../domain/index.js';
import type { Undo } from './reservations.js';

export const discountCodePath = (code: string) => `discountCodes/${code}`;
export const discountUsesPath = (code: string) => `discountUses/${code}`;

/** A discount refusal as the callables answer it (field `discountCode`, Polish message). */
export const refusalOfDiscount = (r: DiscountRefusal) => refusalFrom(r);

/**
 * Counts one code check of the account (`DISCOUNT_CHECKS_PER_MINUTE` a minute, docs/discounts.md),
 * refusing once the minute's checks are spent: before any answer that tells whether a code exists,
 * so codes cannot be guessed by trying — through the checkout's check or an order's placement.
 */
export async function countCodeCheck(uid: string, now: number): Promise<void> {
  await transactStored(`discountChecks/${uid}`, discountChecksSchema, 'próby kodów rabatowych', (cur) => {
    const counted = countDiscountCheck(cur, now);
    if (!counted.ok) throw refusalOfDiscount(counted.refusal);
    return counted.next;
  });
}

/** A code's terms and its use counter, read at once and parsed; the record is null when the code does not exist. */
export async function readDiscount(
  code: string,
): Promise<{ code: string; record: DiscountCodeRecord | null; uses: DiscountUses | null }> {
  const [record, uses] = await Promise.all([
    readStored(discountCodePath(code), discountCodeRecordSchema, `kod rabatowy ${code}`),
    readStored(discountUsesPath(code), discountUsesSchema, `użycia kodu ${code}`),
  ]);
  return { code, record, uses };
}

/**
 * The order lines with the code applied, decided on the values read before the reservations (the
 * use counter's transaction decides again): the code must exist, be valid now, cover something in
 * the basket and have enough uses left for the account.
 */
export function discountLines(
  read: Awaited<ReturnType<typeof readDiscount>>,
  lines: readonly OrderLine[],
  uid: string,
  now: number,
): { lines: OrderLine[]; discount: OrderDiscount; record: DiscountCodeRecord } {
  const invalid = discountValidityRefusal(read.code, read.record, now);
  if (invalid) throw refusalOfDiscount(invalid);
  const record = read.record!;
  const applied = applyDiscount(lines, record);
  const unfit = discountFitRefusal(read.code, record, read.uses, uid, applied.units);
  if (unfit) throw refusalOfDiscount(unfit);
  return { lines: applied.lines, discount: { code: read.code, units: applied.units, gross: applied.gross }, record };
}

/**
 * Takes the order's uses of a code: one transaction on `/discountUses/{code}`, so parallel orders
 * never take more than `maxUses` (or `maxPerAccount` per account). Pushes its compensation on `undo`.
 */
export async function takeDiscount(
  record: Pick<DiscountCodeRecord, 'maxUses' | 'maxPerAccount'>,
  discount: OrderDiscount,
  uid: string,
  orderId: string,
  undo: Undo[],
): Promise<void> {
  await transactStored(discountUsesPath(discount.code), discountUsesSchema, `użycia kodu ${discount.code}`, (uses) => {
    const taken = takeDiscountUses(discount.code, record, uses, { uid, orderId, units: discount.units });
    if (!taken.ok) throw refusalOfDiscount(taken.refusal);
    return taken.next;
  });
  undo.push({ label: `discount ${discount.code}`, run: () => releaseDiscount(discount.code, orderId) });
}

/** Gives an order's uses of a code back (a cancellation, an expiry, a failed placement); idempotent. */
export async function releaseDiscount(code: string, orderId: string): Promise<void> {
  await transactStored(discountUsesPath(code), discountUsesSchema, `użycia kodu ${code}`, (uses) =>
    uses === null ? KEEP : releaseDiscountUses(uses, orderId),
  );
}

/** Takes an expired order's uses again when its late transfer is booked (the code's limits still apply). */
export async function retakeDiscount(orderId: string, order: Order, undo: Undo[]): Promise<void> {
  if (!order.discount) return;
  const record = await readStored(
    discountCodePath(order.discount.code),
    discountCodeRecordSchema,
    `kod rabatowy ${order.discount.code}`,
  );
  // Codes are never deleted (only switched off); a missing one has no limits left to respect.
  await takeDiscount(record ?? {}, order.discount, order.uid, orderId, undo);
}

/** The statistics of a code moved by an order placed with it (`sign` -1 when it is cancelled), for the order's atomic update. */
export function discountStatsUpdates(
  discount: OrderDiscount | undefined,
  sign: 1 | -1,
  increment: (n: number) => unknown,
): Record<string, unknown> {
  if (!discount) return {};
  const base = `stats/admin/discounts/${discount.code}`;
  return {
    [`${base}/orders`]: increment(sign),
    [`${base}/units`]: increment(sign * discount.units),
    [`${base}/discountGross`]: increment(sign * discount.gross),
  };
}
