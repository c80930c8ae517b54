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
  ticketTypeSchema,
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
 * tried. Never throws: the path that freed the units has done its own work; a failure here is
 * completed by the next expiry run, which offers whatever is free.
 */
export async function offerFreedUnits(ticketTypeId: string, now = Date.now()): Promise<string[]> {
  const offered: string[] = [];
  try {
    for (let round = 0; round < 5; round++) {
      const [list, settings] = await Promise.all([
        readList(ticketTypeId),
        readStored(WAITING_LIST_SETTINGS_PATH, waitingListSettingsSchema, 'ustawienia listy oczekujących'),
      ]);
      if (!list?.entries) return offered;
      const expiresAt = offerExpiry(now, offerHoursOf(settings));
      let held: string[] = [];
      const { value: type } = await transactStored(
        `ticketTypes/${ticketTypeId}`,
        ticketTypeSchema,
        `bilet ${ticketTypeId}`,
        (cur) => {
          held = [];
          if (!cur || !onSale(cur, now)) return KEEP;
          const result = holdFor(cur, nextInLine(list, cur), expiresAt);
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
 * unit back, holds of entries no longer on the list are given back, and every ticket type with
 * people waiting offers what is free — which also completes an offer whose freeing path failed.
 */
export async function expireWaitingOffers(now: number): Promise<{ expired: number; offered: number }> {
  // Types before lists: a hold seen here whose entry is missing from the lists read after it belongs to an entry that left.
  const types = ((await db.ref('ticketTypes').get()).val() ?? {}) as Record<string, unknown>;
  const lists = ((await db.ref('waitingList').get()).val() ?? {}) as Record<string, unknown>;
  let expired = 0;
  let offered = 0;
  for (const ticketTypeId of new Set([...Object.keys(types), ...Object.keys(lists)])) {
    const rawType = types[ticketTypeId] as { offers?: unknown } | undefined;
    if (!Object.hasOwn(lists, ticketTypeId) && !rawType?.offers) continue;
    try {
      const list = await readList(ticketTypeId);
      const type = await readStored(`ticketTypes/${ticketTypeId}`, ticketTypeSchema, `bilet ${ticketTypeId}`);
      const orphans = Object.keys(type?.offers ?? {}).filter(
        (id) => !list?.entries || !Object.hasOwn(list.entries, id),
      );
      const stale = [...new Set([...(type ? expiredHolds(type, now) : []), ...orphans])];
      if (stale.length)
        await transactStored(`ticketTypes/${ticketTypeId}`, ticketTypeSchema, `bilet ${ticketTypeId}`, (cur) =>
          cur
            ? withoutHolds(
                cur,
                stale.filter((id) => orphans.includes(id) || (cur.offers?.[id] ?? Infinity) <= now),
              )
            : KEEP,
        );
      let passed: [string, WaitingEntry][] = [];
      if (list?.entries) {
        await transactList(ticketTypeId, (cur) => {
          const ids = expiredOfferIds(cur, now);
          passed = ids.map((id) => [id, cur!.entries![id]]);
          return ids.length ? withoutEntries(cur, ids) : KEEP;
        });
      }
      expired += passed.length;
      await announceLapsedOffers(type?.name ?? ticketTypeId, passed);
      offered += (await offerFreedUnits(ticketTypeId, now)).length;
    } catch (error) {
      logger.error(`expireWaitingOffers: ${ticketTypeId} failed`, error);
    }
  }
  if (expired || offered) logger.info('expireWaitingOffers', { expired, offered });
  return { expired, offered };
}

/**
 * Tells the owners of offers that ran out unused that the ticket went to the next in line. Written
 * right after the list's transaction that removed the entries (a transaction cannot carry the outbox
 * write); the message id is the entry's, so a repeated write is the same message.
 */
async function announceLapsedOffers(ticketName: string, lapsed: readonly [string, WaitingEntry][]): Promise<void> {
  for (const [entryId, entry] of lapsed) {
    if (!entry.offer) continue;
    try {
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
