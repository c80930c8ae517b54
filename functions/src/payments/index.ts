/**
 * Online payments (docs/payments.md): the participant's „Zapłać online”, the provider's notification,
 * and refunds through the provider. The order is booked through the same state machine and invoice
 * path as the admin's confirmation (orders/confirm.ts confirmOrderPayment), in one atomic update with
 * the payment record, so an order and its payment become paid together and exactly once.
 */
import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { onCall, onRequest } from 'firebase-functions/v2/https';
import {
  onlinePaymentSchema,
  orderSchema,
  PAYMENT_PROVIDER_ACTOR,
  refundOnlinePaymentInput,
  startOnlinePaymentInput,
  warsawDate,
  type OnlinePayment,
  type PaymentNotificationLog,
  type ProviderRefund,
  type RefundOnlinePaymentOutput,
  type StartOnlinePaymentOutput,
} from '../domain/index.js';
import { paymentSessionIdSchema } from '../domain/payments/onlinePayment.js';
import {
  checkNotification,
  checkRefundNotification,
  invoicePaymentMethodOf,
  NOTIFICATION_PROBLEM_LABELS,
  p24NotificationSchema,
  p24RefundNotificationSchema,
  type P24Notification,
  type P24RefundNotification,
} from '../domain/payments/przelewy24.js';
import { db } from '../lib/admin.js';
import { requireAdmin, requireCaller } from '../lib/caller.js';
import { isRefusal, parseInput, refuse } from '../lib/refusal.js';
import { readStored } from '../lib/stored.js';
import { transact } from '../lib/tx.js';
import { confirmOrderPayment } from '../orders/confirmation.js';
import { markCorrectionTransferred } from '../orders/refundTransfers.js';
import { p24Config, p24SecretOptions, type P24Config } from './config.js';
import { registerTransaction, verifyTransaction } from './przelewy24.js';
import { requestProviderRefund } from './refunds.js';

/** The uid recorded as `paidBy` / `issuedBy` when the provider's notification booked the order. */
const PROVIDER_ACTOR = PAYMENT_PROVIDER_ACTOR;

function requireConfig(): P24Config {
  const config = p24Config();
  if (!config) throw refuse('payment-provider-unavailable');
  return config;
}

// ---------------------------------------------------------------- the participant starts a payment

export const startOnlinePayment = onCall({ ...p24SecretOptions() }, async (request): Promise<StartOnlinePaymentOutput> => {
  const { orderId } = parseInput(startOnlinePaymentInput, request.data);
  const caller = requireCaller(request);
  const config = requireConfig();
  const order = await readStored(`orders/${orderId}`, orderSchema, `zamówienie ${orderId}`);
  if (!order || order.uid !== caller.uid) throw refuse('order-missing');
  if (order.status === 'paid') throw refuse('already-paid', { message: `Zamówienie ${order.number} jest już opłacone` });
  if (order.status === 'cancelled') throw refuse('already-cancelled', { message: `Zamówienie ${order.number} jest anulowane — nie można go opłacić` });

  const sessionId = randomUUID().replaceAll('-', '');
  const now = Date.now();
  const payment: OnlinePayment = {
    provider: 'przelewy24',
    uid: order.uid,
    orderId,
    orderNumber: order.number,
    amount: order.totals.gross,
    currency: 'PLN',
    status: 'registered',
    createdAt: now,
    token: '',
  };
  // The record exists before the provider knows the session, so no notification can find it missing.
  await db.ref(`payments/${sessionId}`).set(payment);
  try {
    const { token, redirectUrl } = await registerTransaction(config, {
      sessionId,
      amount: payment.amount,
      description: `Zamówienie ${order.number}`,
      email: order.buyer.email,
      urlReturn: `${config.appUrl}/dashboard/zamowienia?platnosc=${orderId}`,
    });
    await db.ref(`payments/${sessionId}/token`).set(token);
    return { orderId, sessionId, redirectUrl };
  } catch (error) {
    logger.error(`startOnlinePayment: registering ${sessionId} for ${order.number} failed`, error);
    await db.ref(`payments/${sessionId}`).remove();
    throw refuse('payment-provider-unavailable');
  }
});

