import { randomUUID } from 'node:crypto';
import { ServerValue } from 'firebase-admin/database';
import { z } from 'zod';
import {
  anyHandedOut,
  cancelledOrder,
  decideCancel,
  isPaidByDiscount,
  orderSchema,
  pickupItemSchema,
  type CancelOrderOutput,
  type Order,
  type PickupItem,
} from '../domain/index.js';
import { commitWithMail, orderCancelledMail } from '../mail/index.js';
import type { Caller } from '../lib/caller.js';
import { withPickupLock } from '../lib/pickupLock.js';
import { refuse, refusalFrom } from '../lib/refusal.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { Increments } from '../lib/increments.js';
import { givenBackUnitsChanges, tidyHoldings } from './reservations.js';
import { discountStatsUpdates, releaseDiscount } from './discounts.js';
import { settlementReversalChanges } from './settledByDiscount.js';
import { offerFreedUnits } from './waitingOffers.js';

type Pickups = Record<string, PickupItem>;

/**
 * Commit point: the transaction that flips the order to cancelled (domain/orderState.ts decides).
 * Returning quota and stock comes after it; `released: false` marks an order whose release has not
 * finished, so calling again completes it (see docs/data-model.md).
 *
 * An order a discount code paid has pickup items: it is decided on them and released holding the
 * person's hand-out lock (/pickupLocks/{uid}, as handOutPickupItems does), so no item is handed out
 * between the check that none was and the release's update that removes them.
 */
export async function cancelOrderAs(caller: Caller, orderId: string): Promise<CancelOrderOutput> {
  const first = await commitCancellation(caller, orderId, null);
  if (first.kind === 'done') return { orderId, status: 'cancelled' };
  return withPickupLock(first.uid, caller.uid, async () => {
    const pickups =
      (await readStored(`pickups/${first.uid}`, z.record(z.string(), pickupItemSchema), 'pozycje do odbioru')) ?? {};
    const second = await commitCancellation(caller, orderId, pickups);
    if (second.kind !== 'done') throw refuse('busy');
    return { orderId, status: 'cancelled' as const };
  });
}

/**
 * The commit point's transaction, and the release after it. `pickups`: the person's pickup items as
 * read under their hand-out lock, or null when it is not held — then an order a discount code paid is
 * left as it is, and the answer asks for the lock.
 */
async function commitCancellation(
  caller: Caller,
  orderId: string,
  pickups: Pickups | null,
): Promise<{ kind: 'done' } | { kind: 'pickups-needed'; uid: string }> {
  const now = Date.now();
  let resume = false;
  let pickupsNeeded = false;
  const known = pickups ? { handedOut: anyHandedOut(orderId, pickups) } : undefined;
  const { written, value } = await transactStored(`orders/${orderId}`, orderSchema, 'zamówienie', (cur) => {
    resume = false;
    pickupsNeeded = false;
    if (!cur) return null;
    const decision = decideCancel(cur, caller, known);
    if (decision.ok) return cancelledOrder(cur, now, { uid: caller.uid });
    if ('refusal' in decision) throw refusalFrom(decision.refusal);
    if ('pickupsNeeded' in decision) pickupsNeeded = true;
    else resume = true;
    return KEEP;
  });
  if (!value || (!written && !resume && !pickupsNeeded)) throw refuse('order-missing');
  if (pickupsNeeded) return { kind: 'pickups-needed', uid: value.uid };

  await finishCancellation(orderId, value, pickups ?? undefined);
  return { kind: 'done' };
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
 * `pickups`: for an order a discount code paid, the person's pickup items read under their hand-out
 * lock (held until this returns); its waiting items go in the same update.
 */
export async function finishCancellation(orderId: string, order: Order, pickups?: Pickups): Promise<void> {
  if (isPaidByDiscount(order) && !pickups)
    throw new Error(`finishCancellation: order ${orderId} was paid by a discount code; its pickup items are needed`);
  const token = await claimRelease(orderId, Date.now());
  if (!token) return;
  try {
    await releaseOnce(orderId, order, token, pickups ?? {});
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

async function releaseOnce(orderId: string, order: Order, token: string, pickups: Pickups): Promise<void> {
  const paidByDiscount = isPaidByDiscount(order);
  const updates: Record<string, unknown> = {
    [`orders/${orderId}/released`]: true,
    [`orders/${orderId}/releasing`]: null,
    // An order a discount code paid was never pending: what its settlement counted goes back below.
    ...(paidByDiscount
      ? {}
      : {
          'stats/admin/revenue/pendingGross': ServerValue.increment(-order.totals.gross),
          'stats/admin/orders/pending': ServerValue.increment(-1),
        }),
    'stats/admin/orders/cancelled': ServerValue.increment(1),
    ...discountStatsUpdates(order.discount, -1, ServerValue.increment),
  };
  const increments = new Increments();
  if (paidByDiscount) settlementReversalChanges(orderId, order, pickups, increments, updates);
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
