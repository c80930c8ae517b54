import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { ServerValue } from 'firebase-admin/database';
import {
  buildInvoice,
  CONFIRMATION_ELSEWHERE,
  decideConfirm,
  invoiceIdFromNumber,
  eventFieldsSchema,
  orderSchema,
  PASSING_REFUSALS,
  pickupItemsOf,
  productSchema,
  sellerSchema,
  ticketTypeSchema,
  warsawDate,
  warsawYear,
  type Catalogue,
  type ConfirmPaymentOutput,
  type Invoice,
  type InvoicePaymentMethod,
  type Order,
  type Seller,
} from '../domain/index.js';
import { commitWithMail, paymentBookedMail } from '../mail/index.js';
import { ksefOutboxUpdates, ksefQueued } from '../domain/ksef/outbox.js';
import type { BankTransfer } from '../domain/bank/transfer.js';
import type { Caller } from '../lib/caller.js';
import { isRefusal, refuse, refusalFrom } from '../lib/refusal.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { reserveInvoiceNumber } from './numbering.js';
import { reserveOrderLines, runUndo, type Undo } from './reservations.js';
import { discountStatsUpdates, retakeDiscount } from './discounts.js';

/**
 * Gapless invoice numbers: lock the order → reserve the number for this order in the year counter →
 * one atomic update (order paid + invoice + pickups + stats + counter reservation removed).
 * The reasoning for every failure point is in docs/data-model.md.
 *
 * The confirmation itself, behind the admin's confirmPayment (confirm.ts), the bank statement booking
 * (bank.ts), which passes the transfer so that it is recorded on the order in the same atomic update
 * as the payment, and the online payment notification (payments/index.ts), which passes `paidOnline`,
 * the provider's method for the invoice (`paymentMethod`) and the payment record's own changes
 * (`extraUpdates`), so the order and its payment become paid together.
 */
export async function confirmOrderPayment(
  orderId: string,
  caller: Pick<Caller, 'uid'>,
  options: ConfirmationOptions = {},
): Promise<ConfirmPaymentOutput & { late: boolean }> {
  const now = Date.now();
  const seller = await readStored('event/seller', sellerSchema, 'dane sprzedawcy');
  if (!seller) throw refuse('event-missing');
  const lock = await lockForConfirmation(orderId, caller, now, options.paidOnline === true);
  return finishConfirmation(lock, { seller, caller, now, options });
}

interface ConfirmationOptions {
  bankTransfer?: BankTransfer;
  paidOnline?: boolean;
  paymentMethod?: InvoicePaymentMethod;
  extraUpdates?: Record<string, unknown>;
}

/** An order under this confirmation's lock, as it was when the lock was taken. */
interface ConfirmationLock {
  orderId: string;
  order: Order;
  year: number;
  /** Removes the lock if it is still this confirmation's. */
  unlock: () => Promise<unknown>;
  /** Renews the lock (before the number and the final update); refuses `busy` if it was taken over. */
  hold: () => Promise<unknown>;
}

/** Everything after the lock: the reinstatement of an expired order, the number, the one final update. */
export async function finishConfirmation(
  { orderId, order, year, unlock, hold }: ConfirmationLock,
  {
    seller,
    caller,
    now,
    options,
  }: { seller: Seller; caller: Pick<Caller, 'uid'>; now: number; options: ConfirmationOptions },
): Promise<ConfirmPaymentOutput & { late: boolean }> {
  // An order that expired while its transfer was on the way is booked if what it held is still
  // there: its reservations are taken again (without the sale window: it was ordered while the
  // sale was open). If they are not, nothing changes and the admin returns the money.
  const reinstating = order.status === 'cancelled';
  if (reinstating) await reinstate(orderId, order, now, unlock);

  // Only under a live lock: a number reserved after another confirmation finished the order would
  // never be issued.
  await hold();
  let number: string;
  try {
    number = await reserveInvoiceNumber(orderId, year);
  } catch (error) {
    // No number was taken (a transaction that throws did not commit): unlock so it can be retried now.
    // Reservations taken again for an expired order stay with the lock; the reservation repair
    // releases them if nobody confirms it again.
    await unlock();
    throw error;
  }

  const invoice = buildInvoice({
    number,
    orderId,
    order,
    seller,
    issuedAt: now,
    issuedBy: caller.uid,
    paidOn: options.bankTransfer?.bookingDate,
    paymentMethod: options.paymentMethod,
  });
  const updates = await paymentUpdates(orderId, order, invoice, {
    by: caller.uid,
    now,
    reinstating,
    bankTransfer: options.bankTransfer,
  });
  Object.assign(updates.updates, options.extraUpdates);
  // A company buyer's invoice (a consumer's too with the event's setting) is queued for KSeF in the same update (docs/ksef.md).
  const consumerInvoices =
    (await readStored(
      'event/ksefConsumerInvoices',
      eventFieldsSchema.shape.ksefConsumerInvoices,
      'ustawienie KSeF',
    )) === true;
  const toKsef = ksefQueued(invoice.buyer, { consumerInvoices });
  Object.assign(
    updates.updates,
    ksefOutboxUpdates({ uid: order.uid, documentId: invoiceIdFromNumber(number), buyer: invoice.buyer }, now, toKsef),
  );
  // The e-mail with the invoice is written in the same update (docs/email.md).
  const mail = await paymentBookedMail(
    orderId,
    order,
    invoice,
    invoiceIdFromNumber(number),
    updates.pickupCount,
    toKsef,
  );
  await hold();
  try {
    await commitWithMail(updates.updates, mail);
  } catch (error) {
    // Outcome unknown: the lock and the reserved number stay; confirming again after the lock
    // expires finishes with the same number.
    logger.error(`confirmPayment: final update failed for ${orderId} (${number})`, error);
    throw refuse('try-again');
  }
  return {
    orderId,
    invoiceId: invoiceIdFromNumber(number),
    invoiceNumber: number,
    pickupItems: updates.pickupCount,
    late: reinstating,
  };
}

