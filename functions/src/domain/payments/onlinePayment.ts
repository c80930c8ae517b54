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
import { z } from 'zod/mini';
import { keySchema, timestampSchema, uidSchema } from '../schemas.js';
import { PASSING_REFUSALS } from '../errors.js';

/**
 * Our session id for a transaction (the payment record's key): 32 lower-case hex characters made by
 * the server, so a notification's sessionId that passes this format is safe as a database key.
 */
export const paymentSessionIdSchema = z
  .string()
  .check(z.regex(/^[0-9a-f]{32}$/, 'Nieprawidłowy identyfikator płatności'));

const PAYMENT_PROVIDERS = ['przelewy24'] as const;

/**
 * The uid recorded as the order's `paidBy` (and a correction's `transferredBy`) when the provider's
 * notification booked the payment (or completed the refund): an order paid online gets its refunds
 * back through the provider, to the account or card the money came from.
 */
export const PAYMENT_PROVIDER_ACTOR = 'przelewy24';

export function paidThroughProvider(order: { paidBy?: string }): boolean {
  return order.paidBy === PAYMENT_PROVIDER_ACTOR;
}

const ONLINE_PAYMENT_STATUSES = ['registered', 'paid', 'refund-candidate', 'refund-due'] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

export const ONLINE_PAYMENT_STATUS_LABELS: Record<OnlinePaymentStatus, string> = {
  registered: 'rozpoczęta',
  paid: 'opłacona',
  'refund-candidate': 'do zwrotu (podwójna wpłata)',
  'refund-due': 'zwracana (zamówienie nieaktualne)',
};

export const PROVIDER_REFUND_STATUS_LABELS = {
  requested: 'zlecony',
  completed: 'zwrócony',
  rejected: 'odrzucony',
} as const;

export const providerRefundSchema = z.strictObject({
  amount: z.int().check(z.gte(1)),
  reason: z.enum(['sold-out', 'double-payment', 'correction']),
  /** The correction (refunds/{orderId}/corrections/{id}) this refund pays out. */
  correctionId: z.optional(keySchema),
  status: z.enum(['requested', 'completed', 'rejected']),
  requestedAt: timestampSchema,
  requestedBy: uidSchema,
  completedAt: z.optional(timestampSchema),
});
export type ProviderRefund = z.output<typeof providerRefundSchema>;

export const onlinePaymentSchema = z.strictObject({
  provider: z.enum(PAYMENT_PROVIDERS),
  uid: uidSchema,
  orderId: keySchema,
  orderNumber: z.string(),
  /** Grosze, the order's total when the transaction was registered. */
  amount: z.int().check(z.gte(1)),
  currency: z.literal('PLN'),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  createdAt: timestampSchema,
  /** The provider's token of the payment window (…/trnRequest/{token}). */
  token: z.string().check(z.maxLength(100)),
  /** The provider's own transaction number, known from the notification on. */
  providerOrderId: z.optional(z.int()),
  methodId: z.optional(z.int()),
  statement: z.optional(z.string()),
  /** When the verified money arrived (the notification was booked, or kept for a refund). */
  paidAt: z.optional(timestampSchema),
  /** Whether the order was booked after its payment deadline (reinstated). */
  late: z.optional(z.boolean()),
  invoiceNumber: z.optional(z.string()),
  /** Why the money is not kept, in Polish, for the admin. */
  problem: z.optional(z.string()),
  refunds: z.optional(z.record(keySchema, providerRefundSchema)),
});
export type OnlinePayment = z.output<typeof onlinePaymentSchema>;

/** One notification as received, for the admin's view (`/paymentNotifications/{pushId}`). */
export const paymentNotificationLogSchema = z.strictObject({
  at: timestampSchema,
  kind: z.enum(['transaction', 'refund']),
  sessionId: z.optional(z.string()),
  result: z.enum([
    'booked',
    'booked-late',
    'duplicate',
    'double-payment',
    'refund-due',
    'refund-completed',
    'refund-rejected',
    'rejected',
    'verify-failed',
    'retry',
  ]),
  /** Polish explanation of a rejection. */
  detail: z.optional(z.string()),
  amount: z.optional(z.int()),
  methodId: z.optional(z.int()),
});
export type PaymentNotificationLog = z.output<typeof paymentNotificationLogSchema>;

/** How the admin's view names each outcome of a notification. */
export const NOTIFICATION_RESULT_LABELS: Record<PaymentNotificationLog['result'], string> = {
  booked: 'zaksięgowana',
  'booked-late': 'zaksięgowana po terminie',
  duplicate: 'powtórzenie — bez zmian',
  'double-payment': 'podwójna wpłata — do zwrotu',
  'refund-due': 'zamówienie nieaktualne — zwrot',
  'refund-completed': 'zwrot wykonany',
  'refund-rejected': 'zwrot odrzucony',
  rejected: 'odrzucona',
  'verify-failed': 'weryfikacja nieudana',
  retry: 'ponowiona później',
};