// ---------------------------------------------------------------- notifications

type LogEntry = Omit<PaymentNotificationLog, 'at'>;
type LogBase = Omit<LogEntry, 'result'>;

async function logNotification(entry: LogEntry): Promise<void> {
  const clean = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined));
  await db.ref('paymentNotifications').push({ at: Date.now(), ...clean });
}

interface Answer { status: number; text: string }
const ok: Answer = { status: 200, text: 'OK' };

/**
 * urlStatus of every transaction and refund. Anything that is not ours, or does not add up, changes
 * nothing and is logged for the admin; a temporary failure answers 5xx so the provider sends it again.
 */
export const p24Notification = onRequest({ ...p24SecretOptions(), cors: false }, async (req, res) => {
  if (req.method !== 'POST') {
    res.status(405).send('Method Not Allowed');
    return;
  }
  const body: unknown = req.body;
  let answer: Answer;
  try {
    const config = p24Config();
    if (!config) answer = { status: 503, text: 'Not configured' };
    else if (body && typeof body === 'object' && 'refundsUuid' in body) answer = await onRefundNotification(config, body);
    else answer = await onTransactionNotification(config, body);
  } catch (error) {
    logger.error('p24Notification failed', error);
    answer = { status: 500, text: 'Error' };
  }
  res.status(answer.status).send(answer.text);
});

async function onTransactionNotification(config: P24Config, body: unknown): Promise<Answer> {
  const parsed = p24NotificationSchema.safeParse(body);
  if (!parsed.success) {
    await logNotification({ kind: 'transaction', result: 'rejected', detail: 'nieprawidłowa treść powiadomienia' });
    return { status: 400, text: 'Bad Request' };
  }
  const n = parsed.data;
  const base = { kind: 'transaction' as const, sessionId: n.sessionId.slice(0, 100), amount: n.amount, methodId: n.methodId };
  const sessionId = paymentSessionIdSchema.safeParse(n.sessionId);
  const payment = sessionId.success ? await readStored(`payments/${sessionId.data}`, onlinePaymentSchema, 'płatność') : null;
  if (!sessionId.success || !payment) {
    await logNotification({ ...base, result: 'rejected', detail: 'nieznana sesja płatności' });
    return { status: 400, text: 'Unknown session' };
  }
  const check = checkNotification(n, config, payment.amount);
  if (!check.ok) {
    await logNotification({ ...base, result: 'rejected', detail: NOTIFICATION_PROBLEM_LABELS[check.problem] });
    return { status: 400, text: 'Rejected' };
  }
  if (payment.status !== 'registered') {
    await logNotification({ ...base, result: 'duplicate', detail: `płatność już rozliczona (${payment.status})` });
    return ok;
  }
  try {
    await verifyTransaction(config, { sessionId: n.sessionId, orderId: n.orderId, amount: n.amount });
  } catch (error) {
    await logNotification({ ...base, result: 'verify-failed', detail: error instanceof Error ? error.message.slice(0, 300) : 'weryfikacja nieudana' });
    return { status: 502, text: 'Verify failed' };
  }
  return book(config, sessionId.data, payment, n, base);
}

