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
  type Product,
  type TicketType,
  ticketLineName,
} from '../domain/index.js';
import { db } from '../lib/admin.js';
import type { BankTransfer } from '../domain/bank/transfer.js';
import { requireAdmin, type Caller } from '../lib/caller.js';
import { isRefusal, parseInput, refuse } from '../lib/refusal.js';
import { transact } from '../lib/tx.js';
import { reserveOrderLines, runUndo, type Catalogue, type Undo } from './reservations.js';

/** An order that expired unpaid (and returned what it held) can still be booked when its transfer arrives. */
function isReinstatable(order: Order): boolean {
  return order.status === 'cancelled' && order.cancelReason === 'expired' && order.released === true;
}

async function catalogueOf(order: Order): Promise<Catalogue> {
  const catalogue: Catalogue = { ticketTypes: new Map(), products: new Map() };
  for (const line of Object.values(order.lines)) {
    if (line.type === 'ticket' && !catalogue.ticketTypes.has(line.ticketTypeId)) catalogue.ticketTypes.set(line.ticketTypeId, (await db.ref(`ticketTypes/${line.ticketTypeId}`).get()).val() as TicketType | null);
    if (line.type === 'merch' && !catalogue.products.has(line.productId)) catalogue.products.set(line.productId, (await db.ref(`products/${line.productId}`).get()).val() as Product | null);
  }
  return catalogue;
}

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
  return confirmOrderPayment(orderId, requireAdmin(request));
});

/**
 * The confirmation itself, shared with the bank statement booking (bank.ts), which passes the
 * transfer so that it is recorded on the order in the same atomic update as the payment.
 */
export async function confirmOrderPayment(orderId: string, caller: Pick<Caller, 'uid'>, options: { bankTransfer?: BankTransfer } = {}): Promise<ConfirmPaymentOutput> {
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
    else if (cur.status === 'cancelled' && !isReinstatable(cur)) why = refuse('already-cancelled', { message: `Zamówienie ${cur.number} jest anulowane` });
    else if (cur.lock && now - cur.lock.at < CONFIRM_LOCK_TTL_MS) why = refuse('busy', { message: 'Płatność za to zamówienie jest właśnie potwierdzana' });
    if (why) return undefined;
    return { ...cur, lock: { op: 'confirm', by: caller.uid, at: now, token, year: cur.lock?.year ?? warsawYear(now) } };
  });
  if (why) throw why;
  if (!order?.lock || order.lock.token !== token) throw refuse('order-missing');
  const year = order.lock.year!;
  const unlock = () =>
    transact<Order>(orderRef, (cur) => {
      if (cur?.lock?.token !== token) return cur;
      const { lock: _released, ...unlocked } = cur;
      return unlocked as Order;
    });

  // An order that expired while its transfer was on the way is booked if what it held is still
  // there: its reservations are taken again (without the sale window: it was ordered while the
  // sale was open). If they are not, nothing changes and the admin returns the money.
  const reinstating = order.status === 'cancelled';
  if (reinstating) {
    const undo: Undo[] = [];
    try {
      await reserveOrderLines(order.uid, orderId, Object.values(order.lines), await catalogueOf(order), now, undo, { checkSaleWindow: false });
    } catch (error) {
      await runUndo(undo, (label, undoError) => logger.error(`confirmPayment: compensation "${label}" failed for expired order ${orderId}`, undoError));
      await unlock();
      if (isRefusal(error)) {
        const detail = (error.details as { message?: string } | undefined)?.message ?? error.message;
        throw refuse('expired-sold-out', { message: `Zamówienie ${order.number} wygasło i nie można go już opłacić: ${detail}. Zwróć wpłatę na konto nadawcy przelewu.` });
      }
      throw error;
    }
  }

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
    // Reservations taken again for an expired order stay with the lock; the reservation repair
    // releases them if nobody confirms it again.
    await unlock();
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
        const name = l.type === 'ticket' ? ticketLineName(l.name, l.memberName) : `${l.name} (${l.variantLabel})`;
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
    ...(options.bankTransfer ? { [`orders/${orderId}/bankTransfer`]: options.bankTransfer } : {}),
    [`invoices/${order.uid}/${invoiceId}`]: invoice,
    [`counters/invoices/${year}/pending/${orderId}`]: null,
    'stats/admin/revenue/paidGross': ServerValue.increment(order.totals.gross),
    'stats/admin/orders/paid': ServerValue.increment(1),
    ...(reinstating
      ? {
          // The expiry already took it out of the pending counters and counted it as cancelled.
          [`orders/${orderId}/cancelledAt`]: null,
          [`orders/${orderId}/cancelledBy`]: null,
          [`orders/${orderId}/cancelReason`]: null,
          [`orders/${orderId}/released`]: null,
          [`orders/${orderId}/reinstatedAt`]: now,
          [`orders/${orderId}/reinstatedBy`]: caller.uid,
          'stats/admin/orders/cancelled': ServerValue.increment(-1),
        }
      : {
          'stats/admin/revenue/pendingGross': ServerValue.increment(-order.totals.gross),
          'stats/admin/orders/pending': ServerValue.increment(-1),
        }),
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
}
