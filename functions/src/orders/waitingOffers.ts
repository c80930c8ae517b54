import { logger } from 'firebase-functions/v2';
import {
  accountWaitingPlacesSchema,
  archivedTicketTypeSchema,
  expiredHolds,
  expiredOfferIds,
  nextInLine,
  holdFor,
  offerExpiry,
  offerHoursOf,
  ticketRecordSchema,
  ticketTypeSchema,
  unsettledHolds,
  waitingListSchema,
  waitingListSettingsSchema,
  withOffers,
  withoutEntries,
  withoutHolds,
  type TicketType,
  type WaitingEntry,
  type WaitingList,
  type WaitingPlace,
} from '../domain/index.js';
import { commitWithMail, waitingOfferExpiredMail, waitingOfferMail } from '../mail/index.js';
import { db } from '../lib/admin.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';

/**
 * Waiting-list offers (docs/waiting-list.md): the code paths that free ticket units (cancellation,
 * expiry, refund, a raised quota, an offer given back) call `offerFreedUnits`; the expiry run calls
 * `expireWaitingOffers`. Scheduled functions and database triggers are not needed: everything runs
 * on the callables' own paths.
 */

export const waitingListPath = (ticketTypeId: string) => `waitingList/${ticketTypeId}`;
export const WAITING_LIST_SETTINGS_PATH = 'waitingListSettings';
const LIST_WHAT = 'lista oczekujących';

const readList = (ticketTypeId: string) => readStored(waitingListPath(ticketTypeId), waitingListSchema, LIST_WHAT);

/** A changed list, decided on the current record by `decide` (null = remove the list). */
export function transactList(
  ticketTypeId: string,
  decide: (cur: WaitingList | null) => WaitingList | null | typeof KEEP,
) {
  return transactStored(waitingListPath(ticketTypeId), waitingListSchema, LIST_WHAT, decide);
}

const onSale = (type: TicketType, now: number) => type.active && (type.saleEnd == null || now <= type.saleEnd);

/**
 * Offers the ticket type's free units to the first in line: holds a unit per entry inside the ticket
 * type's transaction (so never more than are free, and never twice to one entry when two freeing
 * paths run at once), marks the offers on the list, puts the ticket into the participant's basket
 * and writes the e-mail. Entries that left in between give their holds back and the next in line is
 * tried. Entries whose participant already has a ticket of the type (bought another way) could not
 * use an offer: they are passed over and leave the list. Never throws: the path that freed the units
 * has done its own work; a failure here is completed by the next expiry run, which offers whatever is
 * free and completes an offer stopped after its hold (`expireWaitingOffers`).
 */
export async function offerFreedUnits(ticketTypeId: string, now = Date.now()): Promise<string[]> {
  const offered: string[] = [];
  try {
    for (let round = 0; round < 5; round++) {
      const [list, settings, seen] = await Promise.all([
        readList(ticketTypeId),
        readStored(WAITING_LIST_SETTINGS_PATH, waitingListSettingsSchema, 'ustawienia listy oczekujących'),
        readStored(`ticketTypes/${ticketTypeId}`, ticketTypeSchema, `bilet ${ticketTypeId}`),
      ]);
      if (!list?.entries || !seen || !onSale(seen, now)) return offered;
      const { eligible, owners } = await screenNextInLine(ticketTypeId, list, seen);
      if (owners.size) await removeTicketOwners(ticketTypeId, owners);
      const expiresAt = offerExpiry(now, offerHoursOf(settings));
      let held: string[] = [];
      const { value: type } = await transactStored(
        `ticketTypes/${ticketTypeId}`,
        ticketTypeSchema,
        `bilet ${ticketTypeId}`,
        (cur) => {
          held = [];
          if (!cur || !onSale(cur, now)) return KEEP;
          // Only entries whose claims were read: a unit freed since the read waits for the next run.
          const result = holdFor(
            cur,
            nextInLine(list, cur, owners).filter((id) => eligible.has(id)),
            expiresAt,
          );
          held = result.held;
          return held.length ? result.next : KEEP;
        },
      );
      if (!type || !held.length) return offered;
      let applied: string[] = [];
      let gone: string[] = [];
      const { value: after } = await transactList(ticketTypeId, (cur) => {
        const result = withOffers(
          cur,
          held.map((entryId) => ({ entryId, offeredAt: now, expiresAt })),
        );
        applied = result.applied;
        gone = result.gone;
        return applied.length ? result.next : KEEP;
      });
      await Promise.all(applied.map((entryId) => announceOffer(ticketTypeId, type, after, entryId, expiresAt)));
      offered.push(...applied);
      if (!gone.length) return offered;
      await releaseHolds(ticketTypeId, gone);
    }
  } catch (error) {
    logger.error(`offerFreedUnits: offering the free units of ${ticketTypeId} failed`, error);
  }
  return offered;
}

