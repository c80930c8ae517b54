/**
 * Online payments (docs/payments.md): the record of one provider transaction at
 * `/payments/{sessionId}`, written only by the functions, and what a verified notification does to it.
 *
 *   registered ──notification, verified──▶ paid             (the order was confirmed in the same update)
 *              └──────────────────────────▶ refund-candidate (the order was already paid another way)
 *              └──────────────────────────▶ refund-due       (the order expired or was cancelled and its
 *                                                            units are gone: returned automatically)
 *   paid / refund-candidate / refund-due ──refund via the provider──▶ refunds/{refundsUuid}: requested → completed | rejected
 */
import { z } from 'zod';
import { keySchema, timestampSchema, uidSchema } from '../schemas.js';

/**
 * Our session id for a transaction (the payment record's key): 32 lower-case hex characters made by
 * the server, so a notification's sessionId that passes this format is safe as a database key.
 */
export const paymentSessionIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'Nieprawidłowy identyfikator płatności');

export const PAYMENT_PROVIDERS = ['przelewy24'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const ONLINE_PAYMENT_STATUSES = ['registered', 'paid', 'refund-candidate', 'refund-due'] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

export const ONLINE_PAYMENT_STATUS_LABELS: Record<OnlinePaymentStatus, string> = {
  registered: 'rozpoczęta',
  paid: 'opłacona',
  'refund-candidate': 'do zwrotu (podwójna wpłata)',
  'refund-due': 'zwracana (zamówienie nieaktualne)',
};

export const PROVIDER_REFUND_STATUS_LABELS = { requested: 'zlecony', completed: 'zwrócony', rejected: 'odrzucony' } as const;

export const providerRefundSchema = z.strictObject({
  amount: z.int().min(1),
  reason: z.enum(['sold-out', 'double-payment', 'correction']),
  /** The correction (refunds/{orderId}/corrections/{id}) this refund pays out. */
  correctionId: keySchema.optional(),
  status: z.enum(['requested', 'completed', 'rejected']),
  requestedAt: timestampSchema,
  requestedBy: uidSchema,
  completedAt: timestampSchema.optional(),
});
export type ProviderRefund = z.output<typeof providerRefundSchema>;

export const onlinePaymentSchema = z.strictObject({
  provider: z.enum(PAYMENT_PROVIDERS),
  uid: uidSchema,
  orderId: keySchema,
  orderNumber: z.string(),
  /** Grosze, the order's total when the transaction was registered. */
  amount: z.int().min(1),
  currency: z.literal('PLN'),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  createdAt: timestampSchema,
  /** The provider's token of the payment window (…/trnRequest/{token}). */
  token: z.string().max(100),
  /** The provider's own transaction number, known from the notification on. */
  providerOrderId: z.int().optional(),
  methodId: z.int().optional(),
  statement: z.string().optional(),
  /** When the verified notification was booked. */
  paidAt: timestampSchema.optional(),
  /** Whether the order was booked after its payment deadline (reinstated). */
  late: z.boolean().optional(),
  invoiceNumber: z.string().optional(),
  /** Why the money is not kept, in Polish, for the admin. */
  problem: z.string().optional(),
  refunds: z.record(keySchema, providerRefundSchema).optional(),
});
export type OnlinePayment = z.output<typeof onlinePaymentSchema>;

/** One notification as received, for the admin's view (`/paymentNotifications/{pushId}`). */
export const paymentNotificationLogSchema = z.strictObject({
  at: timestampSchema,
  kind: z.enum(['transaction', 'refund']),
  sessionId: z.string().optional(),
  result: z.enum(['booked', 'booked-late', 'duplicate', 'double-payment', 'refund-due', 'refund-completed', 'refund-rejected', 'rejected', 'verify-failed', 'retry']),
  /** Polish explanation of a rejection. */
  detail: z.string().optional(),
  amount: z.int().optional(),
  methodId: z.int().optional(),
});
export type PaymentNotificationLog = z.output<typeof paymentNotificationLogSchema>;

/** What the participant's order page shows about its online payments. */
export type OrderPaymentState = 'none' | 'in-progress' | 'paid';

/**
 * A payment started less than this long ago and not yet notified is shown as „Płatność w toku…”;
 * after it, the order offers both ways to pay again (the provider's window has a time limit of its own).
 */
export const PAYMENT_IN_PROGRESS_MS = 15 * 60_000;

export function orderPaymentState(payments: readonly Pick<OnlinePayment, 'orderId' | 'status' | 'createdAt'>[], orderId: string, now: number): OrderPaymentState {
  const mine = payments.filter((p) => p.orderId === orderId);
  if (mine.some((p) => p.status === 'paid')) return 'paid';
  if (mine.some((p) => p.status === 'registered' && now - p.createdAt < PAYMENT_IN_PROGRESS_MS)) return 'in-progress';
  return 'none';
}

/** The refund key the provider gets as `refundsUuid`, fixed per cause so a repeated request is the same refund. */
export function providerRefundKey(sessionId: string, cause: { correctionId?: string }): string {
  return cause.correctionId ? `k-${cause.correctionId}`.slice(0, 64) : `z-${sessionId}`;
}

/** Amount of one day's booked online payments, for the comparison with the provider's settlement. */
export function dailyOnlineTotals(payments: readonly Pick<OnlinePayment, 'status' | 'paidAt' | 'amount' | 'refunds'>[], dayOf: (ms: number) => string): { day: string; count: number; gross: number; refunded: number }[] {
  const days = new Map<string, { day: string; count: number; gross: number; refunded: number }>();
  for (const p of payments) {
    if (p.paidAt === undefined) continue;
    const day = dayOf(p.paidAt);
    const entry = days.get(day) ?? { day, count: 0, gross: 0, refunded: 0 };
    entry.count += 1;
    entry.gross += p.amount;
    for (const r of Object.values(p.refunds ?? {})) if (r.status === 'completed') entry.refunded += r.amount;
    days.set(day, entry);
  }
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}
