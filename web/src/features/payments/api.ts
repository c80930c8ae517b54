import type { CallableOutput } from '@domain/callables';
import { onlinePaymentSchema, type OnlinePayment } from '@domain/payments/onlinePayment';
import { parseRecords, realtimeApi, realtimeQueryEndpoint, type RealtimeDatabase } from '../../shared/api/realtime';
import { callFunction } from '../../shared/firebase';

export interface PaymentEntry extends OnlinePayment {
  sessionId: string;
}

const toPayments = (raw: unknown): PaymentEntry[] =>
  parseRecords(onlinePaymentSchema, raw, 'payments')
    .map(([sessionId, p]) => ({ ...p, sessionId }))
    .sort((a, b) => b.createdAt - a.createdAt);

/** A participant reads `/payments` only through orderByChild('uid').equalTo(own uid) (query-based rule). */
const myPaymentsQuery = ({ db, sdk }: RealtimeDatabase, uid: string) => sdk.query(sdk.ref(db, 'payments'), sdk.orderByChild('uid'), sdk.equalTo(uid));

export const paymentsApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** My online payments, newest first, live: „Płatność w toku…” until the provider's notification is booked. */
    getMyPayments: build.query<PaymentEntry[], string>(realtimeQueryEndpoint(myPaymentsQuery, toPayments)),
  }),
});

export const { useGetMyPaymentsQuery } = paymentsApi;

export function startOnlinePayment(orderId: string): Promise<CallableOutput<'startOnlinePayment'>> {
  return callFunction('startOnlinePayment', { orderId });
}
