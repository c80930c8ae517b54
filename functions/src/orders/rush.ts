import { logger } from 'firebase-functions/v2';
import { ServerValue } from 'firebase-admin/database';
import { formatOrderNumber, ticketSaleRefusal, warsawYear, type LimitRefusal, type TicketType } from '../domain/index.js';
import {
  blockFromClaim,
  claimOrderNumberBlock,
  leaseExtra,
  pickPool,
  poolWithUnits,
  pooledUnits,
  takeFromPool,
  takeOrderSequence,
  type OrderNumberBlock,
  type TicketPool,
  type TicketPools,
} from '../domain/rush/index.js';
import { db } from '../lib/admin.js';
import { refuse } from '../lib/refusal.js';
import { transact } from '../lib/tx.js';

// The database side of placement under a sales rush (functions/src/domain/rush): ticket pools and
// order-number blocks. Not called by placement yet: measured with `bench:orders -- --rush --instances 4`
// (load 50-70), the pools let the type's `sold` run ahead of what other instances saw in the pools —
// a lease's pool increment is sent after its transaction on the type — so buyers were refused
// `sold-out` while leased units waited (70 of 300 sold at 40 ms), and a pool view that lagged sent
// orders round the pools until `try-again` (29 at 0 ms). The pools must become visible atomically
// with the lease (e.g. kept in the ticket-type node, taken by a transaction there only when empty),
// and a sold-out answer must come from a server read, before this is wired in reservations.ts.

export const TICKET_POOLS_PATH = 'ticketPools';

const refusalOf = (r: LimitRefusal) => refuse(r.reason, { message: r.message, ...(r.item ? { item: r.item } : {}), ...(r.left !== undefined ? { left: r.left } : {}) });

/**
 * Paths this instance keeps a listener on, with the latest value each listener delivered: their
 * values are read from memory (the SDK's get() always asks the server), and transactions on them or
 * below them start from the current value (one round trip instead of two: an uncached transaction
 * first sends the hash of "nothing", is refused, and retries).
 */
const synced = new Map<string, { value: unknown; first: Promise<void> }>();
function keepSynced(path: string): { value: unknown; first: Promise<void> } {
  const known = synced.get(path);
  if (known) return known;
  let arrived: () => void = () => {};
  const created: { value: unknown; first: Promise<void> } = { value: null, first: new Promise<void>((resolve) => { arrived = resolve; }) };
  synced.set(path, created);
  db.ref(path).on('value', (snap) => {
    created.value = snap.val();
    arrived();
  }, () => {
    synced.delete(path);
    arrived();
  });
  return created;
}

/** The type's pools as this instance last heard of them (waits for the first value once). */
async function readPools(ticketTypeId: string): Promise<TicketPools | null> {
  const entry = keepSynced(`${TICKET_POOLS_PATH}/${ticketTypeId}`);
  await entry.first;
  return entry.value as TicketPools | null;
}

/** Starts keeping a ticket type and its pools synced; its next reads and transactions need no extra round trip. */
export function watchTicketType(ticketTypeId: string): void {
  keepSynced(`ticketTypes/${ticketTypeId}`);
  keepSynced(`${TICKET_POOLS_PATH}/${ticketTypeId}`);
}

/**
 * Refuses `sold-out` before anything is written when the type (as just read) has fewer than `count`
 * tickets left and no pool holds `count`: the common answer once a rush has sold everything costs
 * reads only, not claims and their compensations.
 */
export async function refuseIfSoldOut(ticketTypeId: string, count: number, type: TicketType, now: number): Promise<void> {
  watchTicketType(ticketTypeId);
  const why = ticketSaleRefusal(type, count, now);
  if (why?.reason !== 'sold-out') return;
  if (poolWithUnits(await readPools(ticketTypeId), count)) return;
  throw refusalOf(why);
}

/** Runs of a type's transaction with data, from which on it counts as contended (see reserveTicketQuota). */
const CONTENDED_RUNS = 3;

/** Rounds of looking for units before giving up (each failed round saw a pool emptied by another order). */
const MAX_ROUNDS = 4 * 8;

