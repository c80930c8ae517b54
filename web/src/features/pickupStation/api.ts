import { useMemo } from 'react';
import { pickupCodeEntrySchema, pickupDirectoryEntrySchema, type PickupItem } from '@domain/schemas';
import { pickupConflictSchema, type PickupConflict } from '@domain/pickupSync';
import { matchesAllWords, pickupSearchEntrySchema, SEARCH_READ_LIMIT, type PickupSearchEntry } from '@domain/search';
import type { CallableInput } from '@domain/callables';
import { callFunction, loadDatabase } from '../../shared/firebase';
import {
  injectRealtimeEndpoints,
  onceEndpoint,
  parseEntries,
  parseRecord,
  realtimeEndpoint,
} from '../../shared/api/realtime';
import { useGetMyPickupsQuery } from '../pickup';
import { searchWords } from './offline/queue';

/** One person as the pickup point sees them: /pickupDirectory holds only what the pickup needs. */
export interface DirectoryEntry {
  uid: string;
  name: string;
  email: string;
  pickupCode: string;
}

export interface StationItem extends PickupItem {
  id: string;
  /** Handed out on this device while offline, not yet sent (offline/queue.ts). */
  queuedOffline?: { id: string; at: number };
}

/** `/pickupDirectory/{uid}` parsed with its domain schema (a malformed entry throws MalformedRecordError); none → null. */
export function toEntry(uid: string, raw: unknown): DirectoryEntry | null {
  if (raw === null || raw === undefined) return null;
  const { name, email, pickupCode } = parseRecord(pickupDirectoryEntrySchema, raw, `pickupDirectory/${uid}`);
  return { uid, name, email, pickupCode };
}

/** Waiting items first (oldest first, the order they were bought), then handed-out ones (latest first). */
export function stationOrder(all: readonly StationItem[]): StationItem[] {
  const waiting = all
    .filter((i) => i.status === 'waiting')
    .sort((a, b) => a.createdAt - b.createdAt || a.label.localeCompare(b.label, 'pl'));
  const picked = all.filter((i) => i.status === 'picked').sort((a, b) => (b.pickedAt ?? 0) - (a.pickedAt ?? 0));
  return [...waiting, ...picked];
}

/** One person found by a search; `person` is the participant whose name matched, when not the account holder. */
export interface SearchHit extends DirectoryEntry {
  person?: string;
}

interface SearchResult {
  /** Every account found, sorted by name (the page shows them ten at a time). */
  hits: SearchHit[];
  /** More entries matched than one search reads (SEARCH_READ_LIMIT): the count is a lower bound. */
  truncated: boolean;
}

export { searchWords } from './offline/queue';

/**
 * Joins what the index returned into one list: entries whose account does not have every typed
 * word are dropped, each account appears once (as its holder when any of its matches was the
 * holder's own name), sorted by name in Polish order.
 */
export function collectHits(entries: readonly PickupSearchEntry[], words: readonly string[]): SearchHit[] {
  const byUid = new Map<string, SearchHit>();
  for (const entry of entries) {
    if (!matchesAllWords(words, entry.tokens.split(' '))) continue;
    const hit: SearchHit = {
      uid: entry.uid,
      name: entry.name,
      email: entry.email,
      pickupCode: entry.pickupCode,
      ...(entry.person ? { person: entry.person } : {}),
    };
    const seen = byUid.get(entry.uid);
    if (!seen || (seen.person && !hit.person)) byUid.set(entry.uid, hit);
  }
  return [...byUid.values()].sort((a, b) => a.name.localeCompare(b.name, 'pl') || a.uid.localeCompare(b.uid));
}

/**
 * Staff search (a one-off read, not a stream: the list is only a way to pick a person, whose data
 * is then live). Names: the most selective typed word is a key range of /pickupSearch (its entries
 * are `{token}_{uid}`), the other words are checked against each account's tokens; a single word is
 * also tried as the start of an e-mail. Text with „@” searches e-mails in /pickupDirectory.
 */