/** Takes the order's confirmation lock if the state machine allows it (domain/orderState.ts decideConfirm). */
export async function lockForConfirmation(
  orderId: string,
  caller: Pick<Caller, 'uid'>,
  now: number,
  paidOnline: boolean,
): Promise<ConfirmationLock> {
  const token = randomUUID();
  const path = `orders/${orderId}`;
  const { value } = await transactStored(path, orderSchema, 'zamówienie', (cur) => {
    if (!cur) return null;
    const decision = decideConfirm(cur, now, { paidOnline });
    if (!decision.ok) throw refusalFrom(decision.refusal);
    return { ...cur, lock: { op: 'confirm', by: caller.uid, at: now, token, year: cur.lock?.year ?? warsawYear(now) } };
  });
  if (!value?.lock || value.lock.token !== token) throw refuse('order-missing');
  const unlock = () =>
    transactStored(path, orderSchema, 'zamówienie', (cur) => {
      if (cur?.lock?.token !== token) return KEEP;
      const { lock: _released, ...unlocked } = cur;
      return unlocked;
    });
  // The final update cannot be conditional (it spans the whole database), so the lock is renewed
  // before the steps that must not happen twice (the number, the final update): a confirmation that
  // stalled past the lock's TTL and was taken over refuses there instead of booking the payment again.
  const hold = () =>
    transactStored(path, orderSchema, 'zamówienie', (cur) => {
      if (!cur?.lock || cur.lock.token !== token) throw refusalFrom(CONFIRMATION_ELSEWHERE);
      return { ...cur, lock: { ...cur.lock, at: Date.now() } };
    });
  return { orderId, order: value, year: value.lock.year!, unlock, hold };
}

/** Takes an expired order's reservations again; if they are gone, unlocks and refuses (the admin returns the money). */
async function reinstate(orderId: string, order: Order, now: number, unlock: () => Promise<unknown>): Promise<void> {
  const undo: Undo[] = [];
  try {
    await reserveOrderLines(order.uid, orderId, Object.values(order.lines), await catalogueOf(order), now, undo, {
      checkSaleWindow: false,
    });
    await retakeDiscount(orderId, order, undo);
  } catch (error) {
    await runUndo(undo, (label, undoError) =>
      logger.error(`confirmPayment: compensation "${label}" failed for expired order ${orderId}`, undoError),
    );
    await unlock();
    // Only what says the units are gone makes the payment one to return; a passing refusal (contention,
    // a busy record) or malformed data is thrown as it is, so the payment is booked when tried again.
    const reason = isRefusal(error) ? ((error.details as { reason?: string } | undefined)?.reason ?? '') : '';
    if (isRefusal(error) && !PASSING_REFUSALS.has(reason) && reason !== 'stored-data-invalid') {
      const detail = (error.details as { message?: string } | undefined)?.message ?? error.message;
      throw refuse('expired-sold-out', {
        message: `Zamówienie ${order.number} wygasło i nie można go już opłacić: ${detail}. Zwróć wpłatę na konto nadawcy przelewu.`,
      });
    }
    throw error;
  }
}

