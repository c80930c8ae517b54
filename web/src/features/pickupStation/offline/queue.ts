/**
 * The station's offline queue and its merge with the directory copy, as pure functions
 * (docs/pickup-offline.md). The device store (deviceStore.ts) keeps the same records in IndexedDB;
 * sending them is sending.ts and sync.ts.
 */
import type { OfflineConflictReason } from '@domain/pickupSync';
import { pickupDirectoryEntrySchema, pickupItemSchema, type PickupItem } from '@domain/schemas';
import { matchesAllWords, parsePickupSearchKey, searchTokens, type PickupSearchEntry } from '@domain/search';
import type { DirectoryEntry } from '../api';

/** How the station marks a hand-out recorded on the device and not yet sent. */
export const QUEUED_LABEL = 'zapisane offline — czeka na wysłanie';

/** One hand-out made while offline: one item, whole, waiting to be sent. */
export interface QueuedHandOut {
  /** crypto.randomUUID(): the idempotency key of the sync callable. */
  id: string;
  uid: string;
  itemId: string;
  label: string;
  quantity: number;
  personName: string;
  /** When it was handed out (device clock). */
  at: number;
  staffUid: string;
  staffName: string;
  deviceId: string;
  /** Order of recording on this device: the queue is sent in this order. */
  seq: number;
  /**
   * The server refused this hand-out (not a conflict: it could not even decide it, e.g. a malformed
   * record). It stays on the device, aside: the others are sent past it, and it goes again only when
   * staff send the queue by hand („Wyślij zapisane”), after an administrator has looked into it.
   */
  refused?: SyncRefusal;
}

/** A refusal of the sync callable, as the station shows it. */
export interface SyncRefusal {
  /** The server's Polish reason. */
  message: string;
  at: number;
}

/** A queued hand-out the server did not apply, kept on the device until the staff dismiss it. */
export interface SyncConflict extends QueuedHandOut {
  reason: OfflineConflictReason;
}

/** A person as the device keeps them: the directory entry, their items and their search words. */
export interface DevicePerson extends DirectoryEntry {
  items: (PickupItem & { id: string })[];
  /** The account's name tokens: the holder's and those of every participant it brings (as /pickupSearch has them). */
  tokens: string[];
  /** Tokens that come from a participant's name rather than the holder's: [token, participant's name]. */
  participantTokens: [string, string][];
}

type StationItemState = PickupItem & { id: string; queuedOffline?: QueuedHandOut };

/**
 * The person's items (the copy's offline, the live ones online) as the station shows them: an item with
 * a hand-out queued on this device, whoever recorded it, is shown as handed out here („zapisane offline —
 * czeka na wysłanie”), so it is not handed out twice from this device; an item already handed out keeps
 * its recorded hand-out, and everything else its own status.
 */
export function mergeQueued(
  items: readonly (PickupItem & { id: string })[],
  queue: readonly QueuedHandOut[],
  uid: string,
): StationItemState[] {
  const queued = new Map(queue.filter((h) => h.uid === uid).map((h) => [h.itemId, h]));
  return items.map((item) => {
    const handOut = queued.get(item.id);
    if (!handOut || item.status === 'picked') return item;
    return {
      ...item,
      status: 'picked',
      pickedAt: handOut.at,
      pickedBy: handOut.staffUid,
      pickedByName: handOut.staffName,
      queuedOffline: handOut,
    };
  });
}

/** One /pickupSearch entry with the token of its key (`{token}_{uid}`). */
type IndexedToken = Pick<PickupSearchEntry, 'tokens' | 'person'> & { token: string };

/**
 * A person's search words for the device copy, from the account's /pickupSearch entries (the holder's
 * and the participants' names, the same index the online search reads); an account without entries
 * yet is found by the holder's name.
 */
function personSearchFields(
  name: string,
  entries: readonly IndexedToken[],
): Pick<DevicePerson, 'tokens' | 'participantTokens'> {
  const tokens = new Set(searchTokens(name));
  const participantTokens: [string, string][] = [];
  for (const entry of entries) {
    for (const token of entry.tokens.split(' ')) if (token) tokens.add(token);
    if (entry.person) participantTokens.push([entry.token, entry.person]);
  }
  participantTokens.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { tokens: [...tokens], participantTokens };
}

