import type { CallableOutput } from '@domain/callables';
import {
  onlinePaymentSchema,
  paymentNotificationLogSchema,
  type OnlinePayment,
  type PaymentNotificationLog,
} from '@domain/payments/onlinePayment';
import { injectRealtimeEndpoints, parseEntries, parseRecords, realtimeEndpoint } from '../../shared/api/realtime';
import { callFunction } from '../../shared/firebase';

export interface PaymentEntry extends OnlinePayment {
  sessionId: string;
}
export interface NotificationEntry extends PaymentNotificationLog {
  id: string;
}

/** The admin's view shows this many of the newest logged notifications. */
export const NOTIFICATION_LOG_LIMIT = 300;

const toPayments = (raw: unknown): PaymentEntry[] =>
  parseRecords(onlinePaymentSchema, raw, 'payments')
    .map(([sessionId, p]) => ({ ...p, sessionId }))
    .sort((a, b) => b.createdAt - a.createdAt);

const toNotifications = (raw: unknown): NotificationEntry[] =>
  parseEntries(paymentNotificationLogSchema, raw, 'paymentNotifications').sort(
    (a, b) => b.at - a.at || b.id.localeCompare(a.id),
  );

const paymentsApi = injectRealtimeEndpoints((build) => ({
  /** My online payments, newest first, live: „Płatność w toku…” until the provider's notification is booked. */
  getMyPayments: build.query<PaymentEntry[], string>(
    realtimeEndpoint(
      // A participant reads `/payments` only through orderByChild('uid').equalTo(own uid) (query-based rule).
      (uid) => ({ path: 'payments', orderByChild: 'uid', equalTo: uid }),
      toPayments,
    ),
  ),
  /** Admin: every provider transaction, newest first. */
  getAllPayments: build.query<PaymentEntry[], void>(realtimeEndpoint(() => 'payments', toPayments)),
  /** Admin: the newest notifications as received (booked, duplicates, forged, late, failed verify). */
  getPaymentNotifications: build.query<NotificationEntry[], void>(
    realtimeEndpoint(
      () => ({ path: 'paymentNotifications', orderByChild: 'at', limitToLast: NOTIFICATION_LOG_LIMIT }),
      toNotifications,
    ),
  ),
}));

export const { useGetMyPaymentsQuery, useGetAllPaymentsQuery, useGetPaymentNotificationsQuery } = paymentsApi;

export function startOnlinePayment(orderId: string): Promise<CallableOutput<'startOnlinePayment'>> {
  return callFunction('startOnlinePayment', { orderId });
}

export function refundOnlinePayment(sessionId: string): Promise<CallableOutput<'refundOnlinePayment'>> {
  return callFunction('refundOnlinePayment', { sessionId });
}
