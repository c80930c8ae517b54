import { onCall } from 'firebase-functions/v2/https';
import type { z } from 'zod';
import {
  archiveInput,
  archivedProductSchema,
  archivedTicketTypeSchema,
  productSchema,
  heldUnits,
  ticketTypeSchema,
  upsertProductInput,
  upsertTicketTypeInput,
  type ArchiveOutput,
  type Product,
  type UpsertOutput,
} from './domain/index.js';
import { db } from './lib/admin.js';
import { requireAdmin } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { transactStored } from './lib/tx.js';
import { offerFreedUnits } from './orders/waitingOffers.js';

/**
 * Edits go through transactions on the item so that `sold` (moved concurrently by order placement)
 * is never overwritten: the admin edits everything except `sold`.
 */
export const upsertTicketType = onCall(async (request): Promise<UpsertOutput> => {
  const input = parseInput(upsertTicketTypeInput, request.data);
  requireAdmin(request);
  const now = Date.now();
  const fields = stripNulls(input.ticketType);
  if (!input.id) {
    const ref = db.ref('ticketTypes').push();
    await ref.set({ ...fields, sold: 0, updatedAt: now });
    return { id: ref.key!, created: true };
  }
  const { value } = await transactStored(`ticketTypes/${input.id}`, ticketTypeSchema, `bilet ${input.id}`, (cur) => {
    if (!cur) return null;
    if (fields.quota < cur.sold)
      throw refuse('stock-below-sold', {
        field: 'ticketType.quota',
        message: `Pula nie może być mniejsza niż liczba sprzedanych biletów (${cur.sold})`,
      });
    const held = heldUnits(cur);
    if (fields.quota < cur.sold + held)
      throw refuse('stock-below-sold', {
        field: 'ticketType.quota',
        message: `Pula nie może być mniejsza niż liczba sprzedanych biletów i biletów zarezerwowanych dla listy oczekujących (${cur.sold + held})`,
      });
    return { ...fields, sold: cur.sold, ...(cur.offers ? { offers: cur.offers } : {}), updatedAt: now };
  });
  if (!value) throw refuse('ticket-type-missing', { field: 'id' });
  // A raised quota goes to the people waiting first (docs/waiting-list.md).
  await offerFreedUnits(input.id);
  return { id: input.id, created: false };
});

export const upsertProduct = onCall(async (request): Promise<UpsertOutput> => {
  const input = parseInput(upsertProductInput, request.data);
  requireAdmin(request);
  const now = Date.now();
  const { variants, ...fields } = input.product;
  if (!input.id) {
    const ref = db.ref('products').push();
    const withSold = Object.fromEntries(Object.entries(variants).map(([id, v]) => [id, { ...v, sold: 0 }]));
    await ref.set({ ...fields, variants: withSold, updatedAt: now });
    return { id: ref.key!, created: true };
  }
  const { value } = await transactStored(`products/${input.id}`, productSchema, `produkt ${input.id}`, (cur) => {
    if (!cur) return null;
    const next: Product['variants'] = {};
    for (const [id, old] of Object.entries(cur.variants ?? {})) {
      if (!variants[id] && old.sold > 0)
        throw refuse('variant-has-sales', {
          field: `product.variants.${id}`,
          item: old.label,
          message: `Nie można usunąć wariantu „${old.label}” — sprzedano ${old.sold} szt.`,
        });
    }
    for (const [id, v] of Object.entries(variants)) {
      const sold = cur.variants?.[id]?.sold ?? 0;
      if (v.stock < sold)
        throw refuse('stock-below-sold', {
          field: `product.variants.${id}.stock`,
          item: v.label,
          message: `Stan „${v.label}” nie może być mniejszy niż liczba sprzedanych sztuk (${sold})`,
        });
      next[id] = { ...v, sold };
    }
    return { ...fields, variants: next, updatedAt: now };
  });
  if (!value) throw refuse('product-missing', { field: 'id' });
  return { id: input.id, created: false };
});

/**
 * Moves an item between the live and the archive path. The transaction that empties the source
 * captures its exact last value (including `sold` changed a moment ago); if writing the target then
 * fails, the value is put back.
 */
async function move<S extends z.core.$ZodType<Record<string, unknown>>>(
  from: { path: string; schema: S; what: string },
  to: string,
  transform: (value: z.output<S>) => Record<string, unknown>,
): Promise<boolean> {
  let value: z.output<S> | null = null;
  await transactStored(from.path, from.schema, from.what, (cur) => {
    value = cur;
    return null;
  });
  if (!value) return false;
  try {
    await db.ref(to).set(transform(value));
  } catch (error) {
    await db.ref(from.path).set(value);
    throw error;
  }
  return true;
}

type Shelf = {
  live: string;
  archive: string;
  what: string;
  liveSchema: z.core.$ZodType<Record<string, unknown>>;
  archiveSchema: z.core.$ZodType<{ archivedAt: number; archivedBy: string } & Record<string, unknown>>;
};
const TICKET_TYPES: Shelf = {
  live: 'ticketTypes',
  archive: 'archivedTicketTypes',
  what: 'bilet',
  liveSchema: ticketTypeSchema,
  archiveSchema: archivedTicketTypeSchema,
};
const PRODUCTS: Shelf = {
  live: 'products',
  archive: 'archivedProducts',
  what: 'produkt',
  liveSchema: productSchema,
  archiveSchema: archivedProductSchema,
};

function archiveCallable(shelf: Shelf, missing: 'ticket-type-missing' | 'product-missing') {
  return onCall(async (request): Promise<ArchiveOutput> => {
    const { id } = parseInput(archiveInput, request.data);
    const caller = requireAdmin(request);
    const now = Date.now();
    const moved = await move(
      { path: `${shelf.live}/${id}`, schema: shelf.liveSchema, what: `${shelf.what} ${id}` },
      `${shelf.archive}/${id}`,
      (v) => ({ ...v, active: false, archivedAt: now, archivedBy: caller.uid }),
    );
    if (!moved) {
      const archived = await db.ref(`${shelf.archive}/${id}`).get();
      throw archived.exists() ? refuse('already-archived', { field: 'id' }) : refuse(missing, { field: 'id' });
    }
    return { id, archived: true };
  });
}

function restoreCallable(shelf: Shelf) {
  return onCall(async (request): Promise<ArchiveOutput> => {
    const { id } = parseInput(archiveInput, request.data);
    requireAdmin(request);
    const moved = await move(
      { path: `${shelf.archive}/${id}`, schema: shelf.archiveSchema, what: `${shelf.what} ${id} (archiwum)` },
      `${shelf.live}/${id}`,
      ({ archivedAt: _a, archivedBy: _b, ...v }) => ({ ...v, updatedAt: Date.now() }),
    );
    if (!moved) throw refuse('not-archived', { field: 'id' });
    return { id, archived: false };
  });
}

export const archiveTicketType = archiveCallable(TICKET_TYPES, 'ticket-type-missing');
export const restoreTicketType = restoreCallable(TICKET_TYPES);
export const archiveProduct = archiveCallable(PRODUCTS, 'product-missing');
export const restoreProduct = restoreCallable(PRODUCTS);
function stripNulls<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
}
