import type { PickupItem } from '@domain/schemas';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';

export interface PickupEntry extends PickupItem {
  id: string;
}

function toItems(raw: unknown): PickupEntry[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, PickupItem>)
    .map(([id, item]) => ({ ...item, id }))
    .sort((a, b) => (b.pickedAt ?? b.createdAt) - (a.pickedAt ?? a.createdAt));
}

export const pickupApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** `/pickups/{uid}`, live: an item turns "odebrane" the moment staff hands it out. */
    getMyPickups: build.query<PickupEntry[], string>(realtimeEndpoint((uid) => `pickups/${uid}`, toItems)),
    getMyPickupCode: build.query<string | null, string>(
      realtimeEndpoint((uid) => `profiles/${uid}/pickupCode`, (raw) => (typeof raw === 'string' ? raw : null)),
    ),
    getPickupInfo: build.query<string, void>(realtimeEndpoint(() => 'event/pickupInfo', (raw) => (typeof raw === 'string' ? raw : ''))),
  }),
});

export const { useGetMyPickupsQuery, useGetMyPickupCodeQuery, useGetPickupInfoQuery } = pickupApi;
