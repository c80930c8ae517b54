import { logger } from 'firebase-functions/v2';
import { onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import type { z } from 'zod';
import {
  accountMembersSchema,
  accountTicketsSchema,
  basketClaimSchema,
  holdingsSchema,
  basketSchema,
  catalogueIdsOf,
  eventFieldsSchema,
  idempotencyRecordSchema,
  isSettledByDiscount,
  newOrder,
  orderSchema,
  parseWith,
  paymentDaysOf,
  paymentDeadline,
  placeTicketOrderInput,
  predictedReservationRefusal,
  priceBasket,
  productSchema,
  profileSchema,
  ticketTypeSchema,
  warsawDate,
  type Basket,
  type Catalogue,
  type Order,
  type OrderKind,
  type OrderLine,
  offersTakenBy,
  type PlaceOrderOutput,
} from '../domain/index.js';
import { commitWithMail, orderPlacedMail } from '../mail/index.js';
import { messageIdFor } from '../mail/outbox.js';
import { db } from '../lib/admin.js';
import { requireCaller } from '../lib/caller.js';
import { NodeHolds } from '../lib/liveNodes.js';
import { isRefusal, parseInput, refuse, refusalFrom } from '../lib/refusal.js';
import { parseStored, readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { allocateOrderNumber } from './numbering.js';
import { MAINTENANCE_PATH, reconciliationRunning } from './maintenance.js';
import { reserveOrderLines, runUndo, type Undo } from './reservations.js';
import { countCodeCheck, discountLines, discountStatsUpdates, readDiscount, takeDiscount } from './discounts.js';
import { settledOrder, settledOrderUpdates } from './settledByDiscount.js';
import { readOwnPlaces, removeTakenEntries } from './waitingOffers.js';

type PlaceOrderInput = z.output<typeof placeTicketOrderInput>;

/** How long a process keeps listening to the catalogue, the event and the flag after its last placement. */
const SHARED_NODES_LINGER_MS = 10_000;

/**
 * Order placement, shared by tickets and merchandise. The steps and their compensations are
 * described in docs/data-model.md ("Multi-step operations"): idempotency claim → reservations and
 * order number → one atomic update that makes the order visible. What one placement waits for, in
 * round trips to the database ("Sales rush"):
 * 1. everything the decision needs, read at once: the request's idempotency record, the buyer's
 *    profile, basket, participants, ticket claims and holdings, and — from listeners this process
 *    keeps while it places orders (lib/liveNodes.ts) — the catalogue, the event, the country list
 *    and the reconciliation flag. A key already used answers here (its order, or `busy`), and so
 *    does every refusal these values predict, before anything is written: in a sold-out sale a
 *    refusal costs this one round trip and no write;
 * 2. the idempotency claim and the basket claim, at once (one basket, one order);
 * 3. the reservations and the order number, at once (each a transaction on a node this process
 *    listens to or that is new, so its first attempt carries the current value);
 * 4. the final update (then the order e-mail's delivery).
 */
async function placeOrder(kind: OrderKind, request: CallableRequest): Promise<PlaceOrderOutput> {
  const input = parseInput(placeTicketOrderInput, request.data);
  const { uid } = requireCaller(request);
  const holds = new NodeHolds();
  try {
    return await placeHolding(kind, uid, input, holds);
  } catch (error) {
    if (isRefusal(error)) throw error;
    logger.error('placeOrder failed', error);
    throw refuse('internal');
  } finally {
    holds.releaseAll();
  }
}

async function placeHolding(
  kind: OrderKind,
  uid: string,
  input: PlaceOrderInput,
  holds: NodeHolds,
): Promise<PlaceOrderOutput> {
  const now = Date.now();
  const orderId = db.ref('orders').push().key!;
  const record: IdempotencyRecord = { orderId, kind, status: 'processing', createdAt: now };
  const decided = await decidePlacement(kind, uid, input, holds, record);
  if (decided.replay) return decided.replay;
  const { flag, data, priced, discounted, lines, ownOffers } = decided;
  const { profile, paymentDays, catalogue } = data;

  const [keyClaim, basketClaim] = await Promise.allSettled([
    claimIdempotencyKey(uid, input.idempotencyKey, record),
    claimBasket(uid, kind, orderId, priced.basketPaths, basketPart(kind, data.basket)),
  ]);
  const releaseBasket = () =>
    basketClaim.status === 'fulfilled' && basketClaim.value.claimed ? basketClaim.value.release() : Promise.resolve();
  if (keyClaim.status === 'rejected' || keyClaim.value.replay) {
    await releaseBasket().catch((error: unknown) =>
      logger.error(`placeOrder: releasing the basket claim of order ${orderId} failed`, error),
    );
    if (keyClaim.status === 'rejected') throw keyClaim.reason;
    return keyClaim.value.replay!;
  }
  const claim = keyClaim.value;
  const undo: Undo[] = [{ label: 'idempotency claim', run: () => claim.release() }];
  try {
    if (basketClaim.status === 'rejected') throw basketClaim.reason;
    undo.push({ label: 'basket claim', run: releaseBasket });
    if (basketClaim.value.refusal) throw refuse(basketClaim.value.refusal);
    if (flag.status === 'rejected') throw flag.reason;
    if (await reconciliationRunning(now)) throw refuse('maintenance');
    const [reserved, numbered, outbox, discountTaken] = await Promise.allSettled([
      reserveOrderLines(uid, orderId, lines, catalogue, now, undo, { ownOffers }),
      allocateOrderNumber(now),
      // The order e-mail's delivery transacts on its outbox entry twice: listened to, both commit at once.
      holds.hold(`outbox/${messageIdFor('orderPlaced', orderId)}`),
      discounted ? takeDiscount(discounted.record, discounted.discount, uid, orderId, undo) : Promise.resolve(),
    ]);
    if (reserved.status === 'rejected') throw reserved.reason;
    if (discountTaken.status === 'rejected') throw discountTaken.reason;
    if (numbered.status === 'rejected') throw numbered.reason;
    if (outbox.status === 'rejected')
      logger.warn(`placeOrder: listening to the outbox entry of order ${orderId} failed`, outbox.reason);
    const placed = newOrder({
      uid,
      kind,
      lines,
      number: numbered.value,
      email: profile.email,
      invoice: input.buyer,
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
      payBy: paymentDeadline(now, paymentDays),
      discount: discounted?.discount,
    });
    // Nothing to pay after the discount: confirmed at once, without an invoice (docs/discounts.md).
    const settled = isSettledByDiscount(placed);
    const order = settled ? settledOrder(placed, now) : placed;
    const updates = placementUpdates(
      orderId,
      order,
      kind,
      priced.basketPaths.map((p) => `baskets/${uid}/${p}`),
      input,
    );
    if (settled) Object.assign(updates, settledOrderUpdates(orderId, order, catalogue, now));
    // The order e-mail is written in the same update (docs/email.md); its delivery never throws.
    await commitWithMail(updates, await orderPlacedMail(orderId, order));
    if (ownOffers.size) await removeTakenEntries(ownOffers);
    return { orderId, number: order.number, status: order.status, totalGross: order.totals.gross, replayed: false };
  } catch (error) {
    await runUndo(undo, (label, undoError) =>
      logger.error(`placeOrder: compensation "${label}" failed for order ${orderId}`, undoError),
    );
    throw error;
  }
}

/**
 * Step 1 of a placement: everything the decision needs, read at once, and the answers it gives
 * before anything is written — the order of a key already used, or the refusal the values predict.
 */
async function decidePlacement(
  kind: OrderKind,
  uid: string,
  input: PlaceOrderInput,
  holds: NodeHolds,
  record: IdempotencyRecord,
) {
  const { orderId, createdAt: now } = record;
  // Listened to before the claim is sent (the SDK sends in call order, the database answers a
  // connection in order): once the claim has committed, the flag as this process knows it is at
  // least as new as the claim, so either a reconciliation sees this attempt as under way or this
  // attempt sees its flag (see orders/reconcile.ts) — without a read of its own.
  const flagHeld = holds.hold(MAINTENANCE_PATH, { lingerMs: SHARED_NODES_LINGER_MS });
  const [flag, used, read, discountRead] = await Promise.allSettled([
    flagHeld,
    db
      .ref(idempotencyPath(uid, input.idempotencyKey))
      .get()
      .then((snap): unknown => snap.val()),
    readPlacementData(kind, uid, input.buyer.country, holds),
    // A code is checked here as at the checkout, counted first, so placements cannot guess codes either.
    input.discountCode ? countCodeCheck(uid, now).then(() => readDiscount(input.discountCode!)) : Promise.resolve(null),
  ]);
  if (used.status === 'rejected') throw used.reason;
  if (used.value !== null) return { replay: await answerUsedKey(uid, input.idempotencyKey, used.value, record) };
  if (read.status === 'rejected') throw read.reason;
  if (discountRead.status === 'rejected') throw discountRead.reason;
  const { basket, members, catalogue, claims, holdings } = read.value;
  const priced = priceBasket(kind, basket, members, catalogue);
  if (!priced.ok) {
    const { reason, ...details } = priced.refusal;
    throw refuse(reason, details);
  }
  const discounted = discountRead.value ? discountLines(discountRead.value, priced.lines, uid, now) : null;
  const lines = discounted?.lines ?? priced.lines;
  const ownOffers = await waitingOffersTaken(uid, lines, catalogue, now);
  const predicted = predictedReservationRefusal({ orderId, lines, catalogue, claims, holdings, now, ownOffers });
  if (predicted) throw refusalFrom(predicted);
  return { replay: null, flag, data: read.value, priced, discounted, lines, ownOffers };
}

type IdempotencyRecord = z.output<typeof idempotencyRecordSchema>;

/**
 * The waiting-list offers this order takes (docs/waiting-list.md): the buyer's places are read only
 * on the lists of ordered ticket types that hold offers now (the held catalogue shows the holds; an
 * offer's e-mail is sent after its hold has committed), so other placements read nothing more — a
 * sold-out refusal still costs one round trip. The quota transaction takes only holds that stand.
 */
async function waitingOffersTaken(
  uid: string,
  lines: readonly OrderLine[],
  catalogue: Catalogue,
  now: number,
): Promise<Map<string, string[]>> {
  const typeIds = [...new Set(lines.flatMap((l) => (l.type === 'ticket' ? [l.ticketTypeId] : [])))].filter(
    (id) => catalogue.ticketTypes.get(id)?.offers,
  );
  if (!typeIds.length) return new Map();
  const places = await readOwnPlaces(uid, typeIds);
  return offersTakenBy(
    lines,
    (id) => catalogue.ticketTypes.get(id)?.offers,
    (id) => places.get(id),
    now,
  );
}

/**
 * A basket claim older than this was left by a placement that died (a callable runs at most 60 s);
 * the next placement of that basket takes it over.
 */
const BASKET_CLAIM_STALE_MS = 2 * 60_000;

const basketClaimPath = (uid: string, kind: OrderKind) => `basketClaims/${uid}/${kind}`;
const basketPart = (kind: OrderKind, basket: Partial<Basket>): unknown =>
  (kind === 'tickets' ? basket.tickets : basket.merch) ?? null;

/** The value at `path` (`merch/line-1`) of a basket part as read, for comparing two reads. */
function lineOf(part: unknown, path: string): string {
  const id = path.slice(path.indexOf('/') + 1);
  const value =
    part !== null && typeof part === 'object' && Object.hasOwn(part, id) ? (part as Record<string, unknown>)[id] : null;
  return canonicalJson(value);
}
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

/**
 * One basket, one order (docs/data-model.md): claims the basket part this placement orders
 * (`/basketClaims/{uid}/{kind}`, normally absent, so the transaction's first send commits) and reads
 * the part again right behind the claim — sent after it on the same connection, the database answers
 * it with the basket as it is once the claim has committed. Another placement holding the claim
 * refuses this one (`basket-in-order`); lines that are no longer what was priced (a placement that
 * ordered them finished in between, or the buyer changed them) refuse it too (`basket-changed`).
 * Either way nothing else has been written: the claim, when taken, is released by the caller.
 */
async function claimBasket(
  uid: string,
  kind: OrderKind,
  orderId: string,
  orderedPaths: string[],
  pricedPart: unknown,
): Promise<{ claimed: boolean; refusal?: 'basket-in-order' | 'basket-changed'; release: () => Promise<void> }> {
  const path = basketClaimPath(uid, kind);
  let sends = 0;
  const claimed = transactStored(path, basketClaimSchema, 'zamawiany koszyk', (current) => {
    sends++;
    const heldByOther =
      current !== null && current.orderId !== orderId && Date.now() - current.at < BASKET_CLAIM_STALE_MS;
    return heldByOther ? KEEP : { orderId, at: Date.now() };
  });
  const partRef = db.ref(`baskets/${uid}/${kind}`);
  const readBehindClaim = partRef.get();
  const release = async () => {
    await transactStored(path, basketClaimSchema, 'zamawiany koszyk', (current) =>
      current === null || current.orderId === orderId ? null : KEEP,
    );
  };
  const [result, behind] = await Promise.all([claimed, readBehindClaim]);
  if (!result.written) return { claimed: false, refusal: 'basket-in-order', release };
  // Committed on a later send (a stale claim taken over): the first read may predate it, so read again.
  const part = sends > 1 ? (await partRef.get()).val() : behind.val();
  const unchanged = orderedPaths.every((path) => lineOf(part, path) === lineOf(pricedPart, path));
  return { claimed: true, ...(unchanged ? {} : { refusal: 'basket-changed' as const }), release };
}

const idempotencyPath = (uid: string, key: string) => `idempotency/${uid}/${key}`;

/**
 * Claims the request's idempotency key for this attempt. A key used meanwhile (the same request sent
 * twice at once) is answered as answerUsedKey answers it.
 */
async function claimIdempotencyKey(
  uid: string,
  key: string,
  record: IdempotencyRecord,
): Promise<{ replay?: PlaceOrderOutput; release: () => Promise<void> }> {
  const path = idempotencyPath(uid, key);
  const { written, value: existing } = await transactStored(path, idempotencyRecordSchema, 'klucz żądania', (cur) =>
    cur ? KEEP : record,
  );
  const release = () => db.ref(path).remove();
  if (written || !existing) return { release };
  return { replay: await answerUsedKey(uid, key, existing, record), release };
}

/**
 * A key already used answers with the order it placed (a retry after a lost answer), or refuses
 * while that attempt is still under way, or when it was used for the other kind of order.
 */
async function answerUsedKey(
  uid: string,
  key: string,
  existing: unknown,
  record: IdempotencyRecord,
): Promise<PlaceOrderOutput> {
  const previous = parseStored(idempotencyRecordSchema, existing, idempotencyPath(uid, key), 'klucz żądania');
  if (previous.kind !== record.kind) throw refuse('idempotency-conflict', { field: 'idempotencyKey' });
  if (previous.status !== 'done') throw refuse('busy');
  const order = await readStored(`orders/${previous.orderId}`, orderSchema, 'zamówienie');
  if (!order) throw refuse('busy');
  return {
    orderId: previous.orderId,
    number: order.number,
    status: order.status,
    totalGross: order.totals.gross,
    replayed: true,
  };
}

/**
 * Everything a placement decides on, read at once: the buyer's profile, basket, participants,
 * ticket claims and holdings, the event's payment term and the catalogue entries the basket names,
 * each parsed. The catalogue, the event and the country list are held with a linger, shared by the
 * placements this process serves. The account's own nodes are read, not held: a listener per call
 * costs two more messages and makes every write the SDK acknowledges walk one more listener, which
 * adds up with 80 calls in flight; their transactions seldom meet a value (first-time buyers hold
 * nothing yet), and when they do it costs one round trip.
 */
async function readPlacementData(kind: OrderKind, uid: string, country: string, holds: NodeHolds) {
  const shared = { lingerMs: SHARED_NODES_LINGER_MS };
  const catalogueNode = holds.hold(kind === 'tickets' ? 'ticketTypes' : 'products', shared);
  const [profile, basket, members, countries, paymentDays, claims, holdings] = await Promise.all([
    readStored(`profiles/${uid}`, profileSchema, 'profil'),
    // The rules validate the basket too, but the server never trusts what a client could write.
    db
      .ref(`baskets/${uid}`)
      .get()
      .then((snap) => (snap.exists() ? basketFrom(snap.val()) : {})),
    readStored(`members/${uid}`, accountMembersSchema, 'uczestnicy konta'),
    holds.hold('countries', shared),
    holds
      .hold('event', shared)
      .then(() => readStored('event/paymentDays', eventFieldsSchema.shape.paymentDays, 'termin płatności')),
    readStored(`tickets/${uid}`, accountTicketsSchema, 'bilety uczestników'),
    readStored(`holdings/${uid}`, holdingsSchema, 'limity konta'),
    catalogueNode,
  ]);
  if (!profile) throw refuse('profile-missing');
  // The buyer's country must come from the organiser's list (as in registration, an event without a list accepts any code).
  if (countries.value(country) === null && countries.value() !== null)
    throw refuse('country-missing', { field: 'buyer.country' });
  const catalogue = await readCatalogue(catalogueIdsOf(kind, basket));
  return {
    profile,
    basket,
    members: members ?? {},
    paymentDays: paymentDaysOf({ paymentDays }),
    catalogue,
    claims,
    holdings,
  };
}

/** Worded for the participant, who can fix the basket: the refusal names the basket field. */
function basketFrom(value: unknown): Partial<Basket> {
  const parsed = parseWith(basketSchema, value);
  if (!parsed.ok)
    throw refuse('invalid-input', {
      field: `basket.${parsed.error.field}`,
      message: `Koszyk zawiera nieprawidłowe dane: ${parsed.error.message}`,
    });
  return parsed.data;
}

/** The catalogue entries, each parsed; answered from the held catalogue node without a round trip. */
async function readCatalogue({
  ticketTypeIds,
  productIds,
}: {
  ticketTypeIds: string[];
  productIds: string[];
}): Promise<Catalogue> {
  const [ticketTypes, products] = await Promise.all([
    Promise.all(
      ticketTypeIds.map(
        async (id) => [id, await readStored(`ticketTypes/${id}`, ticketTypeSchema, `bilet ${id}`)] as const,
      ),
    ),
    Promise.all(
      productIds.map(async (id) => [id, await readStored(`products/${id}`, productSchema, `produkt ${id}`)] as const),
    ),
  ]);
  return { ticketTypes: new Map(ticketTypes), products: new Map(products) };
}

/** The one atomic update that makes the order visible, empties the basket lines, releases the basket and moves the counters. */
function placementUpdates(
  orderId: string,
  order: Order,
  kind: OrderKind,
  basketPaths: string[],
  input: PlaceOrderInput,
): Record<string, unknown> {
  const day = warsawDate(order.createdAt);
  const updates: Record<string, unknown> = {
    [`orders/${orderId}`]: order,
    [basketClaimPath(order.uid, kind)]: null,
    [`idempotency/${order.uid}/${order.idempotencyKey}/status`]: 'done',
    [`baskets/${order.uid}/updatedAt`]: order.createdAt,
    ...(order.status === 'pending'
      ? {
          'stats/admin/revenue/pendingGross': ServerValue.increment(order.totals.gross),
          'stats/admin/orders/pending': ServerValue.increment(1),
        }
      : {}),
    ...discountStatsUpdates(order.discount, 1, ServerValue.increment),
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
