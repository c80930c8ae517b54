import { logger } from 'firebase-functions/v2';
import { onCall } from 'firebase-functions/v2/https';
import { z } from 'zod';
import { linesLeftAfterRefunds } from '../domain/refunds.js';
import { orderRefundsSchema } from '../domain/refundSchemas.js';
import {
  addHoldings,
  discountUsesOfOrders,
  discountUsesSchema,
  sameDiscountUses,
  archivedProductSchema,
  archivedTicketTypeSchema,
  sameHoldings,
  holdingsSchema,
  idempotencyRecordSchema,
  orderSchema,
  productSchema,
  ticketRecordSchema,
  ticketTypeSchema,
  maintenanceFlagSchema,
  variantSchema,
  reconcileReservationsInput,
  reservationsOf,
  type Holdings,
  type HoldingsRequest,
  type Order,
  type ReconcileReservationsOutput,
  type ReservationCorrection,
} from '../domain/index.js';
import { db } from '../lib/admin.js';
import { requireAdmin, type Caller } from '../lib/caller.js';
import { parseInput, refuse } from '../lib/refusal.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { cancelOrderAs } from './cancellation.js';
import { releaseTicketClaim } from './reservations.js';
import { discountUsesPath } from './discounts.js';
import { isFresh, MAINTENANCE_PATH } from './maintenance.js';

/**
 * An order placement or a cancellation that has not finished after this long has died with its
 * function instance (a callable times out after 60 s): what it reserved is repaired, not waited for.
 */
const STALE_AFTER_MS = 10 * 60_000;
/** How long a reconciliation waits for the placements already under way to finish. */
const SETTLE_WAIT_MS = 20_000;
const SETTLE_POLL_MS = 250;

/** A whole collection read back with the schema of one record (none → {}). */
async function readCollection<S extends z.core.$ZodType>(
  path: string,
  schema: S,
  what: string,
): Promise<Record<string, z.output<S>>> {
  return (await readStored(path, z.record(z.string(), schema), what)) ?? {};
}

/**
 * Waits until no placement is under way (no fresh `processing` idempotency record) and removes
 * the records of placements that died. Returns how many were removed; refuses when placements are
 * still running after SETTLE_WAIT_MS.
 */
async function settlePlacements(): Promise<number> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const now = Date.now();
    const all = await readCollection(
      'idempotency',
      z.record(z.string(), idempotencyRecordSchema),
      'próby składania zamówień',
    );
    const stale: string[] = [];
    let running = 0;
    for (const [uid, attempts] of Object.entries(all)) {
      for (const [key, attempt] of Object.entries(attempts ?? {})) {
        if (attempt?.status !== 'processing') continue;
        if (attempt.createdAt < now - STALE_AFTER_MS) stale.push(`${uid}/${key}`);
        else running++;
      }
    }
    if (running === 0) {
      let removed = 0;
      for (const path of stale) {
        // Only if it is still the dead attempt (a transaction, so a concurrent change wins).
        const { written } = await transactStored(
          `idempotency/${path}`,
          idempotencyRecordSchema,
          'próba złożenia zamówienia',
          (cur) => {
            if (!cur) return null;
            return cur.status === 'processing' && cur.createdAt < now - STALE_AFTER_MS ? null : KEEP;
          },
        );
        if (written) removed++;
      }
      return removed;
    }
    if (Date.now() >= deadline) throw refuse('orders-in-progress');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

/**
 * An order holds its quota, stock and ticket claims unless it is cancelled and released. A
 * cancelled order whose release has not finished still counts: its cancellation is returning them
 * right now (or is completed below when it died), and counting it errs on the side of underselling.
 */
function holds(order: Order): boolean {
  return order.status !== 'cancelled' || order.released === false;
}

/**
 * Sets the `sold` counter of the node at `path` to `target` by transaction. Returns the node and
 * the value it had when that differed, null when the node is gone or was already right.
 */
async function setSold<T extends { sold: number }>(
  path: string,
  schema: z.core.$ZodType<T, T>,
  what: string,
  target: number,
): Promise<{ value: T; before: number } | null> {
  let before: number | null = null;
  const { written, value } = await transactStored(path, schema, what, (cur) => {
    before = cur ? cur.sold : null;
    if (!cur) return null;
    return cur.sold === target ? KEEP : { ...cur, sold: target };
  });
  const was = before as number | null;
  return written && value && was !== null && was !== target ? { value, before: was } : null;
}

