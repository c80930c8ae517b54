import type { CallableOutput } from '@domain/callables';
import {
  onlinePaymentSchema,
  paymentNotificationLogSchema,
  type OnlinePayment,
  type PaymentNotificationLog,
} from '@domain/payments/onlinePayment';
import {
  parseRecords,
  realtimeApi,
  realtimeEndpoint,
  realtimeQueryEndpoint,
  type RealtimeDatabase,
} from '../../shared/api/realtime';
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
  parseRecords(paymentNotificationLogSchema, raw, 'paymentNotifications')
    .map(([id, n]) => ({ ...n, id }))
    .sort((a, b) => b.at - a.at || b.id.localeCompare(a.id));

/** A participant reads `/payments` only through orderByChild('uid').equalTo(own uid) (query-based rule). */
const myPaymentsQuery = ({ db, sdk }: RealtimeDatabase, uid: string) =>
  sdk.query(sdk.ref(db, 'payments'), sdk.orderByChild('uid'), sdk.equalTo(uid));
const newestNotifications = ({ db, sdk }: RealtimeDatabase) =>
  sdk.query(sdk.ref(db, 'paymentNotifications'), sdk.orderByChild('at'), sdk.limitToLast(NOTIFICATION_LOG_LIMIT));

const paymentsApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** My online payments, newest first, live: „Płatność w toku…” until the provider's notification is booked. */
    getMyPayments: build.query<PaymentEntry[], string>(realtimeQueryEndpoint(myPaymentsQuery, toPayments)),
    /** Admin: every provider transaction, newest first. */
    getAllPayments: build.query<PaymentEntry[], void>(realtimeEndpoint(() => 'payments', toPayments)),
    /** Admin: the newest notifications as received (booked, duplicates, forged, late, failed verify). */
    getPaymentNotifications: build.query<NotificationEntry[], void>(
      realtimeQueryEndpoint(newestNotifications, toNotifications),
    ),
  }),
});

export const { useGetMyPaymentsQuery, useGetAllPaymentsQuery, useGetPaymentNotificationsQuery } = paymentsApi;

export function startOnlinePayment(orderId: string): Promise<CallableOutput<'startOnlinePayment'>> {
  return callFunction('startOnlinePayment', { orderId });
}

export function refundOnlinePayment(sessionId: string): Promise<CallableOutput<'refundOnlinePayment'>> {
  return callFunction('refundOnlinePayment', { sessionId });
}
