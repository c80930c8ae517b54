/**
 * The waiting list of a sold-out ticket type (docs/waiting-list.md): who waits in what order, who
 * gets the units that come back, and for how long an offer holds them. Pure: the callables run these
 * decisions inside the transactions on `/waitingList/{ticketTypeId}` and `/ticketTypes/{ticketTypeId}`.
 *
 * Two records hold an offer, each changed by its own transaction:
 * - the ticket type's `offers/{entryId}: expiresAt` — the units the offers hold. Every quota check
 *   counts them (`heldUnits`), so nobody else can buy an offered unit, and the offered participant's
 *   placement takes its own hold in the same transaction that raises `sold`;
 * - the entry's `offer {offeredAt, expiresAt}` in `/waitingList/{ticketTypeId}` — what the list and
 *   the participant show.
 */
import { z } from 'zod/mini';
import {
  clientKeySchema,
  freeUnits,
  hasUnsafeText,
  keySchema,
  LIMITS,
  timestampSchema,
  uidSchema,
  UNSAFE_TEXT_MESSAGE,
  type HeldOffers,
} from './schemas.js';

/** At most this many entries wait for one ticket type (the list is one record, transacted whole). */
const WAITING_LIST_MAX_ENTRIES = 500;
export const DEFAULT_OFFER_HOURS = 24;
export const MAX_OFFER_HOURS = 14 * 24;
const HOUR_MS = 3_600_000;

const waitingOfferSchema = z.strictObject({ offeredAt: timestampSchema, expiresAt: timestampSchema });
type WaitingOffer = z.output<typeof waitingOfferSchema>;

const participantNameSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(LIMITS.name * 2 + 1),
  z.refine((v) => !hasUnsafeText(v), UNSAFE_TEXT_MESSAGE),
);

/** `/waitingList/{ticketTypeId}/entries/{entryId}` (entryId: a push id minted by the server). */
const waitingEntrySchema = z.strictObject({
  uid: uidSchema,
  memberId: clientKeySchema,
  /** The participant's name when they joined, for the admin's list. */
  name: participantNameSchema,
  /** Order in the line: lower first; the admin's „w górę / w dół” swaps two ranks. */
  rank: z.int().check(z.gte(0)),
  createdAt: timestampSchema,
  offer: z.optional(waitingOfferSchema),
});
export type WaitingEntry = z.output<typeof waitingEntrySchema>;

/** `/waitingList/{ticketTypeId}/places/{uid}/{entryId}`: what the owner reads — the place, not the others. */
const waitingPlaceSchema = z.strictObject({
  memberId: clientKeySchema,
  place: z.int().check(z.gte(1)),
  offer: z.optional(waitingOfferSchema),
});
export type WaitingPlace = z.output<typeof waitingPlaceSchema>;
export const accountWaitingPlacesSchema = z.record(keySchema, waitingPlaceSchema);

/** `/waitingList/{ticketTypeId}`: the entries and, derived from them in the same write, every account's places. */
export const waitingListSchema = z.strictObject({
  entries: z.optional(z.record(keySchema, waitingEntrySchema)),
  places: z.optional(z.record(uidSchema, accountWaitingPlacesSchema)),
});
export type WaitingList = z.output<typeof waitingListSchema>;

/** `/waitingListSettings`: how long an offer holds its unit. */
export const waitingListSettingsSchema = z.strictObject({
  offerHours: z
    .int({ error: 'Podaj liczbę godzin' })
    .check(z.gte(1, 'Co najmniej 1 godzina'), z.lte(MAX_OFFER_HOURS, `Najwyżej ${MAX_OFFER_HOURS} godzin`)),
  updatedAt: z.optional(timestampSchema),
  updatedBy: z.optional(uidSchema),
});

export function offerHoursOf(settings: { offerHours?: number } | null | undefined): number {
  return settings?.offerHours ?? DEFAULT_OFFER_HOURS;
}

export function offerExpiry(now: number, offerHours: number): number {
  return now + offerHours * HOUR_MS;
}

// ---------------------------------------------------------------- the line

type Entries = Record<string, WaitingEntry>;

/** The entries in line order: rank, then who joined first, then id (a total order). */
export function orderedEntries(list: WaitingList | null | undefined): [string, WaitingEntry][] {
  return Object.entries(list?.entries ?? {}).sort(
    ([idA, a], [idB, b]) => a.rank - b.rank || a.createdAt - b.createdAt || (idA < idB ? -1 : idA > idB ? 1 : 0),
  );
}

/** Every account's places, derived from the entries: place 1 is first in line. */
function placesOf(entries: Entries): Record<string, Record<string, WaitingPlace>> {
  const places: Record<string, Record<string, WaitingPlace>> = {};
  orderedEntries({ entries }).forEach(([entryId, e], index) => {
    (places[e.uid] ??= {})[entryId] = {
      memberId: e.memberId,
      place: index + 1,
      ...(e.offer ? { offer: e.offer } : {}),
    };
  });
  return places;
}

/** The list record to write for these entries (null when nobody waits: RTDB keeps no empty nodes). */
function listOf(entries: Entries): WaitingList | null {
  if (Object.keys(entries).length === 0) return null;
  return { entries, places: placesOf(entries) };
}

