import type { PickupItem } from '@domain/schemas';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';

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

// ---------------------------------------------------------------- my pickups
// (my orders come from the orders feature: `useGetMyOrdersQuery` in features/orders)

export interface PickupEntry extends PickupItem {
  id: string;
}

function toPickups(raw: unknown): PickupEntry[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, PickupItem>)
    .map(([id, p]) => ({ ...p, id }))
    .sort((a, b) => a.createdAt - b.createdAt);
}

export const homeApi = realtimeApi.injectEndpoints({
  endpoints: (build) => ({
    getMyPickups: build.query<PickupEntry[], string>(realtimeEndpoint((uid) => `pickups/${uid}`, toPickups)),
  }),
});

export const { useGetMyPickupsQuery } = homeApi;
