import { ServerValue } from 'firebase-admin/database';
import {
  PAID_BY_DISCOUNT,
  pickupItemsOf,
  warsawDate,
  type Catalogue,
  type Order,
  type PickupItem,
} from '../domain/index.js';
import type { Increments } from '../lib/increments.js';

/** The order as placement stores it when a discount code leaves nothing to pay: paid at once. */
export function settledOrder(order: Order, now: number): Order {
  return { ...order, status: 'paid', paidAt: now, paidBy: PAID_BY_DISCOUNT };
}

/**
 * What the final update of such an order writes besides the order (docs/discounts.md): what a
 * payment confirmation writes — ticket claims paid, pickup items, paid counters — but no invoice
 * and no invoice number: nothing was sold for money. Counts of one path are summed (two increments
 * of one path in one update would keep only the last).
 */
export function settledOrderUpdates(
  orderId: string,
  order: Order,
  catalogue: Catalogue,
  now: number,
): Record<string, unknown> {
  const day = warsawDate(now);
  const counts = new Map<string, number>([
    ['stats/admin/orders/paid', 1],
    [`stats/admin/perDay/${day}/paid`, 1],
  ]);
  const count = (path: string, n: number) => counts.set(path, (counts.get(path) ?? 0) + n);
  const updates: Record<string, unknown> = {};
  for (const l of Object.values(order.lines)) {
    if (l.type === 'ticket') {
      updates[`tickets/${order.uid}/${l.memberId}/${l.ticketTypeId}`] = { orderId, status: 'paid' };
      count(`stats/admin/ticketTypes/${l.ticketTypeId}/paid`, 1);
    } else {
      count(`stats/admin/variants/${l.productId}/${l.variantId}/paid`, l.quantity);
    }
  }
  const { pickups, ticketCount } = pickupItemsOf(
    orderId,
    order,
    (id) => catalogue.ticketTypes.get(id)?.pickupLabel,
    now,
  );
  for (const [key, item] of Object.entries(pickups)) updates[`pickups/${order.uid}/${key}`] = item;
  if (ticketCount) count('stats/public/ticketsPaid', ticketCount);
  if (Object.keys(pickups).length) count('stats/admin/pickups/total', Object.keys(pickups).length);
  for (const [path, n] of counts) updates[path] = ServerValue.increment(n);
  return updates;
}

/**
 * What the release of such an order, cancelled (domain/orderState.ts decideCancel), changes besides
 * what every cancellation gives back: the counters settledOrderUpdates moved, moved back (not the
 * pending ones: it never was pending), and its pickup items removed — the ones still waiting, which
 * the cancellation checked under the hand-out lock are all of them. The day's `paid` count stays: like
 * `placed`, it records what happened that day.
 */
export function settlementReversalChanges(
  orderId: string,
  order: Order,
  pickups: Readonly<Record<string, PickupItem>>,
  increments: Increments,
  updates: Record<string, unknown>,
): void {
  increments.add('stats/admin/orders/paid', -1);
  let ticketCount = 0;
  for (const l of Object.values(order.lines)) {
    if (l.type === 'ticket') {
      ticketCount++;
      increments.add(`stats/admin/ticketTypes/${l.ticketTypeId}/paid`, -1);
    } else {
      increments.add(`stats/admin/variants/${l.productId}/${l.variantId}/paid`, -l.quantity);
    }
  }
  if (ticketCount) increments.add('stats/public/ticketsPaid', -ticketCount);
  let removed = 0;
  for (const [key, item] of Object.entries(pickups)) {
    if (item.orderId !== orderId || item.status !== 'waiting') continue;
    updates[`pickups/${order.uid}/${key}`] = null;
    removed++;
  }
  if (removed) increments.add('stats/admin/pickups/total', -removed);
}