/**
 * Reserves `count` tickets of a type: from a pool that holds them, else from the type itself (its
 * quota check), leasing a few extra units into a pool on the way. `type` is the type as the caller
 * read it, for the sale window (the quota is always checked by a transaction).
 */
export async function reserveTicketQuota(ticketTypeId: string, count: number, type: TicketType, now: number, { checkSaleWindow = true } = {}): Promise<void> {
  watchTicketType(ticketTypeId);
  if (checkSaleWindow) {
    const closed = ticketSaleRefusal({ ...type, sold: 0, quota: count }, count, now);
    if (closed) throw refusalOf(closed);
  }
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const pool = poolWithUnits(await readPools(ticketTypeId), count);
    if (pool) {
      let taken = false;
      await transact<TicketPool>(db.ref(`${TICKET_POOLS_PATH}/${ticketTypeId}/${pool}`), (cur) => {
        const next = takeFromPool(cur, count);
        taken = next !== undefined;
        return next;
      });
      if (taken) return;
      continue;
    }
    let why: LimitRefusal | null = null;
    let extra = 0;
    let runsWithData = 0;
    const { committed, value } = await transact<TicketType>(db.ref(`ticketTypes/${ticketTypeId}`), (cur) => {
      why = null;
      extra = 0;
      if (!cur) return null;
      runsWithData++;
      why = ticketSaleRefusal(cur, count, now, { checkSaleWindow });
      if (why) return undefined;
      // Pools are filled only under contention (this transaction lost to another order twice): at
      // ordinary times `sold` stays exactly what the orders hold.
      extra = runsWithData >= CONTENDED_RUNS ? leaseExtra(cur.quota - cur.sold, count) : 0;
      return { ...cur, sold: cur.sold + count + extra };
    });
    if (why) {
      const refusal: LimitRefusal = why;
      // Sold out at the type: units may still wait in a pool.
      if (refusal.reason === 'sold-out' && poolWithUnits(await readPools(ticketTypeId), count)) continue;
      throw refusalOf(refusal);
    }
    if (!committed || !value) throw refuse('ticket-type-missing', { item: type.name, message: `Bilet „${type.name}” nie jest już dostępny` });
    if (extra > 0) {
      // Not awaited: the order's later writes go over the same connection after it. If it is lost,
      // the units stay counted in `sold` (never oversold) until a reconciliation recounts them.
      const leased = extra;
      db.ref(`${TICKET_POOLS_PATH}/${ticketTypeId}/${pickPool()}/left`).set(ServerValue.increment(leased))
        .catch((error) => logger.error(`ticket pool: ${leased} leased units of ${ticketTypeId} were not stored`, error));
    }
    return;
  }
  throw refuse('try-again');
}

/**
 * Adds the units waiting in pools to `held` (ticket type id → units held by orders): a
 * reconciliation sets each type's `sold` to what orders and pools hold together. Placements are
 * stopped while it runs, so the pools do not change meanwhile.
 */
export async function addPooledUnits(held: Map<string, number>): Promise<void> {
  const all = ((await db.ref(TICKET_POOLS_PATH).get()).val() ?? {}) as Record<string, TicketPools>;
  for (const [ticketTypeId, pools] of Object.entries(all)) {
    const units = pooledUnits(pools);
    if (units > 0) held.set(ticketTypeId, (held.get(ticketTypeId) ?? 0) + units);
  }
}

let numberBlock: OrderNumberBlock | null = null;
let claiming: Promise<void> | null = null;

/** The next order number of this instance's block; claims a new block from the year's counter when needed. */
export async function allocateOrderNumber(now: number): Promise<string> {
  const year = warsawYear(now);
  for (;;) {
    const taken = takeOrderSequence(numberBlock, year);
    if (taken) {
      numberBlock = taken.rest;
      return formatOrderNumber(year, taken.sequence);
    }
    // Concurrent requests of one instance wait for one claim instead of each claiming a block.
    claiming ??= (async () => {
      try {
        const { value } = await transact<{ last: number }>(db.ref(`counters/orders/${year}`), (cur) => claimOrderNumberBlock(cur));
        numberBlock = blockFromClaim(year, value!);
      } finally {
        claiming = null;
      }
    })();
    await claiming;
  }
}
