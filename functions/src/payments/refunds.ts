/**
 * Refunds through the provider (docs/payments.md, "Refunds"): of a payment that was not booked
 * (double payment, an order that could not be reinstated) and of a correction of an order paid online.
 * Kept apart from payments/index.ts so refunds.ts can use it without an import cycle.
 */
import { z } from 'zod';
import {
  onlinePaymentSchema,
  paymentSessionIdSchema,
  providerRefundKey,
  providerRefundSchema,
  type ProviderRefund,
} from '../domain/index.js';
import { db } from '../lib/admin.js';
import { refuse } from '../lib/refusal.js';
import { parseStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { p24Config, type P24Config } from './config.js';
import { refundRefusalLabel } from '../domain/payments/przelewy24.js';
import { RefundRefusedError, refundTransaction } from './przelewy24.js';

/**
 * Records the refund under the payment (fixed key per cause, so a repeat is the same refund) and asks
 * the provider for it. The refund notification marks it completed (and, for a correction, transferred).
 */
export async function requestProviderRefund(
  config: P24Config,
  sessionId: string,
  r: { amount: number; reason: ProviderRefund['reason']; correctionId?: string; by: string; description: string },
): Promise<{ refundId: string; status: ProviderRefund['status'] }> {
  const refundId = providerRefundKey(sessionId, { correctionId: r.correctionId });
  // Asked again after the provider refused it: the provider does not take the same refundsUuid twice.
  let askedAgain = false;
  const { value: payment } = await transactStored(`payments/${sessionId}`, onlinePaymentSchema, 'płatność', (cur) => {
    if (!cur) throw refuse('invalid-input', { message: 'Nie ma takiej płatności' });
    if (!cur.providerOrderId || cur.status === 'registered')
      throw refuse('invalid-input', {
        message: 'Ta płatność nie została zaksięgowana u operatora — nie ma czego zwracać',
      });
    const existing = cur.refunds?.[refundId];
    // The same cause asked again: the refund already recorded (its request to the provider is repeated below).
    if (existing && existing.status !== 'rejected') return KEEP;
    askedAgain = existing?.status === 'rejected';
    const taken = Object.entries(cur.refunds ?? {})
      .filter(([id, x]) => id !== refundId && x.status !== 'rejected')
      .reduce((sum, [, x]) => sum + x.amount, 0);
    if (taken + r.amount > cur.amount) throw refuse('invalid-input', { message: 'Kwota zwrotu przekracza wpłatę' });
    const refund: ProviderRefund = {
      amount: r.amount,
      reason: r.reason,
      ...(r.correctionId ? { correctionId: r.correctionId } : {}),
      status: 'requested',
      requestedAt: Date.now(),
      requestedBy: r.by,
    };
    return { ...cur, refunds: { ...cur.refunds, [refundId]: refund } };
  });
  const providerOrderId = payment?.providerOrderId;
  if (!providerOrderId) throw refuse('invalid-input', { message: 'Nie ma takiej płatności' });
  if (payment.refunds?.[refundId]?.status === 'completed') return { refundId, status: 'completed' };
  let answer: 'requested' | 'repeat';
  try {
    answer = await refundTransaction(config, {
      refundsUuid: refundId,
      sessionId,
      orderId: providerOrderId,
      amount: r.amount,
      description: r.description,
    });
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) throw error;
    await markRefundRejected(sessionId, refundId);
    throw refuse('payment-provider-refused', {
      message: `Operator płatności odrzucił zwrot (${refundRefusalLabel(error.reason)}) — zwróć pieniądze przelewem`,
    });
  }
  if (answer === 'repeat' && askedAgain) {
    await markRefundRejected(sessionId, refundId);
    throw refuse('payment-provider-refused', {
      message: 'Operator płatności nie przyjmuje ponownie odrzuconego zwrotu — zwróć pieniądze przelewem',
    });
  }
  return { refundId, status: 'requested' };
}

/** A refund the provider will not make: `rejected`, so nobody waits for its notification. */
async function markRefundRejected(sessionId: string, refundId: string): Promise<void> {
  await transactStored(
    `payments/${sessionId}/refunds/${refundId}`,
    providerRefundSchema,
    'zwrot przez operatora',
    (cur) => (cur?.status === 'requested' ? { ...cur, status: 'rejected', completedAt: Date.now() } : KEEP),
  );
}

/**
 * The provider's refund of this correction, when one is asked for or made: a transfer by hand on top of
 * it would return the money twice (markRefundTransferred refuses then). A refused one does not count.
 */
export async function onlineRefundOfCorrection(orderId: string, correctionId: string): Promise<ProviderRefund | null> {
  for (const [sessionId, payment] of Object.entries(await orderPayments(orderId))) {
    const refund = payment.refunds?.[providerRefundKey(sessionId, { correctionId })];
    if (refund && refund.status !== 'rejected') return refund;
  }
  return null;
}

const orderPaymentsSchema = z.record(paymentSessionIdSchema, onlinePaymentSchema);

/** The online payments of one order, as the `orderId` index finds them under `/payments`. */
async function orderPayments(orderId: string): Promise<z.output<typeof orderPaymentsSchema>> {
  const found: unknown = (await db.ref('payments').orderByChild('orderId').equalTo(orderId).get()).val();
  return parseStored(orderPaymentsSchema, found ?? {}, 'payments', `płatności zamówienia ${orderId}`);
}

/**
 * After a correction of an order paid online (refunds.ts), its amount goes back through the provider.
 * Returns false when the order was not paid online (the admin transfers the money as before).
 */
export async function refundCorrectionOnline(
  orderId: string,
  correctionId: string,
  amount: number,
  by: string,
): Promise<boolean> {
  const entries = Object.entries(await orderPayments(orderId)).filter(([, p]) => p.status === 'paid');
  if (!entries.length || amount <= 0) return false;
  const config = p24Config();
  if (!config) return false;
  const [sessionId, payment] = entries[0];
  await requestProviderRefund(config, sessionId, {
    amount,
    reason: 'correction',
    correctionId,
    by,
    description: `Korekta ${payment.orderNumber}`,
  });
  return true;
}