/** Outcomes the organiser should look at: nothing was booked, or something did not add up. */
export const NOTIFICATION_RESULTS_TO_CHECK: ReadonlySet<PaymentNotificationLog['result']> = new Set([
  'rejected',
  'verify-failed',
  'double-payment',
  'refund-due',
  'refund-rejected',
]);

/**
 * Where the return of a payment that was not booked stands (null for a booked or unfinished one):
 * `open` — nobody asked the provider yet, or it refused; `requested`; `completed`.
 */
export function unbookedRefundState(
  sessionId: string,
  p: Pick<OnlinePayment, 'status' | 'refunds'>,
): 'open' | 'requested' | 'completed' | null {
  if (p.status !== 'refund-candidate' && p.status !== 'refund-due') return null;
  const refund = p.refunds?.[providerRefundKey(sessionId, {})];
  if (!refund || refund.status === 'rejected') return 'open';
  return refund.status;
}

/** What the participant's order page shows about its online payments. */
type OrderPaymentState = 'none' | 'in-progress' | 'paid';

/**
 * A payment started less than this long ago and not yet notified is shown as „Płatność w toku…”;
 * after it, the order offers both ways to pay again (the provider's window has a time limit of its own).
 */
export const PAYMENT_IN_PROGRESS_MS = 15 * 60_000;

export function orderPaymentState(
  payments: readonly Pick<OnlinePayment, 'orderId' | 'status' | 'createdAt'>[],
  orderId: string,
  now: number,
): OrderPaymentState {
  const mine = payments.filter((p) => p.orderId === orderId);
  if (mine.some((p) => p.status === 'paid')) return 'paid';
  if (mine.some((p) => p.status === 'registered' && now - p.createdAt < PAYMENT_IN_PROGRESS_MS)) return 'in-progress';
  return 'none';
}

/** The refund key the provider gets as `refundsUuid`, fixed per cause so a repeated request is the same refund. */
export function providerRefundKey(sessionId: string, cause: { correctionId?: string }): string {
  return cause.correctionId ? `k-${cause.correctionId}`.slice(0, 64) : `z-${sessionId}`;
}

/** One Warsaw day of online money: what the provider's daily settlement should show. */
export interface DailyOnlineTotal {
  day: string;
  /** Verified payments that arrived that day (booked, double payments, payments of orders gone). */
  count: number;
  gross: number;
  /** Refunds the provider completed that day. */
  refunded: number;
  /** gross − refunded: what stays with the organiser from that day, before the provider's fees. */
  net: number;
}

/**
 * Per day, every verified payment (`paidAt`: whatever became of it, the money came through the
 * provider) and every refund the provider completed (by its `completedAt`), newest day first.
 */
export function dailyOnlineTotals(
  payments: readonly Pick<OnlinePayment, 'paidAt' | 'amount' | 'refunds'>[],
  dayOf: (ms: number) => string,
): DailyOnlineTotal[] {
  const days = new Map<string, DailyOnlineTotal>();
  const entry = (ms: number) => {
    const day = dayOf(ms);
    const found = days.get(day) ?? { day, count: 0, gross: 0, refunded: 0, net: 0 };
    days.set(day, found);
    return found;
  };
  for (const p of payments) {
    if (p.paidAt === undefined) continue;
    const paid = entry(p.paidAt);
    paid.count += 1;
    paid.gross += p.amount;
    paid.net += p.amount;
    for (const r of Object.values(p.refunds ?? {})) {
      if (r.status !== 'completed') continue;
      const refunded = entry(r.completedAt ?? p.paidAt);
      refunded.refunded += r.amount;
      refunded.net -= r.amount;
    }
  }
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}

/**
 * What a verified notification does when the order's confirmation refused it (payments/index.ts):
 * - `retry`: the order is being worked on (its lock, contention, maintenance, or its cancellation is
 *   still returning what it held) — answered 503, and the provider sends the notification again;
 * - `duplicate`: this very payment booked the order already (a repeat that lost the race);
 * - `refund-candidate`: the order was paid another way — the money waits for the admin's refund;
 * - `refund-due`: the order expired or was cancelled and its units are gone — returned automatically;
 * - `unexpected`: any other refusal, which the handler lets through (500, sent again).
 */
type UnbookedOutcome = 'retry' | 'duplicate' | 'refund-candidate' | 'refund-due' | 'unexpected';

export function unbookedOutcome(
  reason: string | undefined,
  facts: { paymentStatus?: OnlinePaymentStatus; orderReleased?: boolean },
): UnbookedOutcome {
  if (reason !== undefined && PASSING_REFUSALS.has(reason)) return 'retry';
  if (reason === 'already-paid') return facts.paymentStatus === 'paid' ? 'duplicate' : 'refund-candidate';
  if (reason === 'already-cancelled' && facts.orderReleased === false) return 'retry';
  if (reason === 'expired-sold-out' || reason === 'already-cancelled') return 'refund-due';
  return 'unexpected';
}