type WaitingRefusalReason =
  'waiting-already' | 'waiting-list-full' | 'waiting-entry-missing' | 'waiting-not-needed' | 'waiting-closed';
export interface WaitingRefusal {
  reason: WaitingRefusalReason;
  message: string;
}
type Decision<T> = ({ ok: true } & T) | { ok: false; refusal: WaitingRefusal };

/** One entry per participant and type, at the end of the line. */
export function joinDecision(
  list: WaitingList | null,
  join: { entryId: string; uid: string; memberId: string; name: string; now: number },
): Decision<{ next: WaitingList; place: number }> {
  const entries = { ...(list?.entries ?? {}) };
  const existing = Object.entries(entries).find(([, e]) => e.uid === join.uid && e.memberId === join.memberId);
  if (existing)
    return {
      ok: false,
      refusal: {
        reason: 'waiting-already',
        message: `${join.name} już czeka na liście (miejsce ${placesOf(entries)[join.uid]?.[existing[0]]?.place ?? '?'})`,
      },
    };
  if (Object.keys(entries).length >= WAITING_LIST_MAX_ENTRIES)
    return {
      ok: false,
      refusal: { reason: 'waiting-list-full', message: 'Lista oczekujących na ten bilet jest pełna' },
    };
  const rank = Math.max(-1, ...Object.values(entries).map((e) => e.rank)) + 1;
  entries[join.entryId] = { uid: join.uid, memberId: join.memberId, name: join.name, rank, createdAt: join.now };
  const next = listOf(entries)!;
  return { ok: true, next, place: next.places![join.uid][join.entryId].place };
}

/** Removes an entry; `uid` given = only the owner's own entry (others' entries answer "missing"). */
export function leaveDecision(
  list: WaitingList | null,
  entryId: string,
  uid?: string,
): Decision<{ next: WaitingList | null; removed: WaitingEntry }> {
  const entry = list?.entries && Object.hasOwn(list.entries, entryId) ? list.entries[entryId] : null;
  if (!entry || (uid !== undefined && entry.uid !== uid))
    return {
      ok: false,
      refusal: { reason: 'waiting-entry-missing', message: 'Tego wpisu nie ma już na liście oczekujących' },
    };
  const { [entryId]: _removed, ...rest } = list!.entries!;
  return { ok: true, next: listOf(rest), removed: entry };
}

/** Swaps the entry with its neighbour above or below; at the top (bottom) nothing moves. */
export function moveDecision(
  list: WaitingList | null,
  entryId: string,
  direction: 'up' | 'down',
): Decision<{ next: WaitingList }> {
  const ordered = orderedEntries(list);
  const index = ordered.findIndex(([id]) => id === entryId);
  if (index < 0)
    return {
      ok: false,
      refusal: { reason: 'waiting-entry-missing', message: 'Tego wpisu nie ma już na liście oczekujących' },
    };
  const other = direction === 'up' ? index - 1 : index + 1;
  // Ranks are renumbered 0…n−1 in line order, so a swap never meets two equal ranks.
  const ids = ordered.map(([id]) => id);
  if (other >= 0 && other < ids.length) [ids[index], ids[other]] = [ids[other], ids[index]];
  const entries = Object.fromEntries(ids.map((id, rank) => [id, { ...list!.entries![id], rank }]));
  return { ok: true, next: listOf(entries)! };
}

/** Entries with an offer whose time is up (they pass to the next in line). */
export function expiredOfferIds(list: WaitingList | null, now: number): string[] {
  return orderedEntries(list)
    .filter(([, e]) => e.offer && e.offer.expiresAt <= now)
    .map(([id]) => id);
}

export function withoutEntries(list: WaitingList | null, entryIds: readonly string[]): WaitingList | null {
  const drop = new Set(entryIds);
  return listOf(Object.fromEntries(Object.entries(list?.entries ?? {}).filter(([id]) => !drop.has(id))));
}

/**
 * Marks the offers the ticket type now holds on their entries. `gone`: entries that left the list
 * after their unit was held — the caller gives those holds back.
 */
export function withOffers(
  list: WaitingList | null,
  offers: ReadonlyArray<{ entryId: string } & WaitingOffer>,
): { next: WaitingList | null; applied: string[]; gone: string[] } {
  const entries = { ...(list?.entries ?? {}) };
  const applied: string[] = [];
  const gone: string[] = [];
  for (const { entryId, offeredAt, expiresAt } of offers) {
    if (!Object.hasOwn(entries, entryId)) {
      gone.push(entryId);
      continue;
    }
    if (!entries[entryId].offer) applied.push(entryId);
    entries[entryId] = { ...entries[entryId], offer: entries[entryId].offer ?? { offeredAt, expiresAt } };
  }
  return { next: listOf(entries), applied, gone };
}

// ---------------------------------------------------------------- units held by offers
// heldUnits / freeUnits live in schemas.ts beside the ticket type's `offers`: the dashboard reads a
// type's free units and needs none of this module's schemas.

