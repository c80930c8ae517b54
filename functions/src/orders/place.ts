import { logger } from 'firebase-functions/v2';
import { onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import type { z } from 'zod';
import {
  accountMembersSchema,
  basketSchema,
  catalogueIdsOf,
  eventFieldsSchema,
  idempotencyRecordSchema,
  newOrder,
  orderSchema,
  parseWith,
  paymentDaysOf,
  paymentDeadline,
  placeTicketOrderInput,
  priceBasket,
  productSchema,
  profileSchema,
  ticketTypeSchema,
  warsawDate,
  type Basket,
  type Catalogue,
  type Order,
  type OrderKind,
  type PlaceOrderOutput,
} from '../domain/index.js';
import { commitWithMail, orderPlacedMail } from '../mail/index.js';
import { db } from '../lib/admin.js';
import { requireCaller } from '../lib/caller.js';
import { isRefusal, parseInput, refuse } from '../lib/refusal.js';
import { parseStored, readStored } from '../lib/stored.js';
import { transact } from '../lib/tx.js';
import { allocateOrderNumber } from './numbering.js';
import { reconciliationRunning } from './reconcile.js';
import { reserveOrderLines, runUndo, type Undo } from './reservations.js';

type PlaceOrderInput = z.output<typeof placeTicketOrderInput>;

/**
 * Order placement, shared by tickets and merchandise. The steps and their compensations are
 * described in docs/data-model.md ("Multi-step operations"): idempotency claim → reservations →
 * order number → one atomic update that makes the order visible.
 */
async function placeOrder(kind: OrderKind, request: CallableRequest): Promise<PlaceOrderOutput> {
  const input = parseInput(placeTicketOrderInput, request.data);
  const { uid } = requireCaller(request);
  const now = Date.now();
  const orderId = db.ref('orders').push().key!;
  const claim = await claimIdempotencyKey(uid, input.idempotencyKey, { orderId, kind, status: 'processing', createdAt: now });
  if (claim.replay) return claim.replay;

  const undo: Undo[] = [{ label: 'idempotency claim', run: () => claim.release() }];
  try {
    // Checked after the claim, which a reconciliation waits for: either it sees this attempt as
    // under way, or this attempt sees its flag and stops here (see orders/reconcile.ts).
    if (await reconciliationRunning(now)) throw refuse('maintenance');
    const { profile, basket, members, paymentDays } = await readBuyerData(uid, input.buyer.country);
    const catalogue = await readCatalogue(catalogueIdsOf(kind, basket));
    const priced = priceBasket(kind, basket, members, catalogue);
    if (!priced.ok) {
      const { reason, ...details } = priced.refusal;
      throw refuse(reason, details);
    }
    await reserveOrderLines(uid, orderId, priced.lines, catalogue, now, undo);
    const order = newOrder({
      uid, kind, lines: priced.lines, number: await allocateOrderNumber(now), email: profile.email, invoice: input.buyer,
      idempotencyKey: input.idempotencyKey, createdAt: now, payBy: paymentDeadline(now, paymentDays),
    });
    // The order e-mail is written in the same update (docs/email.md); its delivery never throws.
    await commitWithMail(placementUpdates(orderId, order, priced.basketPaths.map((p) => `baskets/${uid}/${p}`), input), await orderPlacedMail(orderId, order));
    return { orderId, number: order.number, status: 'pending', totalGross: order.totals.gross, replayed: false };
  } catch (error) {
    await runUndo(undo, (label, undoError) => logger.error(`placeOrder: compensation "${label}" failed for order ${orderId}`, undoError));
    if (isRefusal(error)) throw error;
    logger.error('placeOrder failed', error);
    throw refuse('internal');
  }
}

type IdempotencyRecord = z.output<typeof idempotencyRecordSchema>;

/**
 * Claims the request's idempotency key for this attempt. A key already used answers with the order
 * it placed (a retry after a lost answer), or refuses while that attempt is still under way.
 */
async function claimIdempotencyKey(uid: string, key: string, record: IdempotencyRecord): Promise<{ replay?: PlaceOrderOutput; release: () => Promise<void> }> {
  const path = `idempotency/${uid}/${key}`;
  let existing: unknown = null;
  await transact<IdempotencyRecord>(db.ref(path), (cur) => {
    existing = cur;
    return cur ? undefined : record;
  });
  const release = () => db.ref(path).remove();
  if (existing === null) return { release };
  const previous = parseStored(idempotencyRecordSchema, existing, path, 'klucz żądania');
  if (previous.kind !== record.kind) throw refuse('idempotency-conflict', { field: 'idempotencyKey' });
  if (previous.status !== 'done') throw refuse('busy');
  const order = await readStored(`orders/${previous.orderId}`, orderSchema, 'zamówienie');
  if (!order) throw refuse('busy');
  return { replay: { orderId: previous.orderId, number: order.number, status: order.status, totalGross: order.totals.gross, replayed: true }, release };
}

/** The buyer's profile, basket and participants and the event's payment term, each parsed. */
async function readBuyerData(uid: string, country: string) {
  const [profile, basket, members, countryKnown, paymentDays] = await Promise.all([
    readStored(`profiles/${uid}`, profileSchema, 'profil'),
    // The rules validate the basket too, but the server never trusts what a client could write.
    db.ref(`baskets/${uid}`).get().then((snap) => (snap.exists() ? basketFrom(snap.val()) : {})),
    readStored(`members/${uid}`, accountMembersSchema, 'uczestnicy konta'),
    db.ref(`countries/${country}`).get().then((snap) => snap.exists()),
    readStored('event/paymentDays', eventFieldsSchema.shape.paymentDays, 'termin płatności'),
  ]);
  if (!profile) throw refuse('profile-missing');
  // The buyer's country must come from the organiser's list (as in registration, an event without a list accepts any code).
  if (!countryKnown && (await db.ref('countries').limitToFirst(1).get()).exists()) throw refuse('country-missing', { field: 'buyer.country' });
  return { profile, basket, members: members ?? {}, paymentDays: paymentDaysOf({ paymentDays }) };
}

/** Worded for the participant, who can fix the basket: the refusal names the basket field. */
function basketFrom(value: unknown): Partial<Basket> {
  const parsed = parseWith(basketSchema, value);
  if (!parsed.ok) throw refuse('invalid-input', { field: `basket.${parsed.error.field}`, message: `Koszyk zawiera nieprawidłowe dane: ${parsed.error.message}` });
  return parsed.data;
}

async function readCatalogue({ ticketTypeIds, productIds }: { ticketTypeIds: string[]; productIds: string[] }): Promise<Catalogue> {
  const [ticketTypes, products] = await Promise.all([
    Promise.all(ticketTypeIds.map(async (id) => [id, await readStored(`ticketTypes/${id}`, ticketTypeSchema, `bilet ${id}`)] as const)),
    Promise.all(productIds.map(async (id) => [id, await readStored(`products/${id}`, productSchema, `produkt ${id}`)] as const)),
  ]);
  return { ticketTypes: new Map(ticketTypes), products: new Map(products) };
}

/** The one atomic update that makes the order visible, empties the basket lines and moves the counters. */
function placementUpdates(orderId: string, order: Order, basketPaths: string[], input: PlaceOrderInput): Record<string, unknown> {
  const day = warsawDate(order.createdAt);
  const updates: Record<string, unknown> = {
    [`orders/${orderId}`]: order,
    [`idempotency/${order.uid}/${order.idempotencyKey}/status`]: 'done',
    [`baskets/${order.uid}/updatedAt`]: order.createdAt,
    'stats/admin/revenue/pendingGross': ServerValue.increment(order.totals.gross),
    'stats/admin/orders/pending': ServerValue.increment(1),
    // Like `placed`, the day's placed value is what was ordered that day: a later cancellation does not reverse it.
    [`stats/admin/perDay/${day}/placed`]: ServerValue.increment(1),
    [`stats/admin/perDay/${day}/placedGross`]: ServerValue.increment(order.totals.gross),
  };
  for (const p of basketPaths) updates[p] = null;
  if (input.saveInvoiceData) {
    updates[`profiles/${order.uid}/invoice`] = input.buyer;
    updates[`profiles/${order.uid}/updatedAt`] = order.createdAt;
  }
  return updates;
}

export const placeTicketOrder = onCall((request) => placeOrder('tickets', request));
export const placeMerchOrder = onCall((request) => placeOrder('merch', request));