/** The money is verified: book the order, or keep the payment as a refund candidate / return it. */
async function book(config: P24Config, sessionId: string, payment: OnlinePayment, n: P24Notification, base: LogBase): Promise<Answer> {
  const now = Date.now();
  const providerFields = { providerOrderId: n.orderId, methodId: n.methodId, statement: n.statement };
  const path = `payments/${sessionId}`;
  try {
    const confirmed = await confirmOrderPayment(payment.orderId, { uid: PROVIDER_ACTOR }, {
      paidOnline: true,
      paymentMethod: invoicePaymentMethodOf(n.methodId),
      extraUpdates: {
        [`${path}/status`]: 'paid',
        [`${path}/paidAt`]: now,
        [`${path}/providerOrderId`]: n.orderId,
        [`${path}/methodId`]: n.methodId,
        [`${path}/statement`]: n.statement,
      },
    });
    await db.ref(path).update({ invoiceNumber: confirmed.invoiceNumber, ...(confirmed.late ? { late: true } : {}) });
    await logNotification({ ...base, result: confirmed.late ? 'booked-late' : 'booked' });
    return ok;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const reason = (error.details as { reason?: string } | undefined)?.reason;
    if (reason === 'busy' || reason === 'try-again' || reason === 'maintenance') {
      await logNotification({ ...base, result: 'retry', detail: 'zamówienie jest właśnie przetwarzane' });
      return { status: 503, text: 'Busy' };
    }
    if (reason === 'already-paid') {
      const fresh = await readStored(path, onlinePaymentSchema, 'płatność');
      if (fresh?.status === 'paid') {
        await logNotification({ ...base, result: 'duplicate', detail: 'płatność już rozliczona (paid)' });
        return ok;
      }
      const kept = await settleUnbooked(path, providerFields, 'refund-candidate', 'Zamówienie było już opłacone inną wpłatą — ta wpłata jest do zwrotu');
      await logNotification({ ...base, result: kept ? 'double-payment' : 'duplicate' });
      return ok;
    }
    if (reason === 'expired-sold-out' || reason === 'already-cancelled') {
      const order = await readStored(`orders/${payment.orderId}`, orderSchema, 'zamówienie');
      if (reason === 'already-cancelled' && order?.released === false) {
        // Its cancellation is still returning what it held; the provider sends the notification again.
        await logNotification({ ...base, result: 'retry', detail: 'anulowanie zamówienia jeszcze trwa' });
        return { status: 503, text: 'Busy' };
      }
      const problem = reason === 'expired-sold-out' ? `Zamówienie ${payment.orderNumber} wygasło, a zarezerwowanych pozycji już nie ma — wpłata wraca automatycznie` : `Zamówienie ${payment.orderNumber} jest anulowane — wpłata wraca automatycznie`;
      const due = await settleUnbooked(path, providerFields, 'refund-due', problem);
      await logNotification({ ...base, result: due ? 'refund-due' : 'duplicate', detail: problem });
      if (due) {
        try {
          await requestProviderRefund(config, sessionId, { amount: payment.amount, reason: 'sold-out', by: PROVIDER_ACTOR, description: `Zwrot ${payment.orderNumber}` });
        } catch (refundError) {
          // The payment stays `refund-due`: the admin's „Płatności online” view offers the refund again.
          logger.error(`p24Notification: automatic refund of ${sessionId} failed`, refundError);
        }
      }
      return ok;
    }
    throw error;
  }
}

/** registered → refund-candidate / refund-due with the provider's data; false when someone else settled it first. */
async function settleUnbooked(path: string, providerFields: Pick<OnlinePayment, 'providerOrderId' | 'methodId' | 'statement'>, status: 'refund-candidate' | 'refund-due', problem: string): Promise<boolean> {
  let changed = false;
  await transact<OnlinePayment>(db.ref(path), (cur) => {
    changed = false;
    if (!cur || cur.status !== 'registered') return cur;
    changed = true;
    // paidAt: the verified money arrived now, whatever becomes of it (the daily sums count it).
    return { ...cur, ...providerFields, status, problem, paidAt: Date.now() };
  });
  return changed;
}

// ---------------------------------------------------------------- refunds through the provider

