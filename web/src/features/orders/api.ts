import type { CallableInput, CallableOutput } from '@domain/callables';
import type { Order, Seller } from '@domain/schemas';
import { realtimeApi, realtimeEndpoint, realtimeQueryEndpoint, type RealtimeDatabase } from '../../shared/api/realtime';
import { callFunction } from '../../shared/firebase';

export interface OrderEntry extends Order {
  id: string;
}

function toOrders(raw: unknown): OrderEntry[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, Order>)
    .map(([id, o]) => ({ ...o, id }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

function toSeller(raw: unknown): Seller | null {
  return typeof raw === 'object' && raw !== null ? (raw as Seller) : null;
}

/**
 * `/orders` may be read by a participant only through the query orderByChild('uid').equalTo(uid)
 * (a query-based rule), hence the query variant of the realtime endpoint.
 */
const myOrdersQuery = ({ db, sdk }: RealtimeDatabase, uid: string) =>
  sdk.query(sdk.ref(db, 'orders'), sdk.orderByChild('uid'), sdk.equalTo(uid));

export const ordersApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** My orders, newest first. */
    getMyOrders: build.query<OrderEntry[], string>(realtimeQueryEndpoint(myOrdersQuery, toOrders)),
    /** One order, live: its status turns to paid when the organiser confirms the transfer. */
    getOrder: build.query<Order | null, string>(realtimeEndpoint((orderId) => `orders/${orderId}`, (raw) => (raw ?? null) as Order | null)),
    /** `/event/seller`: recipient and account of bank transfers. */
    getPaymentSeller: build.query<Seller | null, void>(realtimeEndpoint(() => 'event/seller', toSeller)),
  }),
});

export const { useGetMyOrdersQuery, useGetOrderQuery, useGetPaymentSellerQuery } = ordersApi;

export function cancelOrder(orderId: string): Promise<CallableOutput<'cancelOrder'>> {
  return callFunction<CallableInput<'cancelOrder'>, CallableOutput<'cancelOrder'>>('cancelOrder', { orderId });
}
