import { logger } from 'firebase-functions/v2';
import { db } from '../lib/admin.js';
import type { Increments } from '../lib/increments.js';
import { refusalFrom } from '../lib/refusal.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
import {
  CONFIRMATION_ELSEWHERE,
  addHoldings,
  holdingsRequestOf,
  removeHoldings,
  quotaRefusal,
  reservationsOf,
  stockRefusal,
  ticketClaimRefusal,
  archivedTicketTypeSchema,
  holdingsSchema,
  ticketRecordSchema,
  ticketTypeSchema,
  variantSchema,
  type Catalogue,
  type HoldingsRequest,
  type Order,
  type OrderLine,
  type Reservations,
  withoutEmptyHoldings,
  withoutHolds,
} from '../domain/index.js';

/** A compensation: what to run, in reverse order, when a later step of a multi-step operation fails. */
export interface Undo {
  label: string;
  run: () => Promise<unknown>;
}

/** Gives back `count` of a ticket type's quota; follows the type into the archive if it was archived meanwhile. */
export async function releaseTicketQuota(ticketTypeId: string, count: number): Promise<void> {
  for (const [base, schema] of [
    ['ticketTypes', ticketTypeSchema],
    ['archivedTicketTypes', archivedTicketTypeSchema],
  ] as const) {
    const { value } = await transactStored(`${base}/${ticketTypeId}`, schema, `bilet ${ticketTypeId}`, (cur) =>
      cur ? { ...cur, sold: Math.max(0, cur.sold - count) } : null,
    );
    if (value) return;
  }
}

async function releaseVariantStock(productId: string, variantId: string, quantity: number): Promise<void> {
  for (const base of ['products', 'archivedProducts']) {
    const { value } = await transactStored(
      `${base}/${productId}/variants/${variantId}`,
      variantSchema,
      `wariant ${productId}/${variantId}`,
      (cur) => (cur ? { ...cur, sold: Math.max(0, cur.sold - quantity) } : null),
    );
    if (value) return;
  }
}

/** Removes a participant's ticket claim only if this order holds it. */
export async function releaseTicketClaim(
  uid: string,
  memberId: string,
  ticketTypeId: string,
  orderId: string,
): Promise<void> {
  await transactStored(`tickets/${uid}/${memberId}/${ticketTypeId}`, ticketRecordSchema, 'bilet uczestnika', (cur) =>
    cur?.orderId === orderId ? null : KEEP,
  );
}

/**
 * Takes everything an order's lines need: the participants' ticket claims (one ticket of a type per
 * participant), the account's holdings (per-account caps), the ticket types' quota and the variants'
 * stock. The steps touch different nodes, so they run at once — one round trip for all of them —
 * and each pushes its compensation onto `undo` as soon as it has committed. When any step says no,
 * the refusal of the first step in that order (claims, holdings, quota, stock) is thrown after all
 * have settled; the caller runs `undo`, which gives back whatever the others took.
 */
export async function reserveOrderLines(
  uid: string,
  orderId: string,
  lines: readonly OrderLine[],
  catalogue: Catalogue,
  now: number,
  undo: Undo[],
  {
    checkSaleWindow = true,
    ownOffers = new Map<string, readonly string[]>() as ReadonlyMap<string, readonly string[]>,
  } = {},
): Promise<void> {
  const r = reservationsOf({ lines: Object.fromEntries(lines.map((l, i) => [String(i), l])) });
  const asked = holdingsRequestOf(r, catalogue);
  if (!asked.ok) throw refusalFrom(asked.refusal);
  const { request } = asked;

  const claims = lines.flatMap((line) => (line.type === 'ticket' ? [claimTicket(uid, orderId, line, undo)] : []));
  const holdings = takeHoldings(uid, r, request, undo);
  const quota = [...r.ticketTypes].map(([ticketTypeId, count]) =>
    takeQuota(
      ticketTypeId,
      request.tickets.get(ticketTypeId)!.name,
      count,
      now,
      checkSaleWindow,
      undo,
      ownOffers.get(ticketTypeId) ?? [],
    ),
  );
  const stock = [...request.variants.values()].map((v) => takeStock(v, undo));
  const settled = await Promise.allSettled([...claims, holdings, ...quota, ...stock]);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
}