async function searchPeople(text: string): Promise<SearchResult> {
  const { email, words } = searchWords(text);
  const { db, sdk } = await loadDatabase();
  const emailPrefix = email ?? (words.length === 1 ? words[0] : null);
  const byEmail =
    emailPrefix && emailPrefix.length >= 2
      ? sdk.get(
          sdk.query(
            sdk.ref(db, 'pickupDirectory'),
            sdk.orderByChild('email'),
            sdk.startAt(emailPrefix),
            sdk.endAt(`${emailPrefix}\uf8ff`),
            sdk.limitToFirst(SEARCH_READ_LIMIT + 1),
          ),
        )
      : null;
  const lead = words.reduce((longest, word) => (word.length > longest.length ? word : longest), '');
  const byName =
    !email && lead.length >= 2
      ? sdk.get(
          sdk.query(
            sdk.ref(db, 'pickupSearch'),
            sdk.orderByKey(),
            sdk.startAt(lead),
            sdk.endAt(`${lead}\uf8ff`),
            sdk.limitToFirst(SEARCH_READ_LIMIT + 1),
          ),
        )
      : null;
  const [emailSnapshot, nameSnapshot] = await Promise.all([byEmail, byName]);

  const fromNames: PickupSearchEntry[] = [];
  nameSnapshot?.forEach((child) => {
    const parsed = pickupSearchEntrySchema.safeParse(child.val());
    if (parsed.success) fromNames.push(parsed.data);
  });
  const fromEmails: SearchHit[] = [];
  emailSnapshot?.forEach((child) => {
    const entry = child.key ? toEntry(child.key, child.val()) : null;
    if (entry) fromEmails.push(entry);
  });
  const hits = collectHits(fromNames, words);
  const known = new Set(hits.map((h) => h.uid));
  for (const entry of fromEmails) if (!known.has(entry.uid)) hits.push(entry);
  hits.sort((a, b) => a.name.localeCompare(b.name, 'pl') || a.uid.localeCompare(b.uid));
  return { hits, truncated: fromNames.length > SEARCH_READ_LIMIT || fromEmails.length > SEARCH_READ_LIMIT };
}

const stationApi = injectRealtimeEndpoints((build) => ({
  stationSearch: build.query<SearchResult, string>({ ...onceEndpoint(searchPeople), keepUnusedDataFor: 0 }),
  stationPerson: build.query<DirectoryEntry | null, string>(
    realtimeEndpoint(
      (uid) => `pickupDirectory/${uid}`,
      (raw, uid) => toEntry(uid, raw),
    ),
  ),
  pickupConflicts: build.query<ConflictRow[], void>(
    realtimeEndpoint(
      () => ({ path: 'pickupConflicts', orderByChild: 'createdAt', limitToLast: CONFLICTS_READ_LIMIT }),
      (raw) => conflictOrder(parseEntries(pickupConflictSchema, raw, 'pickupConflicts')),
    ),
  ),
}));

export const { useStationSearchQuery, useStationPersonQuery, usePickupConflictsQuery } = stationApi;

/** One conflict report of an offline hand-out (docs/pickup-offline.md), with its id (the hand-out's). */
export interface ConflictRow extends PickupConflict {
  id: string;
}

/** The newest conflicts the admin view reads: far more than an event makes. */
const CONFLICTS_READ_LIMIT = 500;

/** Those still to settle first, then settled ones; newest first within each. */
function conflictOrder(rows: readonly ConflictRow[]): ConflictRow[] {
  return [...rows].sort((a, b) => Number(Boolean(a.settled)) - Number(Boolean(b.settled)) || b.createdAt - a.createdAt);
}

/** Settles a conflict (who, how, when are recorded by the function; the same settlement twice changes nothing). */
export function settlePickupConflict(input: CallableInput<'settlePickupConflict'>) {
  return callFunction('settlePickupConflict', input);
}

/** A person's `/pickups/{uid}`, live, through the pickup feature's endpoint, in the station's order. */
export function useStationItemsQuery(uid: string) {
  const result = useGetMyPickupsQuery(uid);
  const data = useMemo(() => result.data && stationOrder(result.data), [result.data]);
  return { ...result, data };
}

/** The uid behind a pickup code (from the QR code or typed), or null when no one has it. */
export async function uidForPickupCode(code: string): Promise<string | null> {
  const { db, sdk } = await loadDatabase();
  const path = `pickupCodes/${code}`;
  const raw: unknown = (await sdk.get(sdk.ref(db, path))).val();
  return raw === null ? null : parseRecord(pickupCodeEntrySchema, raw, path).uid;
}

export function handOutPickupItems(input: CallableInput<'handOutPickupItems'>) {
  return callFunction('handOutPickupItems', input);
}

/** „Przyjmij zwrot”: a handed-out item came back to the pickup point (the admin may then refund it). */
export function acceptPickupReturn(input: CallableInput<'acceptPickupReturn'>) {
  return callFunction('acceptPickupReturn', input);
}
