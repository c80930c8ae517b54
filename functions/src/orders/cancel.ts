import { onCall } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import { cancelOrderInput, checkTransition, type Actor, type CancelOrderOutput, type Order } from '../domain/index.js';
import { db } from '../lib/admin.js';
import { requireCaller, type Caller } from '../lib/caller.js';
import { parseInput, refuse } from '../lib/refusal.js';
import { transact } from '../lib/tx.js';
import { releaseAll, reservationsOf } from './reservations.js';

/**
 * Commit point: the transaction that flips the order to cancelled. Returning quota and stock comes
 * after it; `released: false` marks an order whose release has not finished, so calling again
 * completes it (see docs/data-model.md).
 */
export async function cancelOrderAs(caller: Caller, orderId: string): Promise<CancelOrderOutput> {
  const now = Date.now();
  let why: ReturnType<typeof refuse> | null = null;
  let resume = false;
  const { committed, value } = await transact<Order>(db.ref(`orders/${orderId}`), (cur) => {
    why = null;
    resume = false;
    if (!cur) return null;
    const actors: Actor[] = [cur.uid === caller.uid ? 'owner' : 'other'];
    if (caller.admin) actors.push('admin');
    const check = checkTransition('cancel', cur.status, actors);
    if (!check.ok) {
      if (check.reason === 'forbidden') why = refuse('order-missing');
      else if (check.reason === 'already-cancelled' && cur.released === false) resume = true;
      else if (check.reason === 'already-paid') why = refuse('already-paid', { message: `Zamówienie ${cur.number} jest już opłacone — nie można go anulować` });
      else why = refuse('already-cancelled', { message: `Zamówienie ${cur.number} jest już anulowane` });
      return undefined;
    }
    if (cur.lock) {
      why = refuse('busy', { message: 'Płatność za to zamówienie jest właśnie potwierdzana — nie można go anulować' });
      return undefined;
    }
    return { ...cur, status: 'cancelled', cancelledAt: now, cancelledBy: caller.uid, released: false };
  });
  if (why) throw why;
  if (!value) throw refuse('order-missing');
  if (!committed && !resume) throw refuse('order-missing');

  await finishCancellation(orderId, value);
  return { orderId, status: 'cancelled' };
}

/**
 * After the commit point of a cancellation (the order is `cancelled`, `released: false`): returns
 * its quota, stock, ticket claims and holdings, then marks it released and moves the counters.
 */
export async function finishCancellation(orderId: string, order: Order): Promise<void> {
  await releaseAll(order.uid, orderId, reservationsOf(order));
  await db.ref().update({
    [`orders/${orderId}/released`]: true,
    'stats/admin/revenue/pendingGross': ServerValue.increment(-order.totals.gross),
    'stats/admin/orders/pending': ServerValue.increment(-1),
    'stats/admin/orders/cancelled': ServerValue.increment(1),
  });
}

export const cancelOrder = onCall(async (request) => {
  const input = parseInput(cancelOrderInput, request.data);
  const caller = requireCaller(request);
  return cancelOrderAs(caller, input.orderId);
});