async function claimTicket(
  uid: string,
  orderId: string,
  line: Extract<OrderLine, { type: 'ticket' }>,
  undo: Undo[],
): Promise<void> {
  await transactStored(
    `tickets/${uid}/${line.memberId}/${line.ticketTypeId}`,
    ticketRecordSchema,
    'bilet uczestnika',
    (cur) => {
      // This order's claim already paid: another confirmation booked it while this one re-reserved it.
      if (cur?.orderId === orderId && cur.status === 'paid') throw refusalFrom(CONFIRMATION_ELSEWHERE);
      const refusal = ticketClaimRefusal(line, cur && cur.orderId !== orderId ? cur.orderId : null, orderId);
      if (refusal) throw refusalFrom(refusal);
      return { orderId, status: 'pending' };
    },
  );
  undo.push({ label: 'ticket claim', run: () => releaseTicketClaim(uid, line.memberId, line.ticketTypeId, orderId) });
}

async function takeHoldings(uid: string, r: Reservations, request: HoldingsRequest, undo: Undo[]): Promise<void> {
  await transactStored(`holdings/${uid}`, holdingsSchema, 'limity konta', (cur) => {
    const result = addHoldings(cur, request);
    if (!result.ok) throw refusalFrom(result.refusal);
    return result.next;
  });
  undo.push({ label: 'holdings', run: () => releaseHoldings(uid, r) });
}

/**
 * Reserves `count` tickets of a type. Waiting-list offers of this order (`offerCandidates`) that still
 * hold their unit are taken in the same write: their holds go, `sold` rises, so the offered units are
 * the buyer's and nobody else's (docs/waiting-list.md).
 */
async function takeQuota(
  ticketTypeId: string,
  name: string,
  count: number,
  now: number,
  checkSaleWindow: boolean,
  undo: Undo[],
  offerCandidates: readonly string[],
): Promise<void> {
  let taken: Record<string, number> = {};
  const { value } = await transactStored(
    `ticketTypes/${ticketTypeId}`,
    ticketTypeSchema,
    `bilet ${ticketTypeId}`,
    (cur) => {
      taken = {};
      if (!cur) return null;
      for (const id of offerCandidates)
        if (cur.offers && Object.hasOwn(cur.offers, id) && cur.offers[id] > now) taken[id] = cur.offers[id];
      const ownOffers = Object.keys(taken);
      const refusal = quotaRefusal(cur, name, count, now, { checkSaleWindow, ownOffers });
      if (refusal) throw refusalFrom(refusal);
      return { ...withoutHolds(cur, ownOffers), sold: cur.sold + count };
    },
  );
  if (!value) throw refusalFrom(quotaRefusal(null, name, count, now)!);
  const takenHolds = taken;
  undo.push({
    label: `quota ${ticketTypeId}`,
    run: () =>
      Object.keys(takenHolds).length
        ? giveBackTakenOffers(ticketTypeId, count, takenHolds)
        : releaseTicketQuota(ticketTypeId, count),
  });
}

/** Undoes a reservation that took offers: the units go back to being held for those entries. */
async function giveBackTakenOffers(ticketTypeId: string, count: number, holds: Record<string, number>): Promise<void> {
  await transactStored(`ticketTypes/${ticketTypeId}`, ticketTypeSchema, `bilet ${ticketTypeId}`, (cur) =>
    cur ? { ...cur, sold: Math.max(0, cur.sold - count), offers: { ...cur.offers, ...holds } } : null,
  );
}

async function takeStock(
  v: { productId: string; variantId: string; quantity: number; label: string },
  undo: Undo[],
): Promise<void> {
  const { value } = await transactStored(
    `products/${v.productId}/variants/${v.variantId}`,
    variantSchema,
    `wariant ${v.label}`,
    (cur) => {
      if (!cur) return null;
      const refusal = stockRefusal(cur, v.quantity, v.label);
      if (refusal) throw refusalFrom(refusal);
      return { ...cur, sold: cur.sold + v.quantity };
    },
  );
  if (!value) throw refusalFrom(stockRefusal(null, v.quantity, v.label)!);
  undo.push({
    label: `stock ${v.productId}/${v.variantId}`,
    run: () => releaseVariantStock(v.productId, v.variantId, v.quantity),
  });
}

