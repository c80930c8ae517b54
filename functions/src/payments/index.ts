/**
 * Online payments (docs/payments.md): the participant's „Zapłać online”, the provider's notification,
 * and refunds through the provider. The order is booked through the same state machine and invoice
 * path as the admin's confirmation (orders/confirm.ts confirmOrderPayment), in one atomic update with
 * the payment record, so an order and its payment become paid together and exactly once.
 */
import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { onCall, onRequest, type HttpsError } from 'firebase-functions/v2/https';
import {
  onlinePaymentSchema,
  orderSchema,
  providerRefundSchema,
  unbookedOutcome,
  PAYMENT_PROVIDER_ACTOR,
  refundOnlinePaymentInput,
  startOnlinePaymentInput,
  warsawDate,
  type OnlinePayment,
  type PaymentNotificationLog,
  type RefundOnlinePaymentOutput,
  type StartOnlinePaymentOutput,
} from '../domain/index.js';
import { paymentSessionIdSchema } from '../domain/payments/onlinePayment.js';
import {
  checkNotification,
  checkRefundNotification,
  invoicePaymentMethodOf,
  NOTIFICATION_PROBLEM_LABELS,
  P24_EMAIL_MAX_LENGTH,
  p24NotificationSchema,
  p24RefundNotificationSchema,
  type P24Notification,
  type P24RefundNotification,
} from '../domain/payments/przelewy24.js';
import { db } from '../lib/admin.js';
import { requireAdmin, requireCaller } from '../lib/caller.js';
import { isRefusal, parseInput, refuse } from '../lib/refusal.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
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

export const startOnlinePayment = onCall(
  { ...p24SecretOptions() },
  async (request): Promise<StartOnlinePaymentOutput> => {
    const { orderId } = parseInput(startOnlinePaymentInput, request.data);
    const caller = requireCaller(request);
    const config = requireConfig();
    const order = await readStored(`orders/${orderId}`, orderSchema, `zamówienie ${orderId}`);
    if (!order || order.uid !== caller.uid) throw refuse('order-missing');
    if (order.status === 'paid')
      throw refuse('already-paid', { message: `Zamówienie ${order.number} jest już opłacone` });
    if (order.status === 'cancelled')
      throw refuse('already-cancelled', {
        message: `Zamówienie ${order.number} jest anulowane — nie można go opłacić`,
      });
    if (order.buyer.email.length > P24_EMAIL_MAX_LENGTH)
      throw refuse('payment-provider-unavailable', {
        message: `Operator płatności przyjmuje adres e-mail najwyżej ${P24_EMAIL_MAX_LENGTH}-znakowy, a ten jest dłuższy — zapłać przelewem tradycyjnym`,
      });

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
  },
);

// ---------------------------------------------------------------- notifications

type LogEntry = Omit<PaymentNotificationLog, 'at'>;
type LogBase = Omit<LogEntry, 'result'>;

async function logNotification(entry: LogEntry): Promise<void> {
  const clean = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined));
  await db.ref('paymentNotifications').push({ at: Date.now(), ...clean });
}

interface Answer {
  status: number;
  text: string;
}
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
    else if (body && typeof body === 'object' && 'refundsUuid' in body)
      answer = await onRefundNotification(config, body);
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
  const base = {
    kind: 'transaction' as const,
    sessionId: n.sessionId.slice(0, 100),
    amount: n.amount,
    methodId: n.methodId,
  };
  const sessionId = paymentSessionIdSchema.safeParse(n.sessionId);
  const payment = sessionId.success
    ? await readStored(`payments/${sessionId.data}`, onlinePaymentSchema, 'płatność')
    : null;
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
    await logNotification({
      ...base,
      result: 'verify-failed',
      detail: error instanceof Error ? error.message.slice(0, 300) : 'weryfikacja nieudana',
    });
    return { status: 502, text: 'Verify failed' };
  }
  return book(config, sessionId.data, payment, n, base);
}

/**
 * The money is verified: book the order through the admin's confirmation path (lock → decide in the
 * domain → one update, orders/confirmation.ts), with the payment record in the same update. When the
 * confirmation refuses, the domain decides what becomes of the money (`unbookedOutcome`).
 */
