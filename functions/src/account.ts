import { onCall } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import { z } from 'zod';
import {
  countryCodeSchema,
  deleteMyAccountInput,
  isCancellable,
  keySchema,
  orderSchema,
  pickupCodeSchema,
  type DeleteMyAccountOutput,
} from './domain/index.js';
import { auth, db } from './lib/admin.js';
import { requireCaller, type Caller } from './lib/caller.js';
import { isRefusal, parseInput } from './lib/refusal.js';
import { parseStored, readStored } from './lib/stored.js';
import { cancelOrderAs } from './orders/cancellation.js';
import { removeAccountFromWaitingLists } from './orders/waitingOffers.js';
import { pickupSearchRebuild } from './lib/pickupSearch.js';

/**
 * Removes the account: the orders that can still be cancelled are cancelled first (returning quota,
 * stock and code uses): pending ones, and those a discount code paid in full while nothing of them
 * was handed out — the person's tickets and items go with the account, so what they held goes back.
 * Then the personal data goes in one atomic update, then the Auth user. Invoices and the orders
 * behind them stay — accounting law requires keeping them.
 */
// Deletion reads only what it needs from the stored records (the other fields are not its concern, so
// an odd value there never keeps anyone from leaving); these must be well-formed.
const ownOrdersSchema = z.record(
  keySchema,
  z.object({
    status: orderSchema.shape.status,
    released: orderSchema.shape.released,
    paidBy: orderSchema.shape.paidBy,
    invoiceId: orderSchema.shape.invoiceId,
  }),
);
const profileKeysSchema = z.object({ pickupCode: pickupCodeSchema, country: countryCodeSchema });

export const deleteMyAccount = onCall(async (request): Promise<DeleteMyAccountOutput> => {
  parseInput(deleteMyAccountInput, request.data);
  const caller = requireCaller(request);
  const uid = caller.uid;

  const orders = parseStored(
    ownOrdersSchema,
    (await db.ref('orders').orderByChild('uid').equalTo(uid).get()).val() ?? {},
    'orders',
    'zamówienia konta',
  );
  let cancelled = 0;
  for (const [orderId, order] of Object.entries(orders)) {
    if (isCancellable(order)) {
      if (await cancelIfStillCancellable(caller, orderId)) cancelled++;
    } else if (order.status === 'cancelled' && order.released === false) {
      await cancelOrderAs({ ...caller, admin: false }, orderId);
    }
  }

  await removeAccountFromWaitingLists(uid);
  const profile = await readStored(`profiles/${uid}`, profileKeysSchema, 'profil');
  const updates: Record<string, unknown> = {
    ...(await pickupSearchRebuild(uid, null)),
    [`profiles/${uid}`]: null,
    [`members/${uid}`]: null,
    [`baskets/${uid}`]: null,
    [`basketClaims/${uid}`]: null,
    [`tickets/${uid}`]: null,
    [`pickups/${uid}`]: null,
    [`pickupDirectory/${uid}`]: null,
    [`pickupLocks/${uid}`]: null,
    [`roles/${uid}`]: null,
    [`idempotency/${uid}`]: null,
  };
  if (profile) {
    updates[`pickupCodes/${profile.pickupCode}`] = null;
    updates['stats/public/accounts'] = ServerValue.increment(-1);
    updates[`stats/admin/byCountry/${profile.country}`] = ServerValue.increment(-1);
  }
  await db.ref().update(updates);
  try {
    await auth.deleteUser(uid);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
  return { deleted: true, cancelledOrders: cancelled };
});

/** Refusals that mean the order moved on after it was read; it then stays as it is now. */
const MOVED_ON = new Set(['already-paid', 'already-picked', 'already-cancelled']);

/**
 * Cancels one of the leaver's orders; false when it moved on meanwhile — paid by a transfer, items of
 * an order a discount code paid handed out (those stay the person's, like a paid order), or cancelled.
 */
async function cancelIfStillCancellable(caller: Caller, orderId: string): Promise<boolean> {
  try {
    await cancelOrderAs({ ...caller, admin: false }, orderId);
    return true;
  } catch (error) {
    const reason = isRefusal(error) ? (error.details as { reason?: string } | undefined)?.reason : undefined;
    if (reason && MOVED_ON.has(reason)) return false;
    throw error;
  }
}