/**
 * What units of an order give back — all of a cancelled order's, the refunded ones of a paid order —
 * as changes for the one update that also records why (the transactions above are the compensations
 * of a placement that is still running): the ticket type's quota or the variant's stock (followed
 * into the archive), the account's holdings (never below what it holds) and a participant's ticket
 * claim that this order holds. In one update with its record, a give-back happens whole or not at
 * all, so repeating one that failed returns nothing twice.
 */
export async function givenBackUnitsChanges(
  orderId: string,
  order: Order,
  units: ReadonlyArray<{ lineId: string; quantity: number }>,
  increments: Increments,
  updates: Record<string, unknown>,
): Promise<void> {
  const holdings = (await readStored(`holdings/${order.uid}`, holdingsSchema, 'limity konta')) ?? {};
  const heldLeft = new Map<string, number>();
  const giveBackHolding = (path: string, held: number, n: number) => {
    const left = heldLeft.get(path) ?? held;
    const back = Math.min(left, n);
    if (back <= 0) return;
    heldLeft.set(path, left - back);
    increments.add(path, -back);
  };
  for (const { lineId, quantity } of units) {
    const line = order.lines[lineId];
    if (line.type === 'ticket') {
      const archived =
        !(await exists(`ticketTypes/${line.ticketTypeId}`)) &&
        (await exists(`archivedTicketTypes/${line.ticketTypeId}`));
      increments.add(`${archived ? 'archivedTicketTypes' : 'ticketTypes'}/${line.ticketTypeId}/sold`, -quantity);
      giveBackHolding(
        `holdings/${order.uid}/tickets/${line.ticketTypeId}`,
        holdings.tickets?.[line.ticketTypeId] ?? 0,
        quantity,
      );
      const claim = await readStored(
        `tickets/${order.uid}/${line.memberId}/${line.ticketTypeId}`,
        ticketRecordSchema,
        'bilet uczestnika',
      );
      if (claim?.orderId === orderId) updates[`tickets/${order.uid}/${line.memberId}/${line.ticketTypeId}`] = null;
    } else {
      const archived =
        !(await exists(`products/${line.productId}/variants/${line.variantId}`)) &&
        (await exists(`archivedProducts/${line.productId}/variants/${line.variantId}`));
      increments.add(
        `${archived ? 'archivedProducts' : 'products'}/${line.productId}/variants/${line.variantId}/sold`,
        -quantity,
      );
      giveBackHolding(
        `holdings/${order.uid}/variants/${line.productId}/${line.variantId}`,
        holdings.variants?.[line.productId]?.[line.variantId] ?? 0,
        quantity,
      );
    }
  }
}

/**
 * Removes the zero counts the give-back's increments leave in an account's holdings (a transaction of
 * its own after the update: zero and absent mean the same, so it may fail without harm).
 */
export async function tidyHoldings(uid: string): Promise<void> {
  await transactStored(`holdings/${uid}`, holdingsSchema, 'limity konta', (cur) => {
    const tidy = withoutEmptyHoldings(cur);
    return JSON.stringify(tidy) === JSON.stringify(cur) ? KEEP : tidy;
  }).catch((error) => logger.warn(`tidyHoldings: ${uid}`, error));
}

async function exists(path: string): Promise<boolean> {
  return (await db.ref(path).get()).exists();
}

/** Takes an order's reservations out of the account's holdings. */
async function releaseHoldings(uid: string, r: Reservations): Promise<void> {
  await transactStored(`holdings/${uid}`, holdingsSchema, 'limity konta', (cur) =>
    cur ? removeHoldings(cur, r.ticketTypes, r.variants.values()) : null,
  );
}

/** Runs compensations newest first; a failing one is reported and the rest still run. */
export async function runUndo(undo: Undo[], onError: (label: string, error: unknown) => void): Promise<void> {
  for (const step of [...undo].reverse()) {
    try {
      await step.run();
    } catch (error) {
      onError(step.label, error);
    }
  }
}
