import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { onCall } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import {
  amountInWords,
  computeLine,
  confirmPaymentInput,
  formatInvoiceNumber,
  invoiceIdFromNumber,
  VAT_METHOD_NOTE,
  warsawDate,
  warsawYear,
  type ConfirmPaymentOutput,
  type EventSettings,
  type Invoice,
  type Order,
  type PickupItem,
  type TicketType,
} from '../domain/index.js';
import { db } from '../lib/admin.js';
import { requireAdmin } from '../lib/caller.js';
import { parseInput, refuse } from '../lib/refusal.js';
import { transact } from '../lib/tx.js';

/** A confirmation lock older than this belongs to a crashed confirmation and may be taken over. */
export const CONFIRM_LOCK_TTL_MS = 60_000;

interface InvoiceCounter { last: number; pending?: Record<string, number> }

/**
 * Gapless invoice numbers: lock the order → reserve the number for this order in the year counter →
 * one atomic update (order paid + invoice + pickups + stats + counter reservation removed).
 * The reasoning for every failure point is in docs/data-model.md.
 */
export const confirmPayment = onCall(async (request): Promise<ConfirmPaymentOutput> => {
  const { orderId } = parseInput(confirmPaymentInput, request.data);
  const caller = requireAdmin(request);
  const now = Date.now();

  const event = (await db.ref('event').get()).val() as EventSettings | null;
  if (!event?.seller) throw refuse('event-missing');

  const token = randomUUID();
  const orderRef = db.ref(`orders/${orderId}`);
  let why: ReturnType<typeof refuse> | null = null;
  const { value: order } = await transact<Order>(orderRef, (cur) => {
    why = null;
    if (!cur) return null;
    if (cur.status === 'paid') why = refuse('already-paid', { message: `Zamówienie ${cur.number} jest już opłacone (faktura ${cur.invoiceNumber ?? ''})`.trim() });
    else if (cur.status === 'cancelled') why = refuse('already-cancelled', { message: `Zamówienie ${cur.number} jest anulowane` });
    else if (cur.lock && now - cur.lock.at < CONFIRM_LOCK_TTL_MS) why = refuse('busy', { message: 'Płatność za to zamówienie jest właśnie potwierdzana' });
    if (why) return undefined;
    return { ...cur, lock: { op: 'confirm', by: caller.uid, at: now, token, year: cur.lock?.year ?? warsawYear(now) } };
  });
  if (why) throw why;
  if (!order?.lock || order.lock.token !== token) throw refuse('order-missing');
  const year = order.lock.year!;

  let sequence = 0;
  try {
    await transact<InvoiceCounter>(db.ref(`counters/invoices/${year}`), (cur) => {
      const counter = cur ?? { last: 0 };
      const reserved = counter.pending?.[orderId];
      if (reserved) {
        sequence = reserved;
        return counter;
      }
      sequence = counter.last + 1;
      return { last: sequence, pending: { ...counter.pending, [orderId]: sequence } };
    });
  } catch (error) {
    // No number was taken (a transaction that throws did not commit): unlock so it can be retried now.
    await transact<Order>(orderRef, (cur) => {
      if (cur?.lock?.token !== token) return cur;
      const { lock: _released, ...unlocked } = cur;
      return unlocked as Order;
    });
    throw error;
  }

  const number = formatInvoiceNumber(year, sequence);
  const invoiceId = invoiceIdFromNumber(number);
  const issueDate = warsawDate(now);
  const lineEntries = Object.entries(order.lines);

  const invoice: Invoice = {
    number,
    uid: order.uid,
    orderId,
    orderNumber: order.number,
    issueDate,
    saleDate: issueDate,
    issuePlace: event.seller.city,
    issuedAt: now,
    issuedBy: caller.uid,
    seller: event.seller,
    buyer: order.buyer.invoice,
    lines: Object.fromEntries(
      lineEntries.map(([lineId, l]) => {
        const a = computeLine(l);
        const name = l.type === 'ticket' ? `Bilet „${l.name}” — ${l.memberName}` : `${l.name} (${l.variantLabel})`;
        return [lineId, { name, unit: 'szt.' as const, quantity: a.quantity, unitNet: a.unitNet, unitGross: a.unitGross, vatRate: a.vatRate, net: a.net, vat: a.vat, gross: a.gross }];
      }),
    ),
    totals: order.totals,
    amountInWords: amountInWords(order.totals.gross),
    paymentMethod: 'przelew',
    paid: order.totals.gross,
    vatMethod: VAT_METHOD_NOTE,
  };

  const updates: Record<string, unknown> = {
    [`orders/${orderId}/status`]: 'paid',
    [`orders/${orderId}/paidAt`]: now,
    [`orders/${orderId}/paidBy`]: caller.uid,
    [`orders/${orderId}/invoiceId`]: invoiceId,
    [`orders/${orderId}/invoiceNumber`]: number,
    [`orders/${orderId}/lock`]: null,
    [`invoices/${order.uid}/${invoiceId}`]: invoice,
    [`counters/invoices/${year}/pending/${orderId}`]: null,
    'stats/admin/revenue/pendingGross': ServerValue.increment(-order.totals.gross),
    'stats/admin/revenue/paidGross': ServerValue.increment(order.totals.gross),
    'stats/admin/orders/pending': ServerValue.increment(-1),
    'stats/admin/orders/paid': ServerValue.increment(1),
    [`stats/admin/perDay/${issueDate}/paid`]: ServerValue.increment(1),
    [`stats/admin/perDay/${issueDate}/paidGross`]: ServerValue.increment(order.totals.gross),
  };
  let pickupCount = 0;
  let ticketCount = 0;
  const ticketTypes = new Map<string, TicketType | null>();
  for (const [lineId, l] of lineEntries) {
    const base: Omit<PickupItem, 'label'> = { orderId, quantity: l.quantity, status: 'waiting', createdAt: now, ...(l.memberId ? { memberId: l.memberId, memberName: l.memberName } : {}) };
    if (l.type === 'ticket') {
      ticketCount++;
      updates[`tickets/${order.uid}/${l.memberId}/${l.ticketTypeId}`] = { orderId, status: 'paid' };
      updates[`stats/admin/ticketTypes/${l.ticketTypeId}/paid`] = ServerValue.increment(1);
      if (!ticketTypes.has(l.ticketTypeId)) ticketTypes.set(l.ticketTypeId, (await db.ref(`ticketTypes/${l.ticketTypeId}`).get()).val() as TicketType | null);
      const label = ticketTypes.get(l.ticketTypeId)?.pickupLabel;
      if (label) {
        updates[`pickups/${order.uid}/${orderId}-${lineId}`] = { ...base, label: `${label} — ${l.name}`, ticketTypeId: l.ticketTypeId };
        pickupCount++;
      }
    } else {
      updates[`stats/admin/variants/${l.productId}/${l.variantId}/paid`] = ServerValue.increment(l.quantity);
      updates[`pickups/${order.uid}/${orderId}-${lineId}`] = { ...base, label: `${l.name} (${l.variantLabel})`, productId: l.productId, variantId: l.variantId };
      pickupCount++;
    }
  }
  if (ticketCount) updates['stats/public/ticketsPaid'] = ServerValue.increment(ticketCount);
  if (pickupCount) updates['stats/admin/pickups/total'] = ServerValue.increment(pickupCount);

  try {
    await db.ref().update(updates);
  } catch (error) {
    // Outcome unknown: the lock and the reserved number stay; confirming again after the lock
    // expires finishes with the same number.
    logger.error(`confirmPayment: final update failed for ${orderId} (${number})`, error);
    throw refuse('try-again');
  }
  return { orderId, invoiceId, invoiceNumber: number, pickupItems: pickupCount };
});