async function recountTicketTypes(held: Map<string, number>, corrections: ReservationCorrection[]): Promise<number> {
  let checked = 0;
  for (const [base, schema] of [
    ['ticketTypes', ticketTypeSchema],
    ['archivedTicketTypes', archivedTicketTypeSchema],
  ] as const) {
    const types = await readCollection(base, schema, 'rodzaje biletów');
    for (const id of Object.keys(types)) {
      checked++;
      const target = held.get(id) ?? 0;
      const changed = await setSold<{ sold: number; name: string }>(`${base}/${id}`, schema, `bilet ${id}`, target);
      if (changed)
        corrections.push({
          kind: 'ticketType',
          id,
          name: changed.value.name,
          soldBefore: changed.before,
          soldAfter: target,
        });
    }
  }
  return checked;
}

async function recountVariants(held: Map<string, number>, corrections: ReservationCorrection[]): Promise<number> {
  let checked = 0;
  for (const [base, schema] of [
    ['products', productSchema],
    ['archivedProducts', archivedProductSchema],
  ] as const) {
    const products = await readCollection(base, schema, 'produkty');
    for (const [productId, product] of Object.entries(products)) {
      for (const variantId of Object.keys(product.variants ?? {})) {
        checked++;
        const target = held.get(`${productId}/${variantId}`) ?? 0;
        const changed = await setSold(
          `${base}/${productId}/variants/${variantId}`,
          variantSchema,
          `wariant ${productId}/${variantId}`,
          target,
        );
        if (changed) {
          corrections.push({
            kind: 'variant',
            id: `${productId}/${variantId}`,
            name: `${product.name} (${changed.value.label})`,
            soldBefore: changed.before,
            soldAfter: target,
          });
        }
      }
    }
  }
  return checked;
}

/**
 * Sets every account's `/holdings` (per-account caps) to what its holding orders hold. Returns how
 * many accounts needed a correction.
 */
async function recountHoldings(orders: Record<string, Order>): Promise<number> {
  const target = new Map<string, Holdings>();
  for (const order of Object.values(orders)) {
    if (!holds(order)) continue;
    const r = reservationsOf(order);
    const request: HoldingsRequest = { tickets: new Map(), variants: new Map() };
    for (const [id, count] of r.ticketTypes) request.tickets.set(id, { count, cap: Number.MAX_SAFE_INTEGER, name: id });
    for (const [key, v] of r.variants) request.variants.set(key, { ...v, cap: Number.MAX_SAFE_INTEGER, label: key });
    const added = addHoldings(target.get(order.uid) ?? null, request);
    if (added.ok) target.set(order.uid, added.next);
  }
  const stored = await readCollection('holdings', holdingsSchema, 'limity kont');
  let corrected = 0;
  for (const uid of new Set([...Object.keys(stored), ...target.keys()])) {
    const wanted = target.get(uid) ?? null;
    const normal = wanted && (wanted.tickets || wanted.variants) ? wanted : null;
    // Never abort on a value (the first run may see a stale null from the local cache): the last
    // run, on the server's value, decides whether it differed. Holdings that differ only in counts
    // of 0 (left by a refund or a cancellation) hold the same and are left as they are.
    const { written } = await transactStored(`holdings/${uid}`, holdingsSchema, 'limity konta', (cur) =>
      sameHoldings(cur, normal) ? KEEP : normal,
    );
    if (written) corrected++;
  }
  return corrected;
}

/**
 * Sets every code's `/discountUses` to what its holding orders hold (a placement that died after
 * taking uses leaves them taken). Returns how many codes needed a correction.
 */
async function recountDiscountUses(orders: Record<string, Order>): Promise<number> {
  const target = discountUsesOfOrders(Object.entries(orders).filter(([, order]) => holds(order)));
  const stored = await readCollection('discountUses', discountUsesSchema, 'użycia kodów rabatowych');
  let corrected = 0;
  for (const code of new Set([...Object.keys(stored), ...target.keys()])) {
    const wanted = target.get(code) ?? null;
    const { written } = await transactStored(
      discountUsesPath(code),
      discountUsesSchema,
      `użycia kodu ${code}`,
      (cur) => (sameDiscountUses(cur, wanted) ? KEEP : wanted),
    );
    if (written) corrected++;
  }
  return corrected;
}

