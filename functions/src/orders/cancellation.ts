import { randomUUID } from 'node:crypto';
import { ServerValue } from 'firebase-admin/database';
import { cancelledOrder, decideCancel, orderSchema, type CancelOrderOutput, type Order } from '../domain/index.js';
import { commitWithMail, orderCancelledMail } from '../mail/index.js';
import type { Caller } from '../lib/caller.js';
import { refuse, refusalFrom } from '../lib/refusal.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { Increments } from '../lib/increments.js';
import { givenBackUnitsChanges, tidyHoldings } from './reservations.js';
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
 * Claims the release of a cancelled order: the claim's token, or null when it is released already or
 * another call is releasing it now (a double click, the owner's cancel racing the expiry).
 */
async function claimRelease(orderId: string, now: number): Promise<string | null> {
  const token = randomUUID();
  const { value } = await transactStored(`orders/${orderId}`, orderSchema, 'zamówienie', (cur) => {
    if (!cur || cur.status !== 'cancelled' || cur.released !== false) return KEEP;
    if (cur.releasing && now - cur.releasing.at < RELEASE_CLAIM_TTL_MS) return KEEP;
    return { ...cur, releasing: { token, at: now } };
  });
  return value?.releasing?.token === token ? token : null;
}

/**
 * Renews the claim right before the release's update: false when a call that stalled past the
 * claim's TTL was taken over (the update spans the database and cannot be conditional).
 */
async function stillReleasing(orderId: string, token: string): Promise<boolean> {
  const { value } = await transactStored(`orders/${orderId}`, orderSchema, 'zamówienie', (cur) =>
    cur?.releasing?.token === token ? { ...cur, releasing: { token, at: Date.now() } } : KEEP,
  );
  return value?.releasing?.token === token;
}

/**
 * After the commit point of a cancellation (the order is `cancelled`, `released: false`): gives back
 * its quota, stock, ticket claims and holdings in the one update that marks it released and moves the
 * counters, so each unit is returned once even when a release fails half-way and is repeated.
 */
export async function finishCancellation(orderId: string, order: Order): Promise<void> {
  const token = await claimRelease(orderId, Date.now());
  if (!token) return;
  try {
    await releaseOnce(orderId, order, token);
  } catch (error) {
    // Nothing was given back (the update is whole or not at all; a code's uses are kept per order):
    // the claim goes, so calling again completes the release now rather than after its TTL.
    await transactStored(`orders/${orderId}`, orderSchema, 'zamówienie', (cur) => {
      if (cur?.releasing?.token !== token) return KEEP;
      const { releasing: _dropped, ...rest } = cur;
      return rest;
    });
    throw error;
  }
}

async function releaseOnce(orderId: string, order: Order, token: string): Promise<void> {
  const updates: Record<string, unknown> = {
    [`orders/${orderId}/released`]: true,
    [`orders/${orderId}/releasing`]: null,
    'stats/admin/revenue/pendingGross': ServerValue.increment(-order.totals.gross),
    'stats/admin/orders/pending': ServerValue.increment(-1),
    'stats/admin/orders/cancelled': ServerValue.increment(1),
    ...discountStatsUpdates(order.discount, -1, ServerValue.increment),
  };
  const increments = new Increments();
  const units = Object.entries(order.lines).map(([lineId, line]) => ({ lineId, quantity: line.quantity }));
  await givenBackUnitsChanges(orderId, order, units, increments, updates);
  increments.into(updates);
  // A code's uses are kept per order, so giving them back again changes nothing.
  if (order.discount) await releaseDiscount(order.discount.code, orderId);
  // The cancellation e-mail is written with `released: true`, the update that completes a cancellation
  // (a repeated cancellation or the reservation repair completes it, message included; docs/email.md).
  const by = order.cancelReason === 'expired' ? 'expiry' : order.cancelledBy === order.uid ? 'owner' : 'admin';
  const mail = await orderCancelledMail(orderId, order, by);
  if (!(await stillReleasing(orderId, token))) return;
  // The tickets given back go to the people waiting for them first (docs/waiting-list.md), offered
  // right after the update, not after the e-mail's SMTP round trip, while buyers could take them.
  await commitWithMail(updates, mail, async () => {
    for (const ticketTypeId of new Set(ticketTypesOf(order))) await offerFreedUnits(ticketTypeId);
  });
  await tidyHoldings(order.uid);
}

function ticketTypesOf(order: Order): string[] {
  return Object.values(order.lines).flatMap((line) => (line.type === 'ticket' ? [line.ticketTypeId] : []));
}
