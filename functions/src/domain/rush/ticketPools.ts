/**
 * Ticket pools: a ticket type's quota, pre-split so that a sales rush does not queue on one node.
 *
 * Every reservation used to be a transaction on `/ticketTypes/{id}` (its `sold`). A Realtime Database
 * transaction is optimistic: of the contenders that read the same value, one commits per round trip
 * and the rest retry, so one node commits about one reservation per round trip between the functions
 * and the database (~12/s at 40 ms each way) however many instances run, and the SDK gives up after
 * 25 retries. Instead, a reservation that finds no units in a pool leases a few more units than it
 * needs from the ticket type (`sold` grows by all of them, under the usual quota check) and leaves the
 * extra units in one of TICKET_POOL_COUNT pools, `/ticketPools/{ticketTypeId}/{poolKey}` `{left}`;
 * later reservations take from a pool, spreading the transactions over the pools.
 *
 * Invariants (docs/data-model.md, "Ticket pools"): `sold` counts units held by pending and paid
 * orders plus units waiting in pools, so `sold ≤ quota` still bounds every sale and nothing can be
 * oversold; a release (cancellation, expiry, refund) gives units back to the type's `sold` as before.
 * Leases shrink as the quota runs out (at most half of what is left ends up in pools), so the last
 * tickets are taken from the type directly and few units wait in pools when the type runs out.
 */

/** How many pools a ticket type's quota is spread over. */
export const TICKET_POOL_COUNT = 8;
/** At most this many extra units are leased into a pool at a time. */
export const TICKET_POOL_MAX_LEASE = 10;

export interface TicketPool {
  left: number;
}
export type TicketPools = Record<string, TicketPool | undefined>;

export const ticketPoolKeys: readonly string[] = Array.from({ length: TICKET_POOL_COUNT }, (_, i) => `p${i}`);

/** A random pool, for a lease's extra units. */
export function pickPool(random: () => number = Math.random): string {
  return ticketPoolKeys[Math.min(TICKET_POOL_COUNT - 1, Math.floor(random() * TICKET_POOL_COUNT))];
}

/** A random pool known to hold at least `count` units, or null when none does. */
export function poolWithUnits(pools: TicketPools | null, count: number, random: () => number = Math.random): string | null {
  const candidates = ticketPoolKeys.filter((key) => unitsIn(pools?.[key]) >= count);
  if (candidates.length === 0) return null;
  return candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))];
}

/** Units waiting in all pools of a type. */
export function pooledUnits(pools: TicketPools | null): number {
  return ticketPoolKeys.reduce((sum, key) => sum + unitsIn(pools?.[key]), 0);
}

const unitsIn = (pool: TicketPool | null | undefined): number => (pool && Number.isSafeInteger(pool.left) && pool.left > 0 ? pool.left : 0);

/** Transaction update: a pool with `count` fewer units, or undefined (abort) when it has fewer than `count`. */
export function takeFromPool(current: TicketPool | null, count: number): TicketPool | null | undefined {
  const left = unitsIn(current);
  if (left < count) return undefined;
  // An emptied pool is removed rather than kept at zero.
  return left === count ? null : { left: left - count };
}

/**
 * How many units beyond `count` a reservation leases from a type with `free` units left: at most
 * TICKET_POOL_MAX_LEASE, and at most 1/(2·TICKET_POOL_COUNT) of what would be left, so the pools never
 * hold more than about half of the free units and the last ones are sold from the type itself.
 */
export function leaseExtra(free: number, count: number): number {
  const after = free - count;
  if (after <= 0) return 0;
  return Math.max(0, Math.min(TICKET_POOL_MAX_LEASE, Math.floor(after / (2 * TICKET_POOL_COUNT))));
}