/** Ticket claims whose order does not exist or has released them (left by a placement that died). */
async function releaseOrphanClaims(orders: Record<string, Order>): Promise<number> {
  const all = await readCollection(
    'tickets',
    z.record(z.string(), z.record(z.string(), ticketRecordSchema)),
    'bilety uczestników',
  );
  let released = 0;
  for (const [uid, members] of Object.entries(all)) {
    for (const [memberId, claims] of Object.entries(members ?? {})) {
      for (const [ticketTypeId, claim] of Object.entries(claims ?? {})) {
        const order = orders[claim.orderId];
        if (order && order.uid === uid && holds(order)) continue;
        await releaseTicketClaim(uid, memberId, ticketTypeId, claim.orderId);
        released++;
      }
    }
  }
  return released;
}

/**
 * The repair for reservations left behind by a function instance that died mid-way (see
 * docs/data-model.md): recounts `sold` of every ticket type and variant from the orders that hold
 * them, sets the discount codes' use counters likewise, releases orphaned ticket claims, removes dead placement attempts and completes dead
 * cancellations. New placements are refused (`maintenance`) while it runs, and it starts only once
 * the placements already under way have finished, so no reservation in flight is lost.
 */
async function reconcileReservationsAs(caller: Caller): Promise<ReconcileReservationsOutput> {
  const startedAt = Date.now();
  await transactStored(MAINTENANCE_PATH, maintenanceFlagSchema, 'znacznik przeliczania rezerwacji', (cur) => {
    if (isFresh(cur, startedAt)) throw refuse('reconcile-running');
    return { by: caller.uid, startedAt };
  });
  try {
    const removedStaleAttempts = await settlePlacements();

    let orders = await readCollection('orders', orderSchema, 'zamówienia');
    let completedCancellations = 0;
    const now = Date.now();
    for (const [orderId, order] of Object.entries(orders)) {
      if (order.status !== 'cancelled' || order.released !== false) continue;
      if ((order.cancelledAt ?? 0) >= now - STALE_AFTER_MS) continue;
      await cancelOrderAs(caller, orderId);
      completedCancellations++;
    }
    if (completedCancellations > 0) orders = await readCollection('orders', orderSchema, 'zamówienia');
    // Refunded lines no longer hold quota, stock or holdings (docs/refunds.md).
    const refunds = await readCollection('refunds', orderRefundsSchema, 'zwroty');
    orders = Object.fromEntries(
      Object.entries(orders).map(([id, o]) => [
        id,
        refunds[id]?.refunded ? { ...o, lines: linesLeftAfterRefunds(o.lines, refunds[id].refunded) } : o,
      ]),
    );

    const ticketsHeld = new Map<string, number>();
    const variantsHeld = new Map<string, number>();
    for (const order of Object.values(orders)) {
      if (!holds(order)) continue;
      const r = reservationsOf(order);
      for (const [id, n] of r.ticketTypes) ticketsHeld.set(id, (ticketsHeld.get(id) ?? 0) + n);
      for (const [key, v] of r.variants) variantsHeld.set(key, (variantsHeld.get(key) ?? 0) + v.quantity);
    }
    const corrections: ReservationCorrection[] = [];
    const checkedTicketTypes = await recountTicketTypes(ticketsHeld, corrections);
    const checkedVariants = await recountVariants(variantsHeld, corrections);
    const releasedTicketClaims = await releaseOrphanClaims(orders);
    const correctedHoldings = await recountHoldings(orders);
    const correctedDiscountUses = await recountDiscountUses(orders);
    const out = {
      checkedTicketTypes,
      checkedVariants,
      corrections,
      releasedTicketClaims,
      removedStaleAttempts,
      completedCancellations,
      correctedHoldings,
      correctedDiscountUses,
    };
    logger.info('reconcileReservations', { by: caller.uid, ...out });
    return out;
  } finally {
    await db.ref(MAINTENANCE_PATH).remove();
  }
}

export const reconcileReservations = onCall(async (request): Promise<ReconcileReservationsOutput> => {
  parseInput(reconcileReservationsInput, request.data);
  const caller = requireAdmin(request);
  return reconcileReservationsAs(caller);
});
