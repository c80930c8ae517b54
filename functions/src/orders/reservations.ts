import { db } from '../lib/admin.js';
import { refuse } from '../lib/refusal.js';
import { transact } from '../lib/tx.js';
import {
  addHoldings,
  holdingsRequestOf,
  removeHoldings,
  reservationsOf,
  ticketSaleRefusal,
  variantStockRefusal,
  type Catalogue,
  type Holdings,
  type LimitRefusal,
  type OrderLine,
  type Reservations,
  type TicketType,
  type Variant,
} from '../domain/index.js';

/** A compensation: what to run, in reverse order, when a later step of a multi-step operation fails. */
export interface Undo { label: string; run: () => Promise<unknown> }

const refusalOf = (r: Pick<LimitRefusal, 'reason'> & Partial<LimitRefusal>) => refuse(r.reason, { ...(r.message ? { message: r.message } : {}), ...(r.item ? { item: r.item } : {}), ...(r.left !== undefined ? { left: r.left } : {}) });

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
 * Takes everything an order's lines need, step by step, each step pushing its compensation onto
 * `undo` as soon as it has committed: the participants' ticket claims (one ticket of a type per
 * participant), the account's holdings (per-account caps), the ticket types' quota and the variants'
 * stock. Throws a refusal at the first step that says no; the caller runs `undo`.
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

  for (const line of lines) {
    if (line.type !== 'ticket') continue;
    let holder: string | null = null;
    await transact<{ orderId: string; status: string }>(db.ref(`tickets/${uid}/${line.memberId}/${line.ticketTypeId}`), (cur) => {
      holder = cur && cur.orderId !== orderId ? cur.orderId : null;
      return holder ? undefined : { orderId, status: 'pending' };
    });
    if (holder) throw refuse('already-has-ticket', { field: `tickets.${line.memberId}`, item: line.name, message: `${line.memberName} ma już bilet „${line.name}”` });
    undo.push({ label: 'ticket claim', run: () => releaseTicketClaim(uid, line.memberId, line.ticketTypeId, orderId) });
  }

  const asked = holdingsRequestOf(r, catalogue);
  if (!asked.ok) throw refusalOf(asked.refusal);
  const { request } = asked;
  let over: LimitRefusal | null = null;
  await transact<Holdings>(db.ref(`holdings/${uid}`), (cur) => {
    const result = addHoldings(cur, request);
    over = result.ok ? null : result.refusal;
    return result.ok ? result.next : undefined;
  });
  if (over) throw refusalOf(over);
  undo.push({ label: 'holdings', run: () => releaseHoldings(uid, r) });

  for (const [ticketTypeId, count] of r.ticketTypes) {
    const name = request.tickets.get(ticketTypeId)!.name;
    let why: LimitRefusal | null = null;
    const { committed, value } = await transact<TicketType>(db.ref(`ticketTypes/${ticketTypeId}`), (cur) => {
      why = null;
      if (!cur) return null;
      why = ticketSaleRefusal(cur, count, now, { checkSaleWindow });
      return why ? undefined : { ...cur, sold: cur.sold + count };
    });
    if (why) throw refusalOf(why);
    if (!committed || !value) throw refuse('ticket-type-missing', { item: name, message: `Bilet „${name}” nie jest już dostępny` });
    undo.push({ label: `quota ${ticketTypeId}`, run: () => releaseTicketQuota(ticketTypeId, count) });
  }

  for (const v of request.variants.values()) {
    let why: LimitRefusal | null = null;
    const { committed, value } = await transact<Variant>(db.ref(`products/${v.productId}/variants/${v.variantId}`), (cur) => {
      why = null;
      if (!cur) return null;
      why = variantStockRefusal(cur, v.quantity, v.label);
      return why ? undefined : { ...cur, sold: cur.sold + v.quantity };
    });
    if (why) throw refusalOf(why);
    if (!committed || !value) throw refuse('variant-missing', { item: v.label, message: `${v.label} — nie jest już dostępne` });
    undo.push({ label: `stock ${v.productId}/${v.variantId}`, run: () => releaseVariantStock(v.productId, v.variantId, v.quantity) });
  }
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
