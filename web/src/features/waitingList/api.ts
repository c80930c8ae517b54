import type { CallableInput } from '@domain/callables';
import {
  accountWaitingPlacesSchema,
  orderedEntries,
  waitingListSchema,
  waitingListSettingsSchema,
  type WaitingEntry,
  type WaitingPlace,
} from '@domain/waitingList';
import {
  injectRealtimeEndpoints,
  parseOptionalRecord,
  parseRecord,
  parseRecords,
  realtimeEndpoint,
} from '../../shared/api/realtime';
import { callFunction } from '../../shared/firebase';

/** One participant's entry on a type's list, as its owner reads it. */
interface OwnWaitingPlace extends WaitingPlace {
  entryId: string;
}

/** A type's list in line order, for the admin. */
export interface WaitingListView {
  ticketTypeId: string;
  entries: (WaitingEntry & { entryId: string; place: number })[];
}

function toOwnPlaces(raw: unknown, arg: { ticketTypeId: string; uid: string }): OwnWaitingPlace[] {
  if (raw == null) return [];
  const places = parseRecord(accountWaitingPlacesSchema, raw, `waitingList/${arg.ticketTypeId}/places/${arg.uid}`);
  return Object.entries(places).map(([entryId, p]) => ({ ...p, entryId }));
}

function toWaitingLists(raw: unknown): WaitingListView[] {
  return parseRecords(waitingListSchema, raw, 'waitingList').map(([ticketTypeId, list]) => ({
    ticketTypeId,
    entries: orderedEntries(list).map(([entryId, e], i) => ({ ...e, entryId, place: i + 1 })),
  }));
}

const waitingListApi = injectRealtimeEndpoints((build) => ({
  /** `/waitingList/{ticketTypeId}/places/{uid}`: the account's places on one type's list, live. */
  getWaitingPlaces: build.query<OwnWaitingPlace[], { ticketTypeId: string; uid: string }>(
    realtimeEndpoint(({ ticketTypeId, uid }) => `waitingList/${ticketTypeId}/places/${uid}`, toOwnPlaces),
  ),
  /** `/waitingList` (admin): every type's entries in line order. */
  adminWaitingLists: build.query<WaitingListView[], void>(realtimeEndpoint(() => 'waitingList', toWaitingLists)),
  /** `/waitingListSettings` (admin): how long an offer holds its ticket. */
  adminWaitingListSettings: build.query<{ offerHours?: number }, void>(
    realtimeEndpoint(
      () => 'waitingListSettings',
      (raw) => parseOptionalRecord(waitingListSettingsSchema, raw, 'waitingListSettings') ?? {},
    ),
  ),
}));

export const { useGetWaitingPlacesQuery, useAdminWaitingListsQuery, useAdminWaitingListSettingsQuery } = waitingListApi;

export const joinWaitingList = (input: CallableInput<'joinWaitingList'>) => callFunction('joinWaitingList', input);
export const leaveWaitingList = (input: CallableInput<'leaveWaitingList'>) => callFunction('leaveWaitingList', input);
export const moveWaitingListEntry = (input: CallableInput<'moveWaitingListEntry'>) =>
  callFunction('moveWaitingListEntry', input);
export const removeWaitingListEntry = (input: CallableInput<'removeWaitingListEntry'>) =>
  callFunction('removeWaitingListEntry', input);
export const updateWaitingListSettings = (input: CallableInput<'updateWaitingListSettings'>) =>
  callFunction('updateWaitingListSettings', input);

/**
 * The offer standing for this participant on a sold-out type's list, or null: the one ticket of the type they may still buy. `skip` when the type is not sold out.
 */
export function useStandingOffer(
  uid: string,
  ticketTypeId: string,
  memberId: string,
  skip: boolean,
): { expiresAt: number } | null {
  const { data } = useGetWaitingPlacesQuery({ ticketTypeId, uid }, { skip: skip || !uid });
  // An offer past its deadline leaves the list on the next expiry run (within a minute), and this with it.
  return data?.find((p) => p.memberId === memberId)?.offer ?? null;
}