/** Whether the participant already holds a ticket claim of the type (an order of it, pending or paid). */
async function holdsTicket(ticketTypeId: string, entry: WaitingEntry): Promise<boolean> {
  const claim = await readStored(
    `tickets/${entry.uid}/${entry.memberId}/${ticketTypeId}`,
    ticketRecordSchema,
    'bilet uczestnika',
  );
  return claim !== null;
}

/**
 * The entries the type's free units would go to (as read before its transaction), with their
 * participants' ticket claims read: `eligible` may be offered a unit, `owners` already hold a ticket
 * of the type and are passed over — the next in line is read in their stead.
 */
async function screenNextInLine(
  ticketTypeId: string,
  list: WaitingList,
  type: TicketType,
): Promise<{ eligible: Set<string>; owners: Set<string> }> {
  const eligible = new Set<string>();
  const owners = new Set<string>();
  for (;;) {
    const unread = nextInLine(list, type, owners).filter((id) => !eligible.has(id));
    if (!unread.length) return { eligible, owners };
    const own = await Promise.all(unread.map((id) => holdsTicket(ticketTypeId, list.entries![id])));
    unread.forEach((id, i) => (own[i] ? owners : eligible).add(id));
  }
}

/** Entries whose participant already has a ticket of the type leave the list (unless an offer was made meanwhile). */
async function removeTicketOwners(ticketTypeId: string, owners: ReadonlySet<string>): Promise<void> {
  let removed: string[] = [];
  await transactList(ticketTypeId, (cur) => {
    removed = [...owners].filter((id) => cur?.entries && Object.hasOwn(cur.entries, id) && !cur.entries[id].offer);
    return removed.length ? withoutEntries(cur, removed) : KEEP;
  });
  if (removed.length)
    logger.info('offerFreedUnits: entries of participants who have the ticket left', { ticketTypeId, removed });
}

/** The offer's e-mail, written with the ticket put into the participant's basket (one update). */
async function announceOffer(
  ticketTypeId: string,
  type: TicketType,
  list: WaitingList | null,
  entryId: string,
  expiresAt: number,
): Promise<void> {
  const entry = list?.entries?.[entryId];
  if (!entry) return;
  const mail = await waitingOfferMail(entryId, {
    uid: entry.uid,
    memberName: entry.name,
    ticketName: type.name,
    expiresAt,
  });
  await commitWithMail(
    {
      [`baskets/${entry.uid}/tickets/${entry.memberId}`]: { ticketTypeId },
      [`baskets/${entry.uid}/updatedAt`]: Date.now(),
    },
    mail,
  );
}

/** Gives back the units held for these entries (followed into the archive). Answers whether any hold was removed. */
async function releaseHolds(ticketTypeId: string, entryIds: readonly string[]): Promise<boolean> {
  let released = false;
  for (const [base, schema] of [
    ['ticketTypes', ticketTypeSchema],
    ['archivedTicketTypes', archivedTicketTypeSchema],
  ] as const) {
    const { value } = await transactStored(`${base}/${ticketTypeId}`, schema, `bilet ${ticketTypeId}`, (cur) => {
      released = false;
      if (!cur || !entryIds.some((id) => cur.offers && Object.hasOwn(cur.offers, id))) return KEEP;
      released = true;
      return withoutHolds(cur, entryIds);
    });
    if (value) return released;
  }
  return released;
}

/** An entry leaves the list (the participant, the admin): its held unit goes to the next in line. */
export async function afterEntryRemoved(ticketTypeId: string, entryId: string): Promise<void> {
  if (await releaseHolds(ticketTypeId, [entryId])) await offerFreedUnits(ticketTypeId);
}

/**
 * The buyer's places on the lists of the ticket types that hold offers now: what the placement
 * needs to tell which offers its lines take (domain `offersTakenBy`).
 */
export async function readOwnPlaces(
  uid: string,
  ticketTypeIds: readonly string[],
): Promise<Map<string, Record<string, WaitingPlace>>> {
  const read = await Promise.all(
    ticketTypeIds.map(
      async (id) =>
        [id, await readStored(`${waitingListPath(id)}/places/${uid}`, accountWaitingPlacesSchema, LIST_WHAT)] as const,
    ),
  );
  return new Map(read.filter((r): r is readonly [string, Record<string, WaitingPlace>] => r[1] !== null));
}

/** After a placement that took offers: their entries leave the list (the units are the order's now). */
export async function removeTakenEntries(taken: ReadonlyMap<string, readonly string[]>): Promise<void> {
  for (const [ticketTypeId, entryIds] of taken) {
    try {
      await transactList(ticketTypeId, (cur) => withoutEntries(cur, entryIds));
    } catch (error) {
      // The entry stays with its offer until the offer's time is up; the expiry run removes it then.
      logger.error(`placeOrder: removing the taken waiting-list entries of ${ticketTypeId} failed`, error);
    }
  }
}

/**
 * The expiry run's part (orders/expire.ts): offers whose time is up leave the list and give their
 * unit back, holds of entries no longer on the list are given back, offers whose freeing path stopped
 * after holding the unit are completed, and every ticket type with people waiting offers what is free.
 */
