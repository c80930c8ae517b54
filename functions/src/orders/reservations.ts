import { db } from '../lib/admin.js';
import { transact } from '../lib/tx.js';
import type { Order, TicketType, Variant } from '../domain/index.js';

/** What an order holds: ticket-type quota, variant stock and per-participant ticket claims. */
export interface Reservations {
  ticketTypes: Map<string, number>;
  variants: Map<string, { productId: string; variantId: string; quantity: number }>;
  ticketClaims: { memberId: string; ticketTypeId: string }[];
}

export function reservationsOf(order: Pick<Order, 'lines'>): Reservations {
  const r: Reservations = { ticketTypes: new Map(), variants: new Map(), ticketClaims: [] };
  for (const line of Object.values(order.lines ?? {})) {
    if (line.type === 'ticket') {
      r.ticketTypes.set(line.ticketTypeId, (r.ticketTypes.get(line.ticketTypeId) ?? 0) + line.quantity);
      r.ticketClaims.push({ memberId: line.memberId, ticketTypeId: line.ticketTypeId });
    } else {
      const key = `${line.productId}/${line.variantId}`;
      const prev = r.variants.get(key);
      r.variants.set(key, { productId: line.productId, variantId: line.variantId, quantity: (prev?.quantity ?? 0) + line.quantity });
    }
  }
  return r;
}

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
  for (const [ticketTypeId, count] of r.ticketTypes) await releaseTicketQuota(ticketTypeId, count);
  for (const v of r.variants.values()) await releaseVariantStock(v.productId, v.variantId, v.quantity);
  for (const c of r.ticketClaims) await releaseTicketClaim(uid, c.memberId, c.ticketTypeId, orderId);
}