async function book(
  config: P24Config,
  sessionId: string,
  payment: OnlinePayment,
  n: P24Notification,
  base: LogBase,
): Promise<Answer> {
  const path = `payments/${sessionId}`;
  let confirmed: Awaited<ReturnType<typeof confirmOrderPayment>>;
  try {
    confirmed = await confirmOrderPayment(
      payment.orderId,
      { uid: PROVIDER_ACTOR },
      {
        paidOnline: true,
        paymentMethod: invoicePaymentMethodOf(n.methodId),
        extraUpdates: paidUpdates(path, n, Date.now()),
      },
    );
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return settleRefused(config, sessionId, payment, n, base, error);
  }
  await db.ref(path).update({ invoiceNumber: confirmed.invoiceNumber, ...(confirmed.late ? { late: true } : {}) });
  await logNotification({ ...base, result: confirmed.late ? 'booked-late' : 'booked' });
  return ok;
}

/** The payment record's part of the booking's atomic update. */
function paidUpdates(path: string, n: P24Notification, now: number): Record<string, unknown> {
  return {
    [`${path}/status`]: 'paid',
    [`${path}/paidAt`]: now,
    [`${path}/providerOrderId`]: n.orderId,
    [`${path}/methodId`]: n.methodId,
    [`${path}/statement`]: n.statement,
  };
}

/** The confirmation refused: read what the decision needs, let the domain decide, act on it. */
async function settleRefused(
  config: P24Config,
  sessionId: string,
  payment: OnlinePayment,
  n: P24Notification,
  base: LogBase,
  refusal: HttpsError,
): Promise<Answer> {
  const path = `payments/${sessionId}`;
  const reason = (refusal.details as { reason?: string } | undefined)?.reason;
  const facts =
    reason === 'already-paid'
      ? { paymentStatus: (await readStored(path, onlinePaymentSchema, 'płatność'))?.status }
      : reason === 'already-cancelled'
        ? { orderReleased: (await readStored(`orders/${payment.orderId}`, orderSchema, 'zamówienie'))?.released }
        : {};
  const outcome = unbookedOutcome(reason, facts);
  const providerFields = { providerOrderId: n.orderId, methodId: n.methodId, statement: n.statement };
  switch (outcome) {
    case 'retry': {
      const detail =
        reason === 'already-cancelled' ? 'anulowanie zamówienia jeszcze trwa' : 'zamówienie jest właśnie przetwarzane';
      await logNotification({ ...base, result: 'retry', detail });
      return { status: 503, text: 'Busy' };
    }
    case 'duplicate':
      await logNotification({ ...base, result: 'duplicate', detail: 'płatność już rozliczona (paid)' });
      return ok;
    case 'refund-candidate': {
      const kept = await settleUnbooked(
        path,
        providerFields,
        'refund-candidate',
        'Zamówienie było już opłacone inną wpłatą — ta wpłata jest do zwrotu',
      );
      await logNotification({ ...base, result: kept ? 'double-payment' : 'duplicate' });
      return ok;
    }
    case 'refund-due':
      return returnAtOnce(config, sessionId, payment, providerFields, base, reason === 'expired-sold-out');
    case 'unexpected':
      throw refusal;
  }
}

/** The order is gone for good: keep the payment as `refund-due` and ask the provider to return it. */
async function returnAtOnce(
  config: P24Config,
  sessionId: string,
  payment: OnlinePayment,
  providerFields: ProviderFields,
  base: LogBase,
  soldOut: boolean,
): Promise<Answer> {
  const problem = soldOut
    ? `Zamówienie ${payment.orderNumber} wygasło, a zarezerwowanych pozycji już nie ma — wpłata wraca automatycznie`
    : `Zamówienie ${payment.orderNumber} jest anulowane — wpłata wraca automatycznie`;
  const due = await settleUnbooked(`payments/${sessionId}`, providerFields, 'refund-due', problem);
  await logNotification({ ...base, result: due ? 'refund-due' : 'duplicate', detail: problem });
  if (!due) return ok;
  try {
    await requestProviderRefund(config, sessionId, {
      amount: payment.amount,
      reason: 'sold-out',
      by: PROVIDER_ACTOR,
      description: `Zwrot ${payment.orderNumber}`,
    });
  } catch (refundError) {
    // The payment stays `refund-due`: the admin's „Płatności online” view offers the refund again.
    logger.error(`p24Notification: automatic refund of ${sessionId} failed`, refundError);
  }
  return ok;
}

type ProviderFields = Pick<OnlinePayment, 'providerOrderId' | 'methodId' | 'statement'>;

