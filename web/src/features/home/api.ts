import type { Order, PickupItem } from '@domain/schemas';
import { realtimeApi, realtimeEndpoint, toRealtimeError, type RealtimeError } from '../../shared/api/realtime';
import { loadDatabase } from '../../shared/firebase';

/** `/event` (docs/data-model.md): what the dashboard's event card needs. */
export interface EventInfo {
  name: string;
  place: string;
  startDate: string;
  endDate: string;
}

function toEventInfo(raw: unknown): EventInfo | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const e = raw as Record<string, unknown>;
  if (typeof e.name !== 'string') return null;
  return {
    name: e.name,
    place: typeof e.place === 'string' ? e.place : '',
    startDate: typeof e.startDate === 'string' ? e.startDate : '',
    endDate: typeof e.endDate === 'string' ? e.endDate : '',
  };
}

export const eventApi = realtimeApi.injectEndpoints({
  endpoints: (build) => ({
    getEvent: build.query<EventInfo | null, void>(realtimeEndpoint(() => 'event', toEventInfo)),
  }),
});

export const { useGetEventQuery } = eventApi;

// ---------------------------------------------------------------- my orders and pickups



export interface OrderEntry extends Order {
  id: string;
}
export interface PickupEntry extends PickupItem {
  id: string;
}

function toOrders(raw: unknown): OrderEntry[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, Order>)
    .map(([id, o]) => ({ ...o, id }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

function toPickups(raw: unknown): PickupEntry[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, PickupItem>)
    .map(([id, p]) => ({ ...p, id }))
    .sort((a, b) => a.createdAt - b.createdAt);
}

async function myOrdersQuery(uid: string) {
  const { db, sdk } = await loadDatabase();
  return { sdk, q: sdk.query(sdk.ref(db, 'orders'), sdk.orderByChild('uid'), sdk.equalTo(uid)) };
}

export const homeApi = realtimeApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `/orders` filtered to mine: the rules allow reading orders only through exactly this query,
     * so this endpoint streams a query (same pattern as `realtimeEndpoint`, which covers plain paths).
     */
    getMyOrders: build.query<OrderEntry[], string>({
      async queryFn(uid): Promise<{ data: OrderEntry[] } | { error: RealtimeError }> {
        try {
          const { sdk, q } = await myOrdersQuery(uid);
          return { data: toOrders((await sdk.get(q)).val()) };
        } catch (error) {
          return { error: toRealtimeError(error) };
        }
      },
      async onCacheEntryAdded(uid, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        let unsubscribe: () => void = () => undefined;
        try {
          await cacheDataLoaded;
          const { sdk, q } = await myOrdersQuery(uid);
          unsubscribe = sdk.onValue(q, (snap) => updateCachedData(() => toOrders(snap.val())), () => undefined);
        } catch {
          // The entry went away before its first value.
        }
        await cacheEntryRemoved;
        unsubscribe();
      },
    }),
    getMyPickups: build.query<PickupEntry[], string>(realtimeEndpoint((uid) => `pickups/${uid}`, toPickups)),
  }),
});

export const { useGetMyOrdersQuery, useGetMyPickupsQuery } = homeApi;