import { randomUUID } from 'node:crypto';
import { ServerValue } from 'firebase-admin/database';
import {
  cancelledOrder,
  decideCancel,
  orderSchema,
  reservationsOf,
  type CancelOrderOutput,
  type Order,
} from '../domain/index.js';
import { commitWithMail, orderCancelledMail } from '../mail/index.js';
import type { Caller } from '../lib/caller.js';
import { refuse, refusalFrom } from '../lib/refusal.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { releaseAll } from './reservations.js';
import { discountStatsUpdates, releaseDiscount } from './discounts.js';
import { offerFreedUnits } from './waitingOffers.js';

/**
 * Commit point: the transaction that flips the order to cancelled (domain/orderState.ts decides).
 * Returning quota and stock comes after it; `released: false` marks an order whose release has not
 * finished, so calling again completes it (see docs/data-model.md).
 */
export async function cancelOrderAs(caller: Caller, orderId: string): Promise<CancelOrderOutput> {
  const now = Date.now();
  let resume = false;
  const { written, value } = await transactStored(`orders/${orderId}`, orderSchema, 'zamówienie', (cur) => {
    resume = false;
    if (!cur) return null;
    const decision = decideCancel(cur, caller);
    if (decision.ok) return cancelledOrder(cur, now, { uid: caller.uid });
    if (!decision.resume) throw refusalFrom(decision.refusal);
    resume = true;
    return KEEP;
  });
  if (!value || (!written && !resume)) throw refuse('order-missing');

  await finishCancellation(orderId, value);
  return { orderId, status: 'cancelled' };
}

/** A release claim older than this belongs to a call that died (a call lives at most 60 s): it may be taken over. */
const RELEASE_CLAIM_TTL_MS = 120_000;

/**
 * Claims the release of a cancelled order: false when it is released already or another call is
 * releasing it now (a double click, the owner's cancel racing the expiry), so each unit is returned once.
 */
async function claimRelease(orderId: string, now: number): Promise<boolean> {
  const token = randomUUID();
  const { value } = await transactStored(`orders/${orderId}`, orderSchema, 'zamówienie', (cur) => {
    if (!cur || cur.status !== 'cancelled' || cur.released !== false) return KEEP;
    if (cur.releasing && now - cur.releasing.at < RELEASE_CLAIM_TTL_MS) return KEEP;
    return { ...cur, releasing: { token, at: now } };
  });
  return value?.releasing?.token === token;
}

/**
 * After the commit point of a cancellation (the order is `cancelled`, `released: false`): returns
 * its quota, stock, ticket claims and holdings, then marks it released and moves the counters.
 */
export async function finishCancellation(orderId: string, order: Order): Promise<void> {
  if (!(await claimRelease(orderId, Date.now()))) return;
  const reservations = reservationsOf(order);
  await releaseAll(order.uid, orderId, reservations);
  if (order.discount) await releaseDiscount(order.discount.code, orderId);
  // The cancellation e-mail is written with `released: true`, the update that completes a cancellation
  // (a repeated cancellation or the reservation repair completes it, message included; docs/email.md).
  const by = order.cancelReason === 'expired' ? 'expiry' : order.cancelledBy === order.uid ? 'owner' : 'admin';
  await commitWithMail(
    {
      [`orders/${orderId}/released`]: true,
      [`orders/${orderId}/releasing`]: null,
      'stats/admin/revenue/pendingGross': ServerValue.increment(-order.totals.gross),
      'stats/admin/orders/pending': ServerValue.increment(-1),
      'stats/admin/orders/cancelled': ServerValue.increment(1),
      ...discountStatsUpdates(order.discount, -1, ServerValue.increment),
    },
    await orderCancelledMail(orderId, order, by),
  );
  // The tickets given back go to the people waiting for them first (docs/waiting-list.md).
  for (const ticketTypeId of reservations.ticketTypes.keys()) await offerFreedUnits(ticketTypeId);
}
