import type { CallableOutput } from '@domain/callables';
import { orderSchema, sellerSchema, type Order, type Seller } from '@domain/schemas';
import {
  parseRecord,
  parseRecords,
  realtimeApi,
  realtimeEndpoint,
  realtimeQueryEndpoint,
  type RealtimeDatabase,
} from '../../shared/api/realtime';
import { callFunction } from '../../shared/firebase';

export interface OrderEntry extends Order {
  id: string;
}

/** `/orders` (or the part a query reads), each parsed with the order schema, newest first. */
export function toOrders(raw: unknown): OrderEntry[] {
  return parseRecords(orderSchema, raw, 'orders')
    .map(([id, o]) => ({ ...o, id }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

const toOrder = (raw: unknown, orderId: string): Order | null =>
  raw == null ? null : parseRecord(orderSchema, raw, `orders/${orderId}`);

/** Not set up yet → null (the confirmation says so); set up, it must be a whole seller. */
const toSeller = (raw: unknown): Seller | null => (raw == null ? null : parseRecord(sellerSchema, raw, 'event/seller'));

/**
 * `/orders` may be read by a participant only through the query orderByChild('uid').equalTo(uid)
 * (a query-based rule), hence the query variant of the realtime endpoint.
 */
const myOrdersQuery = ({ db, sdk }: RealtimeDatabase, uid: string) =>
  sdk.query(sdk.ref(db, 'orders'), sdk.orderByChild('uid'), sdk.equalTo(uid));

const ordersApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** My orders, newest first. */
    getMyOrders: build.query<OrderEntry[], string>(
      realtimeQueryEndpoint(myOrdersQuery, toOrders, (uid) => ({ path: 'orders', orderBy: 'uid', equalTo: uid })),
    ),
    /** Admin: every order, newest first (the rules give only admins the whole path). */
    getAllOrders: build.query<OrderEntry[], void>(realtimeEndpoint(() => 'orders', toOrders)),
    /** One order, live: its status turns to paid when the organiser confirms the transfer. */
    getOrder: build.query<Order | null, string>(realtimeEndpoint((orderId) => `orders/${orderId}`, toOrder)),
    /** `/event/seller`: recipient and account of bank transfers. */
    getPaymentSeller: build.query<Seller | null, void>(realtimeEndpoint(() => 'event/seller', toSeller)),
  }),
});

export const { useGetAllOrdersQuery, useGetMyOrdersQuery, useGetOrderQuery, useGetPaymentSellerQuery } = ordersApi;

export function cancelOrder(orderId: string): Promise<CallableOutput<'cancelOrder'>> {
  return callFunction('cancelOrder', { orderId });
}
