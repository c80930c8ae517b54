import { logger } from 'firebase-functions/v2';
import { onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { expireUnpaidOrdersInput, isPastPaymentDeadline, paymentDaysOf, type ExpireUnpaidOrdersOutput, type Order } from '../domain/index.js';
import { db } from '../lib/admin.js';
import { requireAdmin } from '../lib/caller.js';
import { parseInput } from '../lib/refusal.js';
import { transact } from '../lib/tx.js';
import { CONFIRM_LOCK_TTL_MS } from './confirm.js';
import { finishCancellation } from './cancel.js';

/**
 * Cancels every pending order whose payment deadline has passed and returns what it reserved. One
 * function for the three ways it runs: the production schedule, the admin's button on the orders
 * tab and the local stack's interval (scheduled functions do not run in the emulators here).
 * Each order is cancelled by its own transaction, so a concurrent payment confirmation (which locks
 * the order first) or cancellation wins cleanly, and running it twice expires nothing twice.
 * `by` is the admin who ran it; absent when the schedule did.
 */
export async function expireUnpaidOrdersNow(now: number, by?: string): Promise<ExpireUnpaidOrdersOutput> {
  const paymentDays = paymentDaysOf({ paymentDays: (await db.ref('event/paymentDays').get()).val() as number | null });
  const pending = ((await db.ref('orders').orderByChild('status').equalTo('pending').get()).val() ?? {}) as Record<string, Order>;
  const expired: string[] = [];
  for (const [orderId, candidate] of Object.entries(pending)) {
    if (!isPastPaymentDeadline(candidate, now, paymentDays)) continue;
    const { committed, value } = await transact<Order>(db.ref(`orders/${orderId}`), (cur) => {
      if (!cur) return null;
      if (!isPastPaymentDeadline(cur, now, paymentDays)) return undefined;
      // A payment confirmation under way wins: its transfer arrived in time to be booked.
      if (cur.lock && now - cur.lock.at < CONFIRM_LOCK_TTL_MS) return undefined;
      return { ...cur, status: 'cancelled', cancelledAt: now, ...(by ? { cancelledBy: by } : {}), cancelReason: 'expired', released: false };
    });
    if (!committed || !value || value.status !== 'cancelled') continue;
    try {
      await finishCancellation(orderId, value);
    } catch (error) {
      // The order stays `released: false`: the reservation repair (or the owner's cancel) completes it.
      logger.error(`expireUnpaidOrders: release failed for ${orderId}`, error);
    }
    expired.push(value.number);
  }
  if (expired.length) logger.info('expireUnpaidOrders', { by: by ?? 'schedule', expired });
  return { checked: Object.keys(pending).length, expired };
}

export const expireUnpaidOrders = onCall(async (request): Promise<ExpireUnpaidOrdersOutput> => {
  parseInput(expireUnpaidOrdersInput, request.data);
  const caller = requireAdmin(request);
  return expireUnpaidOrdersNow(Date.now(), caller.uid);
});

/** Production: every 15 minutes (Europe/Warsaw). Not loaded by the local emulators (no Pub/Sub). */
export const expireUnpaidOrdersScheduled = onSchedule({ schedule: 'every 15 minutes', timeZone: 'Europe/Warsaw' }, async () => {
  await expireUnpaidOrdersNow(Date.now());
});
