import type { PickupItem } from '@domain/schemas';
import { CALLABLES, type CallableInput, type CallableOutput } from '@domain/callables';
import { callFunction, loadDatabase } from '../../shared/firebase';
import { realtimeApi, realtimeEndpoint, toRealtimeError, type RealtimeError } from '../../shared/api/realtime';

/** One person as the pickup point sees them: /pickupDirectory holds only what the pickup needs. */
export interface DirectoryEntry {
  uid: string;
  name: string;
  email: string;
  pickupCode: string;
}

export interface StationItem extends PickupItem {
  id: string;
}

function toEntry(uid: string, raw: unknown): DirectoryEntry | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  return { uid, name: String(r.name ?? ''), email: String(r.email ?? ''), pickupCode: String(r.pickupCode ?? '') };
}

/** Waiting items first (oldest first, the order they were bought), then handed-out ones (latest first). */
export function toStationItems(raw: unknown): StationItem[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const items = Object.entries(raw as Record<string, PickupItem>).map(([id, item]) => ({ ...item, id }));
  const waiting = items.filter((i) => i.status === 'waiting').sort((a, b) => a.createdAt - b.createdAt || a.label.localeCompare(b.label, 'pl'));
  const picked = items.filter((i) => i.status === 'picked').sort((a, b) => (b.pickedAt ?? 0) - (a.pickedAt ?? 0));
  return [...waiting, ...picked];
}

const SEARCH_LIMIT = 10;

/**
 * The indexed /pickupDirectory children a search text is matched against as a prefix: e-mail, the
 * full name (it starts with the first name, so "mar" and "marta no" both work) and the surname alone.
 */
export const SEARCH_KEYS = ['email', 'nameLower', 'lastNameLower'] as const;

/**
 * Prefix search in /pickupDirectory, one query per key in SEARCH_KEYS, merged without duplicates.
 * A search is a one-off read, not a stream: the list is only a way to pick a person, whose data is
 * then live.
 */
async function searchDirectory(text: string): Promise<DirectoryEntry[]> {
  const q = text.trim().toLowerCase();
  if (q.length < 2) return [];
  const { db, sdk } = await loadDatabase();
  const byPrefix = (child: string) =>
    sdk.get(sdk.query(sdk.ref(db, 'pickupDirectory'), sdk.orderByChild(child), sdk.startAt(q), sdk.endAt(`${q}\uf8ff`), sdk.limitToFirst(SEARCH_LIMIT)));
  const snapshots = await Promise.all(SEARCH_KEYS.map(byPrefix));
  return mergeSearchResults(
    snapshots.map((snapshot) => {
      const entries: DirectoryEntry[] = [];
      snapshot.forEach((child) => {
        const entry = child.key ? toEntry(child.key, child.val()) : null;
        if (entry) entries.push(entry);
      });
      return entries;
    }),
  );
}

/** One list from the per-key results: a person matched by several keys appears once, by name. */
export function mergeSearchResults(lists: DirectoryEntry[][]): DirectoryEntry[] {
  const found = new Map<string, DirectoryEntry>();
  for (const entry of lists.flat()) found.set(entry.uid, entry);
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name, 'pl') || a.uid.localeCompare(b.uid)).slice(0, SEARCH_LIMIT);
}

export const stationApi = realtimeApi.injectEndpoints({
  endpoints: (build) => ({
    stationSearch: build.query<DirectoryEntry[], string>({
      async queryFn(text): Promise<{ data: DirectoryEntry[] } | { error: RealtimeError }> {
        try {
          return { data: await searchDirectory(text) };
        } catch (error) {
          return { error: toRealtimeError(error) };
        }
      },
      keepUnusedDataFor: 0,
    }),
    stationPerson: build.query<DirectoryEntry | null, string>(realtimeEndpoint((uid) => `pickupDirectory/${uid}`, (raw, uid) => toEntry(uid, raw))),
    stationItems: build.query<StationItem[], string>(realtimeEndpoint((uid) => `pickups/${uid}`, toStationItems)),
  }),
});

export const { useStationSearchQuery, useStationPersonQuery, useStationItemsQuery } = stationApi;

/** The uid behind a pickup code (from the QR code or typed), or null when no one has it. */
export async function uidForPickupCode(code: string): Promise<string | null> {
  const { db, sdk } = await loadDatabase();
  const snapshot = await sdk.get(sdk.ref(db, `pickupCodes/${code}/uid`));
  const uid: unknown = snapshot.val();
  return typeof uid === 'string' ? uid : null;
}

export function handOutPickupItems(input: CallableInput<'handOutPickupItems'>) {
  return callFunction<CallableInput<'handOutPickupItems'>, CallableOutput<'handOutPickupItems'>>(CALLABLES.handOutPickupItems, input);
}