export async function expireWaitingOffers(now: number): Promise<{ expired: number; offered: number }> {
  const types = ((await db.ref('ticketTypes').get()).val() ?? {}) as Record<string, unknown>;
  const lists = ((await db.ref('waitingList').get()).val() ?? {}) as Record<string, unknown>;
  let expired = 0;
  let offered = 0;
  for (const ticketTypeId of new Set([...Object.keys(types), ...Object.keys(lists)])) {
    const rawType = types[ticketTypeId] as { offers?: unknown } | undefined;
    if (!Object.hasOwn(lists, ticketTypeId) && !rawType?.offers) continue;
    try {
      const result = await settleType(ticketTypeId, now);
      expired += result.expired;
      offered += result.offered;
    } catch (error) {
      logger.error(`expireWaitingOffers: ${ticketTypeId} failed`, error);
    }
  }
  if (expired || offered) logger.info('expireWaitingOffers', { expired, offered });
  return { expired, offered };
}

/** One ticket type's part of the expiry run. */
async function settleType(ticketTypeId: string, now: number): Promise<{ expired: number; offered: number }> {
  // The type before the list (domain `unsettledHolds`): a hold made between the two reads — a
  // concurrent offer to an entry that joined meanwhile — is not seen, so it is never taken for an orphan.
  const type = await readStored(`ticketTypes/${ticketTypeId}`, ticketTypeSchema, `bilet ${ticketTypeId}`);
  const list = await readList(ticketTypeId);
  const { orphans, unannounced } = unsettledHolds(type, list, now);
  if (type && (orphans.length || expiredHolds(type, now).length))
    await transactStored(`ticketTypes/${ticketTypeId}`, ticketTypeSchema, `bilet ${ticketTypeId}`, (cur) => {
      if (!cur) return KEEP;
      const stale = [...orphans, ...expiredHolds(cur, now)].filter((id) => cur.offers && Object.hasOwn(cur.offers, id));
      return stale.length ? withoutHolds(cur, stale) : KEEP;
    });
  let passed: [string, WaitingEntry][] = [];
  let completed: string[] = [];
  let gone: string[] = [];
  if (list?.entries) {
    const { value: after } = await transactList(ticketTypeId, (cur) => {
      const ids = expiredOfferIds(cur, now);
      passed = ids.map((id) => [id, cur!.entries![id]]);
      const result = withOffers(
        withoutEntries(cur, ids),
        unannounced.map(({ entryId, expiresAt }) => ({ entryId, offeredAt: now, expiresAt })),
      );
      completed = result.applied;
      gone = result.gone;
      return ids.length || completed.length ? result.next : KEEP;
    });
    // The e-mail of an offer completed here: the same message id as the freeing path's would have had.
    for (const { entryId, expiresAt } of unannounced)
      if (type && completed.includes(entryId)) await announceOffer(ticketTypeId, type, after, entryId, expiresAt);
    if (gone.length) await releaseHolds(ticketTypeId, gone);
  }
  await announceLapsedOffers(ticketTypeId, type?.name ?? ticketTypeId, passed);
  const offered = await offerFreedUnits(ticketTypeId, now);
  return { expired: passed.length, offered: completed.length + offered.length };
}

/**
 * Tells the owners of offers that ran out unused that the ticket went to the next in line. Written
 * right after the list's transaction that removed the entries (a transaction cannot carry the outbox
 * write); the message id is the entry's, so a repeated write is the same message. A participant who
 * has a ticket of the type by now (bought it) is not told.
 */
async function announceLapsedOffers(
  ticketTypeId: string,
  ticketName: string,
  lapsed: readonly [string, WaitingEntry][],
): Promise<void> {
  for (const [entryId, entry] of lapsed) {
    if (!entry.offer) continue;
    try {
      if (await holdsTicket(ticketTypeId, entry)) continue;
      const mail = await waitingOfferExpiredMail(entryId, {
        uid: entry.uid,
        memberName: entry.name,
        ticketName,
        expiresAt: entry.offer.expiresAt,
      });
      await commitWithMail({}, mail);
    } catch (error) {
      logger.error(`expireWaitingOffers: the lapsed-offer e-mail of ${entryId} failed`, error);
    }
  }
}

/**
 * A deleted account leaves every waiting list (its participants' names go with it); units held for
 * its entries go to the next in line.
 */
export async function removeAccountFromWaitingLists(uid: string): Promise<void> {
  const lists = ((await db.ref('waitingList').get()).val() ?? {}) as Record<string, unknown>;
  for (const ticketTypeId of Object.keys(lists)) {
    let removed: string[] = [];
    await transactList(ticketTypeId, (cur) => {
      removed = Object.entries(cur?.entries ?? {})
        .filter(([, e]) => e.uid === uid)
        .map(([id]) => id);
      return removed.length ? withoutEntries(cur, removed) : KEEP;
    });
    if (removed.length && (await releaseHolds(ticketTypeId, removed))) await offerFreedUnits(ticketTypeId);
  }
}
