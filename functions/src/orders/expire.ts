import { logger } from 'firebase-functions/v2';
import { onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import {
  cancelledOrder,
  eventFieldsSchema,
  expireUnpaidOrdersInput,
  isPastPaymentDeadline,
  orderSchema,
  parseWith,
  paymentDaysOf,
  shouldExpire,
  type ExpireUnpaidOrdersOutput,
  type Order,
  type RefusalDetails,
} from '../domain/index.js';
import { db } from '../lib/admin.js';
import { requireAdmin } from '../lib/caller.js';
import { isRefusal, parseInput } from '../lib/refusal.js';
import { readStored } from '../lib/stored.js';
import { CALL_BUDGET_MS, RUN_BUDGET_MS, RUN_TIMEOUT_SECONDS, timeBudget } from '../lib/timeBudget.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { finishCancellation } from './cancellation.js';
import { expireWaitingOffers } from './waitingOffers.js';

/**
 * Cancels every pending order whose payment deadline has passed and returns what it reserved. One
 * function for the three ways it runs: the production schedule, the admin's button on the orders
 * tab and the local stack's interval (scheduled functions do not run in the emulators here).
 * Each order is cancelled by its own transaction, so a concurrent payment confirmation (which locks
 * the order first) or cancellation wins cleanly, and running it twice expires nothing twice.
 * `by` is the admin who ran it; absent when the schedule did.
 */
async function expireUnpaidOrdersNow(now: number, budgetMs: number, by?: string): Promise<ExpireUnpaidOrdersOutput> {
  // Each order's release and e-mail take a real SMTP round trip in production: stop starting new ones in time.
  const budget = timeBudget(budgetMs);
  const paymentDays = paymentDaysOf({
    paymentDays: await readStored('event/paymentDays', eventFieldsSchema.shape.paymentDays, 'termin płatności'),
  });
  const pending = ((await db.ref('orders').orderByChild('status').equalTo('pending').get()).val() ?? {}) as Record<
    string,
    unknown
  >;
  const expired: string[] = [];
  const malformed = new Set<string>();
  let left = 0;
  for (const [orderId, value] of Object.entries(pending)) {
    const candidate = parseWith(orderSchema, value);
    if (!candidate.ok) malformed.add(orderId);
    if (!candidate.ok || !isPastPaymentDeadline(candidate.data, now, paymentDays)) continue;
    if (budget.spent()) {
      left += 1;
      continue;
    }
    const cancelled = await expireOne(orderId, now, paymentDays, by);
    if (cancelled === 'malformed') malformed.add(orderId);
    if (!cancelled || cancelled === 'malformed') continue;
    try {
      await finishCancellation(orderId, cancelled);
    } catch (error) {
      // The order stays `released: false`: the reservation repair (or the owner's cancel) completes it.
      logger.error(`expireUnpaidOrders: release failed for ${orderId}`, error);
    }
    expired.push(cancelled.number);
  }
  if (malformed.size) logger.error('expireUnpaidOrders: malformed orders left pending', { orderIds: [...malformed] });
  if (expired.length || left) logger.info('expireUnpaidOrders', { by: by ?? 'schedule', expired, left });
  // The same run passes waiting-list offers whose time is up to the next in line (docs/waiting-list.md).
  if (!budget.spent()) await expireWaitingOffers(now);
  return { checked: Object.keys(pending).length, expired, left };
}

/** Cancels one order if it should expire; `malformed`: left alone, as expiring it would release what nobody can tell it holds. */
async function expireOne(
  orderId: string,
  now: number,
  paymentDays: number,
  by?: string,
): Promise<Order | 'malformed' | null> {
  try {
    const { written, value } = await transactStored(`orders/${orderId}`, orderSchema, 'zamówienie', (cur) => {
      if (!cur) return null;
      // A payment confirmation under way wins: its transfer arrived in time to be booked.
      return shouldExpire(cur, now, paymentDays) ? cancelledOrder(cur, now, { uid: by, reason: 'expired' }) : KEEP;
    });
    return written && value?.status === 'cancelled' ? value : null;
  } catch (error) {
    if (isRefusal(error) && (error.details as RefusalDetails | undefined)?.reason === 'stored-data-invalid')
      return 'malformed';
    throw error;
  }
}

export const expireUnpaidOrders = onCall(async (request): Promise<ExpireUnpaidOrdersOutput> => {
  parseInput(expireUnpaidOrdersInput, request.data);
  const caller = requireAdmin(request);
  return expireUnpaidOrdersNow(Date.now(), CALL_BUDGET_MS, caller.uid);
});

/**
 * Production: every 15 minutes (Europe/Warsaw). Not loaded by the local emulators (no Pub/Sub). Deadlines end
 * with a Warsaw day, so a day's unpaid orders all fall due in one run: it gets the long timeout.
 */
export const expireUnpaidOrdersScheduled = onSchedule(
  { schedule: 'every 15 minutes', timeZone: 'Europe/Warsaw', timeoutSeconds: RUN_TIMEOUT_SECONDS },
  async () => {
    await expireUnpaidOrdersNow(Date.now(), RUN_BUDGET_MS);
  },
);