/** Admin: return a double payment (or retry an automatic refund that failed) through the provider. */
export const refundOnlinePayment = onCall({ ...p24SecretOptions() }, async (request): Promise<RefundOnlinePaymentOutput> => {
  const { sessionId } = parseInput(refundOnlinePaymentInput, request.data);
  const caller = requireAdmin(request);
  const config = requireConfig();
  const payment = await readStored(`payments/${sessionId}`, onlinePaymentSchema, 'płatność');
  if (!payment) throw refuse('invalid-input', { message: 'Nie ma takiej płatności' });
  if (payment.status !== 'refund-candidate' && payment.status !== 'refund-due') {
    throw refuse('invalid-input', { message: 'Zwrot całej wpłaty jest możliwy tylko dla wpłaty, której nie zaksięgowano (podwójna wpłata albo nieaktualne zamówienie). Zwrot za opłacone zamówienie idzie przez korektę.' });
  }
  try {
    const result = await requestProviderRefund(config, sessionId, { amount: payment.amount, reason: payment.status === 'refund-due' ? 'sold-out' : 'double-payment', by: caller.uid, description: `Zwrot ${payment.orderNumber}` });
    return { sessionId, ...result };
  } catch (error) {
    if (isRefusal(error)) throw error;
    logger.error(`refundOnlinePayment: ${sessionId}`, error);
    throw refuse('payment-provider-unavailable', { message: 'Operator płatności nie przyjął zwrotu — spróbuj ponownie za chwilę' });
  }
});

async function onRefundNotification(config: P24Config, body: unknown): Promise<Answer> {
  const parsed = p24RefundNotificationSchema.safeParse(body);
  if (!parsed.success) {
    await logNotification({ kind: 'refund', result: 'rejected', detail: 'nieprawidłowa treść powiadomienia o zwrocie' });
    return { status: 400, text: 'Bad Request' };
  }
  const n: P24RefundNotification = parsed.data;
  const base = { kind: 'refund' as const, sessionId: n.sessionId.slice(0, 100), amount: n.amount };
  const check = checkRefundNotification(n, config);
  const sessionId = paymentSessionIdSchema.safeParse(n.sessionId);
  const refundKey = /^[A-Za-z0-9_-]{1,64}$/.test(n.refundsUuid) ? n.refundsUuid : null;
  if (!check.ok || !sessionId.success || !refundKey) {
    await logNotification({ ...base, result: 'rejected', detail: check.ok ? 'nieznany zwrot' : NOTIFICATION_PROBLEM_LABELS[check.problem] });
    return { status: 400, text: 'Rejected' };
  }
  const path = `payments/${sessionId.data}/refunds/${refundKey}`;
  const now = Date.now();
  let refund: ProviderRefund | null = null;
  let changed = false;
  await transact<ProviderRefund>(db.ref(path), (cur) => {
    refund = cur;
    changed = false;
    if (!cur || cur.status !== 'requested' || cur.amount !== n.amount) return cur;
    changed = true;
    return n.status === 0 ? { ...cur, status: 'completed', completedAt: now } : { ...cur, status: 'rejected', completedAt: now };
  });
  const current = refund as ProviderRefund | null;
  if (!current || current.amount !== n.amount) {
    await logNotification({ ...base, result: 'rejected', detail: current ? 'kwota zwrotu inna niż zlecona' : 'nieznany zwrot' });
    return { status: 400, text: 'Rejected' };
  }
  if (!changed) {
    await logNotification({ ...base, result: 'duplicate', detail: `zwrot już rozliczony (${current.status})` });
    return ok;
  }
  await logNotification({ ...base, result: n.status === 0 ? 'refund-completed' : 'refund-rejected' });
  if (n.status === 0 && current.correctionId) {
    const payment = await readStored(`payments/${sessionId.data}`, onlinePaymentSchema, 'płatność');
    if (payment) await markCorrectionTransferred({ orderId: payment.orderId, correctionId: current.correctionId, transferredOn: warsawDate(now) }, PROVIDER_ACTOR, now, { quietIfDone: true });
  }
  return ok;
}
