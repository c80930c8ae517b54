import { db } from '../lib/admin.js';
import { refuse } from '../lib/refusal.js';
import { transact } from '../lib/tx.js';
import {
  addHoldings,
  holdingsRequestOf,
  removeHoldings,
  quotaRefusal,
  reservationsOf,
  stockRefusal,
  ticketClaimRefusal,
  type Catalogue,
  type Holdings,
  type HoldingsRequest,
  type LimitRefusal,
  type ReservationRefusal,
  type OrderLine,
  type Reservations,
  type TicketType,
  type Variant,
} from '../domain/index.js';

/** A compensation: what to run, in reverse order, when a later step of a multi-step operation fails. */
export interface Undo { label: string; run: () => Promise<unknown> }

/** A reservation step's refusal as the callable answers it. */
export const refusalOf = (r: ReservationRefusal) =>
  refuse(r.reason, { ...(r.message ? { message: r.message } : {}), ...(r.field ? { field: r.field } : {}), ...(r.item ? { item: r.item } : {}), ...(r.left !== undefined ? { left: r.left } : {}) });

/** Gives back `count` of a ticket type's quota; follows the type into the archive if it was archived meanwhile. */
export async function releaseTicketQuota(ticketTypeId: string, count: number): Promise<void> {
  for (const base of ['ticketTypes', 'archivedTicketTypes']) {
    let found = false;
    await transact<TicketType>(db.ref(`${base}/${ticketTypeId}`), (cur) => {
      found = cur !== null;
      if (!cur) return null;
      return { ...cur, sold: Math.max(0, cur.sold - count) };
    });
    if (found) return;
  }
}

export async function releaseVariantStock(productId: string, variantId: string, quantity: number): Promise<void> {
  for (const base of ['products', 'archivedProducts']) {
    let found = false;
    await transact<Variant>(db.ref(`${base}/${productId}/variants/${variantId}`), (cur) => {
      found = cur !== null;
      if (!cur) return null;
      return { ...cur, sold: Math.max(0, cur.sold - quantity) };
    });
    if (found) return;
  }
}

/** Removes a participant's ticket claim only if this order holds it. */
export async function releaseTicketClaim(uid: string, memberId: string, ticketTypeId: string, orderId: string): Promise<void> {
  await transact<{ orderId: string }>(db.ref(`tickets/${uid}/${memberId}/${ticketTypeId}`), (cur) => {
    if (!cur) return null;
    return cur.orderId === orderId ? null : cur;
  });
}

export async function releaseAll(uid: string, orderId: string, r: Reservations): Promise<void> {
  await releaseHoldings(uid, r);
  for (const [ticketTypeId, count] of r.ticketTypes) await releaseTicketQuota(ticketTypeId, count);
  for (const v of r.variants.values()) await releaseVariantStock(v.productId, v.variantId, v.quantity);
  for (const c of r.ticketClaims) await releaseTicketClaim(uid, c.memberId, c.ticketTypeId, orderId);
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
  { checkSaleWindow = true } = {},
): Promise<void> {
  const r = reservationsOf({ lines: Object.fromEntries(lines.map((l, i) => [String(i), l])) });
  const asked = holdingsRequestOf(r, catalogue);
  if (!asked.ok) throw refusalOf(asked.refusal);
  const { request } = asked;

  const claims = lines.flatMap((line) => (line.type === 'ticket' ? [claimTicket(uid, orderId, line, undo)] : []));
  const holdings = takeHoldings(uid, r, request, undo);
  const quota = [...r.ticketTypes].map(([ticketTypeId, count]) => takeQuota(ticketTypeId, request.tickets.get(ticketTypeId)!.name, count, now, checkSaleWindow, undo));
  const stock = [...request.variants.values()].map((v) => takeStock(v, undo));
  const settled = await Promise.allSettled([...claims, holdings, ...quota, ...stock]);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
}

async function claimTicket(uid: string, orderId: string, line: Extract<OrderLine, { type: 'ticket' }>, undo: Undo[]): Promise<void> {
  let holder: string | null = null;
  await transact<{ orderId: string; status: string }>(db.ref(`tickets/${uid}/${line.memberId}/${line.ticketTypeId}`), (cur) => {
    holder = cur && cur.orderId !== orderId ? cur.orderId : null;
    return holder ? undefined : { orderId, status: 'pending' };
  });
  const why = ticketClaimRefusal(line, holder, orderId);
  if (why) throw refusalOf(why);
  undo.push({ label: 'ticket claim', run: () => releaseTicketClaim(uid, line.memberId, line.ticketTypeId, orderId) });
}

async function takeHoldings(uid: string, r: Reservations, request: HoldingsRequest, undo: Undo[]): Promise<void> {
  let over: LimitRefusal | null = null;
  await transact<Holdings>(db.ref(`holdings/${uid}`), (cur) => {
    const result = addHoldings(cur, request);
    over = result.ok ? null : result.refusal;
    return result.ok ? result.next : undefined;
  });
  if (over) throw refusalOf(over);
  undo.push({ label: 'holdings', run: () => releaseHoldings(uid, r) });
}

async function takeQuota(ticketTypeId: string, name: string, count: number, now: number, checkSaleWindow: boolean, undo: Undo[]): Promise<void> {
  let why: ReservationRefusal | null = null;
  const { committed, value } = await transact<TicketType>(db.ref(`ticketTypes/${ticketTypeId}`), (cur) => {
    why = null;
    if (!cur) return null;
    why = quotaRefusal(cur, name, count, now, { checkSaleWindow });
    return why ? undefined : { ...cur, sold: cur.sold + count };
  });
  if (why) throw refusalOf(why);
  if (!committed || !value) throw refusalOf(quotaRefusal(null, name, count, now)!);
  undo.push({ label: `quota ${ticketTypeId}`, run: () => releaseTicketQuota(ticketTypeId, count) });
}

async function takeStock(v: { productId: string; variantId: string; quantity: number; label: string }, undo: Undo[]): Promise<void> {
  let why: ReservationRefusal | null = null;
  const { committed, value } = await transact<Variant>(db.ref(`products/${v.productId}/variants/${v.variantId}`), (cur) => {
    why = null;
    if (!cur) return null;
    why = stockRefusal(cur, v.quantity, v.label);
    return why ? undefined : { ...cur, sold: cur.sold + v.quantity };
  });
  if (why) throw refusalOf(why);
  if (!committed || !value) throw refusalOf(stockRefusal(null, v.quantity, v.label)!);
  undo.push({ label: `stock ${v.productId}/${v.variantId}`, run: () => releaseVariantStock(v.productId, v.variantId, v.quantity) });
}

/** Takes an order's reservations out of the account's holdings. */
export async function releaseHoldings(uid: string, r: Reservations): Promise<void> {
  await transact<Holdings>(db.ref(`holdings/${uid}`), (cur) => (cur ? removeHoldings(cur, r.ticketTypes, r.variants.values()) : null));
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