/**
 * Who gets the free units: the first `free units` entries without an offer, in line order. Entries
 * already holding a unit are skipped, so two runs at once (two cancellations) never offer twice to
 * one entry, and never more units than are free (the caller decides inside the ticket type's transaction).
 * Entries in `passOver` (their participant already has a ticket of the type) are skipped too.
 */
export function nextInLine(
  list: WaitingList | null,
  type: { quota: number; sold: number; offers?: HeldOffers },
  passOver: ReadonlySet<string> = new Set(),
): string[] {
  const free = freeUnits(type);
  if (free === 0) return [];
  const held = new Set(Object.keys(type.offers ?? {}));
  return orderedEntries(list)
    .filter(([id, e]) => !e.offer && !held.has(id) && !passOver.has(id))
    .slice(0, free)
    .map(([id]) => id);
}

/** The ticket type with holds added for `entryIds` (those not already held), each until `expiresAt`. */
export function holdFor<T extends { quota: number; sold: number; offers?: Record<string, number> }>(
  type: T,
  candidates: readonly string[],
  expiresAt: number,
): { next: T; held: string[] } {
  const free = freeUnits(type);
  const offers = { ...(type.offers ?? {}) };
  const held = candidates.filter((id) => !Object.hasOwn(offers, id)).slice(0, free);
  for (const id of held) offers[id] = expiresAt;
  return { next: { ...type, offers }, held };
}

/** The ticket type without the holds of `entryIds` (given back, taken, or expired). */
export function withoutHolds<T extends { offers?: Record<string, number> }>(type: T, entryIds: readonly string[]): T {
  const offers = Object.fromEntries(Object.entries(type.offers ?? {}).filter(([id]) => !entryIds.includes(id)));
  const { offers: _old, ...rest } = type;
  return (Object.keys(offers).length ? { ...rest, offers } : rest) as T;
}

/** Holds whose time is up. */
export function expiredHolds(type: { offers?: HeldOffers }, now: number): string[] {
  return Object.entries(type.offers ?? {})
    .filter(([, expiresAt]) => expiresAt <= now)
    .map(([id]) => id);
}

/**
 * What the expiry run settles among a type's holds, given the type read *before* the list (a hold is
 * only ever made for an entry already on the list, and an entry that left never comes back, so a hold
 * seen first whose entry is missing from the list read after it belongs to an entry that left; a hold
 * made after the type was read is not seen at all):
 * - `orphans`: holds whose entry left the list — given back;
 * - `unannounced`: standing holds whose entry waits without an offer — an offer whose freeing path
 *   stopped after holding the unit (before marking the list or telling the participant): completed
 *   with the hold's deadline.
 */
export function unsettledHolds(
  type: { offers?: HeldOffers } | null,
  list: WaitingList | null,
  now: number,
): { orphans: string[]; unannounced: { entryId: string; expiresAt: number }[] } {
  const entries = list?.entries ?? {};
  const orphans: string[] = [];
  const unannounced: { entryId: string; expiresAt: number }[] = [];
  for (const [entryId, expiresAt] of Object.entries(type?.offers ?? {})) {
    if (!Object.hasOwn(entries, entryId)) orphans.push(entryId);
    else if (!entries[entryId].offer && expiresAt > now) unannounced.push({ entryId, expiresAt });
  }
  return { orphans, unannounced };
}

/**
 * The offers an order of these ticket lines takes: for each line, the entry of its participant on
 * that type's list (from the buyer's places) whose unit the type still holds, not yet expired.
 */
export function offersTakenBy(
  lines: ReadonlyArray<{ type: string; ticketTypeId?: string; memberId?: string }>,
  offersOf: (ticketTypeId: string) => HeldOffers,
  placesOf: (ticketTypeId: string) => Record<string, WaitingPlace> | null | undefined,
  now: number,
): Map<string, string[]> {
  const taken = new Map<string, string[]>();
  for (const line of lines) {
    if (line.type !== 'ticket' || !line.ticketTypeId || !line.memberId) continue;
    const offers = offersOf(line.ticketTypeId) ?? {};
    const mine = Object.entries(placesOf(line.ticketTypeId) ?? {}).find(
      ([entryId, p]) => p.memberId === line.memberId && Object.hasOwn(offers, entryId) && offers[entryId] > now,
    );
    if (mine) taken.set(line.ticketTypeId, [...(taken.get(line.ticketTypeId) ?? []), mine[0]]);
  }
  return taken;
}

/** Whether a participant may join: the type is on sale and nothing is left to buy. */
export function joinRefusal(
  type: {
    name: string;
    active: boolean;
    quota: number;
    sold: number;
    saleEnd?: number | null;
    offers?: HeldOffers;
  } | null,
  now: number,
): WaitingRefusal | null {
  if (!type || !type.active || (type.saleEnd != null && now > type.saleEnd))
    return { reason: 'waiting-closed', message: 'Na ten bilet nie prowadzimy już listy oczekujących' };
  if (freeUnits(type) > 0)
    return {
      reason: 'waiting-not-needed',
      message: `Bilety „${type.name}” są jeszcze dostępne — dodaj bilet do koszyka`,
    };
  return null;
}