/** registered → refund-candidate / refund-due with the provider's data; false when someone else settled it first. */
async function settleUnbooked(
  path: string,
  providerFields: ProviderFields,
  status: 'refund-candidate' | 'refund-due',
  problem: string,
): Promise<boolean> {
  const { written } = await transactStored(path, onlinePaymentSchema, 'płatność', (cur) => {
    if (!cur || cur.status !== 'registered') return KEEP;
    // paidAt: the verified money arrived now, whatever becomes of it (the daily sums count it).
    return { ...cur, ...providerFields, status, problem, paidAt: Date.now() };
  });
  return written;
}

// ---------------------------------------------------------------- refunds through the provider

/** Admin: return a double payment (or retry an automatic refund that failed) through the provider. */
export const refundOnlinePayment = onCall(
  { ...p24SecretOptions() },
  async (request): Promise<RefundOnlinePaymentOutput> => {
    const { sessionId } = parseInput(refundOnlinePaymentInput, request.data);
    const caller = requireAdmin(request);
    const config = requireConfig();
    const payment = await readStored(`payments/${sessionId}`, onlinePaymentSchema, 'płatność');
    if (!payment) throw refuse('invalid-input', { message: 'Nie ma takiej płatności' });
    if (payment.status !== 'refund-candidate' && payment.status !== 'refund-due') {
      throw refuse('invalid-input', {
        message:
          'Zwrot całej wpłaty jest możliwy tylko dla wpłaty, której nie zaksięgowano (podwójna wpłata albo nieaktualne zamówienie). Zwrot za opłacone zamówienie idzie przez korektę.',
      });
    }
    try {
      const result = await requestProviderRefund(config, sessionId, {
        amount: payment.amount,
        reason: payment.status === 'refund-due' ? 'sold-out' : 'double-payment',
        by: caller.uid,
        description: `Zwrot ${payment.orderNumber}`,
      });
      return { sessionId, ...result };
    } catch (error) {
      if (isRefusal(error)) throw error;
      logger.error(`refundOnlinePayment: ${sessionId}`, error);
      throw refuse('payment-provider-unavailable', {
        message: 'Operator płatności nie przyjął zwrotu — spróbuj ponownie za chwilę',
      });
    }
  },
);

async function onRefundNotification(config: P24Config, body: unknown): Promise<Answer> {
  const parsed = p24RefundNotificationSchema.safeParse(body);
  if (!parsed.success) {
    await logNotification({
      kind: 'refund',
      result: 'rejected',
      detail: 'nieprawidłowa treść powiadomienia o zwrocie',
    });
    return { status: 400, text: 'Bad Request' };
  }
  const n: P24RefundNotification = parsed.data;
  const base = { kind: 'refund' as const, sessionId: n.sessionId.slice(0, 100), amount: n.amount };
  const check = checkRefundNotification(n, config);
  const sessionId = paymentSessionIdSchema.safeParse(n.sessionId);
  const refundKey = /^[A-Za-z0-9_-]{1,64}$/.test(n.refundsUuid) ? n.refundsUuid : null;
  if (!check.ok || !sessionId.success || !refundKey) {
    await logNotification({
      ...base,
      result: 'rejected',
      detail: check.ok ? 'nieznany zwrot' : NOTIFICATION_PROBLEM_LABELS[check.problem],
    });
    return { status: 400, text: 'Rejected' };
  }
  const path = `payments/${sessionId.data}/refunds/${refundKey}`;
  const now = Date.now();
  const { written: changed, value: current } = await transactStored(
    path,
    providerRefundSchema,
    'zwrot przez operatora',
    (cur) => {
      if (!cur || cur.status !== 'requested' || cur.amount !== n.amount) return KEEP;
      return { ...cur, status: n.status === 0 ? 'completed' : 'rejected', completedAt: now };
    },
  );
  if (!current || current.amount !== n.amount) {
    await logNotification({
      ...base,
      result: 'rejected',
      detail: current ? 'kwota zwrotu inna niż zlecona' : 'nieznany zwrot',
    });
    return { status: 400, text: 'Rejected' };
  }
  if (!changed) {
    await logNotification({ ...base, result: 'duplicate', detail: `zwrot już rozliczony (${current.status})` });
    return ok;
  }
  await logNotification({ ...base, result: n.status === 0 ? 'refund-completed' : 'refund-rejected' });
  if (n.status === 0 && current.correctionId) {
    const payment = await readStored(`payments/${sessionId.data}`, onlinePaymentSchema, 'płatność');
    if (payment)
      await markCorrectionTransferred(
        { orderId: payment.orderId, correctionId: current.correctionId, transferredOn: warsawDate(now) },
        PROVIDER_ACTOR,
        now,
        { quietIfDone: true },
      );
  }
  return ok;
}
