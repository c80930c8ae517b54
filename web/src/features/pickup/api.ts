import { eventFieldsSchema, pickupCodeSchema, pickupItemSchema, type PickupItem } from '@domain/schemas';
import { parseRecord, parseRecords, realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';

export interface PickupEntry extends PickupItem {
  id: string;
}

function toItems(raw: unknown, uid: string): PickupEntry[] {
  return parseRecords(pickupItemSchema, raw, `pickups/${uid}`)
    .map(([id, item]) => ({ ...item, id }))
    .sort((a, b) => (b.pickedAt ?? b.createdAt) - (a.pickedAt ?? a.createdAt));
}

const pickupApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** `/pickups/{uid}`, live: an item turns "odebrane" the moment staff hands it out. */
    getMyPickups: build.query<PickupEntry[], string>(realtimeEndpoint((uid) => `pickups/${uid}`, toItems)),
    getMyPickupCode: build.query<string | null, string>(
      realtimeEndpoint(
        (uid) => `profiles/${uid}/pickupCode`,
        (raw, uid) => (raw == null ? null : parseRecord(pickupCodeSchema, raw, `profiles/${uid}/pickupCode`)),
      ),
    ),
    getPickupInfo: build.query<string, void>(
      realtimeEndpoint(
        () => 'event/pickupInfo',
        (raw) => (raw == null ? '' : parseRecord(eventFieldsSchema.shape.pickupInfo, raw, 'event/pickupInfo')),
      ),
    ),
  }),
});

export const { useGetMyPickupsQuery, useGetMyPickupCodeQuery, useGetPickupInfoQuery } = pickupApi;
