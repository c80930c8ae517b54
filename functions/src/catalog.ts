import { onCall } from 'firebase-functions/v2/https';
import type { Reference } from 'firebase-admin/database';
import {
  archiveInput,
  upsertProductInput,
  upsertTicketTypeInput,
  type ArchiveOutput,
  type Product,
  type TicketType,
  type UpsertOutput,
} from './domain/index.js';
import { db } from './lib/admin.js';
import { requireAdmin } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { transact } from './lib/tx.js';

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
  let why: ReturnType<typeof refuse> | null = null;
  const { value } = await transact<TicketType>(db.ref(`ticketTypes/${input.id}`), (cur) => {
    why = null;
    if (!cur) return null;
    if (fields.quota < cur.sold) {
      why = refuse('stock-below-sold', { field: 'ticketType.quota', message: `Pula nie może być mniejsza niż liczba sprzedanych biletów (${cur.sold})` });
      return undefined;
    }
    return { ...fields, sold: cur.sold, updatedAt: now } as TicketType;
  });
  if (why) throw why;
  if (!value) throw refuse('ticket-type-missing', { field: 'id' });
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
  let why: ReturnType<typeof refuse> | null = null;
  const { value } = await transact<Product>(db.ref(`products/${input.id}`), (cur) => {
    why = null;
    if (!cur) return null;
    const next: Product['variants'] = {};
    for (const [id, old] of Object.entries(cur.variants ?? {})) {
      if (!variants[id] && old.sold > 0) {
        why = refuse('variant-has-sales', { field: `product.variants.${id}`, item: old.label, message: `Nie można usunąć wariantu „${old.label}” — sprzedano ${old.sold} szt.` });
        return undefined;
      }
    }
    for (const [id, v] of Object.entries(variants)) {
      const sold = cur.variants?.[id]?.sold ?? 0;
      if (v.stock < sold) {
        why = refuse('stock-below-sold', { field: `product.variants.${id}.stock`, item: v.label, message: `Stan „${v.label}” nie może być mniejszy niż liczba sprzedanych sztuk (${sold})` });
        return undefined;
      }
      next[id] = { ...v, sold };
    }
    return { ...fields, variants: next, updatedAt: now } as Product;
  });
  if (why) throw why;
  if (!value) throw refuse('product-missing', { field: 'id' });
  return { id: input.id, created: false };
});

/**
 * Moves an item between the live and the archive path. The transaction that empties the source
 * captures its exact last value (including `sold` changed a moment ago); if writing the target then
 * fails, the value is put back.
 */
async function move(from: Reference, to: Reference, transform: (value: Record<string, unknown>) => Record<string, unknown>): Promise<boolean> {
  let taken: Record<string, unknown> | null = null;
  const { committed } = await transact<Record<string, unknown>>(from, (cur) => {
    taken = cur;
    return null;
  });
  const value = taken as Record<string, unknown> | null;
  if (!committed || !value) return false;
  try {
    await to.set(transform(value));
  } catch (error) {
    await from.set(value);
    throw error;
  }
  return true;
}

function archiveCallable(live: string, archive: string, missing: 'ticket-type-missing' | 'product-missing') {
  return onCall(async (request): Promise<ArchiveOutput> => {
    const { id } = parseInput(archiveInput, request.data);
    const caller = requireAdmin(request);
    const now = Date.now();
    const moved = await move(db.ref(`${live}/${id}`), db.ref(`${archive}/${id}`), (v) => ({ ...v, active: false, archivedAt: now, archivedBy: caller.uid }));
    if (!moved) {
      const archived = await db.ref(`${archive}/${id}`).get();
      throw archived.exists() ? refuse('already-archived', { field: 'id' }) : refuse(missing, { field: 'id' });
    }
    return { id, archived: true };
  });
}

function restoreCallable(live: string, archive: string) {
  return onCall(async (request): Promise<ArchiveOutput> => {
    const { id } = parseInput(archiveInput, request.data);
    requireAdmin(request);
    const moved = await move(db.ref(`${archive}/${id}`), db.ref(`${live}/${id}`), ({ archivedAt: _a, archivedBy: _b, ...v }) => ({ ...v, updatedAt: Date.now() }));
    if (!moved) throw refuse('not-archived', { field: 'id' });
    return { id, archived: false };
  });
}

export const archiveTicketType = archiveCallable('ticketTypes', 'archivedTicketTypes', 'ticket-type-missing');
export const restoreTicketType = restoreCallable('ticketTypes', 'archivedTicketTypes');
export const archiveProduct = archiveCallable('products', 'archivedProducts', 'product-missing');
export const restoreProduct = restoreCallable('products', 'archivedProducts');

function stripNulls<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
}