async function catalogueOf(order: Order): Promise<Catalogue> {
  const catalogue: Catalogue = { ticketTypes: new Map(), products: new Map() };
  for (const line of Object.values(order.lines)) {
    if (line.type === 'ticket' && !catalogue.ticketTypes.has(line.ticketTypeId))
      catalogue.ticketTypes.set(
        line.ticketTypeId,
        await readStored(`ticketTypes/${line.ticketTypeId}`, ticketTypeSchema, `bilet ${line.ticketTypeId}`),
      );
    if (line.type === 'merch' && !catalogue.products.has(line.productId))
      catalogue.products.set(
        line.productId,
        await readStored(`products/${line.productId}`, productSchema, `produkt ${line.productId}`),
      );
  }
  return catalogue;
}

/** The final atomic update: order paid, invoice, ticket records, pickup items, counters, number reservation removed. */
async function paymentUpdates(
  orderId: string,
  order: Order,
  invoice: Invoice,
  {
    by,
    now,
    reinstating,
    bankTransfer,
  }: { by: string; now: number; reinstating: boolean; bankTransfer?: BankTransfer },
): Promise<{ updates: Record<string, unknown>; pickupCount: number }> {
  const invoiceId = invoiceIdFromNumber(invoice.number);
  const year = order.lock!.year!;
  const day = warsawDate(now);
  const gross = order.totals.gross;
  const updates: Record<string, unknown> = {
    [`orders/${orderId}/status`]: 'paid',
    [`orders/${orderId}/paidAt`]: now,
    [`orders/${orderId}/paidBy`]: by,
    [`orders/${orderId}/invoiceId`]: invoiceId,
    [`orders/${orderId}/invoiceNumber`]: invoice.number,
    [`orders/${orderId}/lock`]: null,
    ...(bankTransfer ? { [`orders/${orderId}/bankTransfer`]: bankTransfer } : {}),
    [`invoices/${order.uid}/${invoiceId}`]: invoice,
    [`counters/invoices/${year}/pending/${orderId}`]: null,
    'stats/admin/revenue/paidGross': ServerValue.increment(gross),
    'stats/admin/orders/paid': ServerValue.increment(1),
    ...(reinstating
      ? {
          // The expiry already took it out of the pending counters and counted it as cancelled.
          [`orders/${orderId}/cancelledAt`]: null,
          [`orders/${orderId}/cancelledBy`]: null,
          [`orders/${orderId}/cancelReason`]: null,
          [`orders/${orderId}/released`]: null,
          [`orders/${orderId}/reinstatedAt`]: now,
          [`orders/${orderId}/reinstatedBy`]: by,
          'stats/admin/orders/cancelled': ServerValue.increment(-1),
          // The expiry took the order out of its discount code's statistics; it counts again.
          ...discountStatsUpdates(order.discount, 1, ServerValue.increment),
        }
      : {
          'stats/admin/revenue/pendingGross': ServerValue.increment(-gross),
          'stats/admin/orders/pending': ServerValue.increment(-1),
        }),
    [`stats/admin/perDay/${day}/paid`]: ServerValue.increment(1),
    [`stats/admin/perDay/${day}/paidGross`]: ServerValue.increment(gross),
  };
  // Several lines can count into one path (two tickets of one type for two people, one variant for
  // two people): the counts are summed per path, as two increments of one path in one update would
  // keep only the last.
  const paidCounts = new Map<string, number>();
  const countPaid = (path: string, n: number) => paidCounts.set(path, (paidCounts.get(path) ?? 0) + n);
  for (const l of Object.values(order.lines)) {
    if (l.type === 'ticket') {
      updates[`tickets/${order.uid}/${l.memberId}/${l.ticketTypeId}`] = { orderId, status: 'paid' };
      countPaid(`stats/admin/ticketTypes/${l.ticketTypeId}/paid`, 1);
    } else {
      countPaid(`stats/admin/variants/${l.productId}/${l.variantId}/paid`, l.quantity);
    }
  }
  for (const [path, n] of paidCounts) updates[path] = ServerValue.increment(n);
  const pickupLabels = new Map<string, string | undefined>();
  for (const l of Object.values(order.lines)) {
    if (l.type === 'ticket' && !pickupLabels.has(l.ticketTypeId))
      pickupLabels.set(
        l.ticketTypeId,
        (await readStored(`ticketTypes/${l.ticketTypeId}`, ticketTypeSchema, `bilet ${l.ticketTypeId}`))?.pickupLabel,
      );
  }
  const { pickups, ticketCount } = pickupItemsOf(orderId, order, (id) => pickupLabels.get(id), now);
  for (const [key, item] of Object.entries(pickups)) updates[`pickups/${order.uid}/${key}`] = item;
  const pickupCount = Object.keys(pickups).length;
  if (ticketCount) updates['stats/public/ticketsPaid'] = ServerValue.increment(ticketCount);
  if (pickupCount) updates['stats/admin/pickups/total'] = ServerValue.increment(pickupCount);
  return { updates, pickupCount };
}