/** One person found offline; `participant` is whose name matched, when not the account holder's (as online). */
interface DeviceHit {
  person: DevicePerson;
  participant?: string;
}

const byName = (a: DeviceHit, b: DeviceHit) =>
  a.person.name.localeCompare(b.person.name, 'pl') || (a.person.uid < b.person.uid ? -1 : 1);

/**
 * Offline search over the device's copy, answering what the online search answers (api.ts,
 * `searchPeople`): text with „@” is the start of an e-mail; otherwise every typed word must start
 * one of the account's tokens (holder or participant), the longest word must start a name token,
 * and a single word is also tried as the start of an e-mail. A hit names the participant when
 * only a participant's token matched the longest word.
 */
export function searchDevice(people: readonly DevicePerson[], text: string, limit = 50): DeviceHit[] {
  const { email, words } = searchWords(text);
  if (email)
    return email.length >= 2
      ? people
          .filter((p) => p.email.startsWith(email))
          .map((person) => ({ person }))
          .sort(byName)
          .slice(0, limit)
      : [];
  const lead = words.reduce((longest, word) => (word.length > longest.length ? word : longest), '');
  if (lead.length < 2) return [];
  const hits: DeviceHit[] = [];
  for (const person of people) {
    if (person.tokens.some((token) => token.startsWith(lead)) && matchesAllWords(words, person.tokens)) {
      const holder = searchTokens(person.name).some((token) => token.startsWith(lead));
      const participant = holder ? undefined : person.participantTokens.find(([token]) => token.startsWith(lead))?.[1];
      hits.push(participant ? { person, participant } : { person });
    } else if (words.length === 1 && person.email.startsWith(lead)) hits.push({ person });
  }
  return hits.sort(byName).slice(0, limit);
}

/** What a search needs before it runs: two characters of a name, or an e-mail prefix (as online). */
export function searchWords(text: string): { email: string | null; words: string[] } {
  const trimmed = text.trim();
  if (trimmed.includes('@')) return { email: trimmed.toLowerCase(), words: [] };
  return { email: null, words: searchTokens(trimmed) };
}

/**
 * The device copy from the three live paths: /pickupDirectory (who), /pickups (their items) and
 * /pickupSearch (the name tokens of the holder and their participants, as the online search has them).
 */
export function parseDirectory(directory: unknown, pickups: unknown, searchIndex: unknown): DevicePerson[] {
  const allItems = (pickups ?? {}) as Record<string, Record<string, unknown> | null>;
  const tokensOf = new Map<string, IndexedToken[]>();
  for (const [key, raw] of Object.entries(
    (searchIndex ?? {}) as Record<string, { tokens?: unknown; person?: unknown } | null>,
  )) {
    const parsedKey = parsePickupSearchKey(key);
    if (!parsedKey || typeof raw?.tokens !== 'string') continue;
    const entry: IndexedToken = {
      token: parsedKey.token,
      tokens: raw.tokens,
      ...(typeof raw.person === 'string' ? { person: raw.person } : {}),
    };
    const list = tokensOf.get(parsedKey.uid);
    if (list) list.push(entry);
    else tokensOf.set(parsedKey.uid, [entry]);
  }
  const people: DevicePerson[] = [];
  for (const [uid, raw] of Object.entries((directory ?? {}) as Record<string, unknown>)) {
    const entry = pickupDirectoryEntrySchema.safeParse(raw);
    if (!entry.success) continue;
    const items = Object.entries(allItems[uid] ?? {}).flatMap(([id, item]) => {
      const parsed = pickupItemSchema.safeParse(item);
      return parsed.success ? [{ ...parsed.data, id }] : [];
    });
    const { name, email, pickupCode } = entry.data;
    people.push({ uid, name, email, pickupCode, items, ...personSearchFields(name, tokensOf.get(uid) ?? []) });
  }
  return people;
}
