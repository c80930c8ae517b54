import type { CallableInput, CallableOutput } from '@domain/callables';
import type { Order, Seller } from '@domain/schemas';
import { realtimeApi, realtimeEndpoint, toRealtimeError, type RealtimeError } from '../../shared/api/realtime';
import { callFunction, loadDatabase } from '../../shared/firebase';

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
 * (a query-based rule), which the path-based `realtimeEndpoint` cannot express; this is the same
 * get-then-listen lifecycle over that query.
 */
function myOrdersEndpoint() {
  const queryOf = async (uid: string) => {
    const { db, sdk } = await loadDatabase();
    return { sdk, q: sdk.query(sdk.ref(db, 'orders'), sdk.orderByChild('uid'), sdk.equalTo(uid)) };
  };
  return {
    async queryFn(uid: string): Promise<{ data: OrderEntry[] } | { error: RealtimeError }> {
      try {
        const { sdk, q } = await queryOf(uid);
        return { data: toOrders((await sdk.get(q)).val()) };
      } catch (error) {
        return { error: toRealtimeError(error) };
      }
    },
    async onCacheEntryAdded(
      uid: string,
      { updateCachedData, cacheDataLoaded, cacheEntryRemoved }: { updateCachedData: (r: () => OrderEntry[]) => unknown; cacheDataLoaded: Promise<unknown>; cacheEntryRemoved: Promise<unknown> },
    ) {
      let unsubscribe: () => void = () => undefined;
      try {
        await cacheDataLoaded;
        const { sdk, q } = await queryOf(uid);
        unsubscribe = sdk.onValue(q, (snapshot) => updateCachedData(() => toOrders(snapshot.val())), () => undefined);
      } catch {
        // The entry was removed before its first value arrived.
      }
      await cacheEntryRemoved;
      unsubscribe();
    },
  };
}

export const ordersApi = realtimeApi.injectEndpoints({
  endpoints: (build) => ({
    getMyOrders: build.query<OrderEntry[], string>(myOrdersEndpoint()),
    /** `/event/seller`: recipient and account of bank transfers. */
    getPaymentSeller: build.query<Seller | null, void>(realtimeEndpoint(() => 'event/seller', toSeller)),
  }),
});

export const { useGetMyOrdersQuery, useGetPaymentSellerQuery } = ordersApi;

export function cancelOrder(orderId: string): Promise<CallableOutput<'cancelOrder'>> {
  return callFunction<CallableInput<'cancelOrder'>, CallableOutput<'cancelOrder'>>('cancelOrder', { orderId });
}
