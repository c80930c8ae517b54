import type { CallableOutput } from '@domain/callables';
import { orderSchema, type Order, type OrderLine } from '@domain/schemas';
import { injectRealtimeEndpoints, parseEntries, realtimeEndpoint, recordEndpoint } from '../../shared/api/realtime';
import { callFunction } from '../../shared/firebase';

export interface OrderEntry extends Order {
  id: string;
}

/** The order's lines with their keys, in the order they were placed (keys compare as numbers: 2 before 10). */
export function orderLines(order: Pick<Order, 'lines'>): (OrderLine & { id: string })[] {
  return Object.entries(order.lines)
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([id, line]) => ({ id, ...line }));
}

/** `/orders` (or the part a query reads), each parsed with the order schema, newest first. */
export function toOrders(raw: unknown): OrderEntry[] {
  return parseEntries(orderSchema, raw, 'orders').sort((a, b) => b.createdAt - a.createdAt);
}

const ordersApi = injectRealtimeEndpoints((build) => ({
  /**
   * My orders, newest first. A participant may read `/orders` only through this query (a query-based
   * rule); it is on the dashboard, so its first read goes over REST like a path's.
   */
  getMyOrders: build.query<OrderEntry[], string>(
    realtimeEndpoint((uid) => ({ path: 'orders', orderByChild: 'uid', equalTo: uid }), toOrders, {
      overRest: true,
    }),
  ),
  /** Admin: every order, newest first (the rules give only admins the whole path). */
  getAllOrders: build.query<OrderEntry[], void>(realtimeEndpoint(() => 'orders', toOrders)),
  /** One order, live: its status turns to paid when the organiser confirms the transfer. */
  getOrder: build.query<Order | null, string>(recordEndpoint(orderSchema, (orderId) => `orders/${orderId}`)),
}));

export const { useGetAllOrdersQuery, useGetMyOrdersQuery, useGetOrderQuery } = ordersApi;

export function cancelOrder(orderId: string): Promise<CallableOutput<'cancelOrder'>> {
  return callFunction('cancelOrder', { orderId });
}
