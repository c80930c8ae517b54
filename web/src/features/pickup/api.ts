import { eventFieldsSchema, pickupCodeSchema, pickupItemSchema, type PickupItem } from '@domain/schemas';
import {
  injectRealtimeEndpoints,
  parseEntries,
  parseOptionalRecord,
  realtimeEndpoint,
  recordEndpoint,
} from '../../shared/api/realtime';

export interface PickupEntry extends PickupItem {
  id: string;
}

function toItems(raw: unknown, uid: string): PickupEntry[] {
  return parseEntries(pickupItemSchema, raw, `pickups/${uid}`).sort(
    (a, b) => (b.pickedAt ?? b.createdAt) - (a.pickedAt ?? a.createdAt),
  );
}

const pickupApi = injectRealtimeEndpoints((build) => ({
  /** `/pickups/{uid}`, live: an item turns "odebrane" the moment staff hands it out. */
  getMyPickups: build.query<PickupEntry[], string>(realtimeEndpoint((uid) => `pickups/${uid}`, toItems)),
  getMyPickupCode: build.query<string | null, string>(
    recordEndpoint(pickupCodeSchema, (uid) => `profiles/${uid}/pickupCode`),
  ),
  getPickupInfo: build.query<string, void>(
    realtimeEndpoint(
      () => 'event/pickupInfo',
      (raw) => parseOptionalRecord(eventFieldsSchema.shape.pickupInfo, raw, 'event/pickupInfo') ?? '',
    ),
  ),
}));

export const { useGetMyPickupsQuery, useGetMyPickupCodeQuery, useGetPickupInfoQuery } = pickupApi;
