import { logger } from 'firebase-functions/v2';
import { onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import {
  basketSchema,
  computeTotals,
  parseWith,
  formatOrderNumber,
  paymentDaysOf,
  paymentDeadline,
  placeTicketOrderInput,
  rateKey,
  warsawDate,
  warsawYear,
  type Basket,
  type Member,
  type Order,
  type OrderLine,
  type PlaceOrderOutput,
  type Product,
  type Profile,
  type TicketType,
  type Totals,
} from '../domain/index.js';
import { db } from '../lib/admin.js';
import { requireCaller } from '../lib/caller.js';
import { isRefusal, parseInput, refuse } from '../lib/refusal.js';
import { transact } from '../lib/tx.js';
import { reconciliationRunning } from './reconcile.js';
import { reserveOrderLines, runUndo, type Catalogue, type Undo } from './reservations.js';

type Kind = 'tickets' | 'merch';
interface IdempotencyRecord { orderId: string; kind: Kind; status: 'processing' | 'done'; createdAt: number }

const memberName = (m: Member) => `${m.firstName} ${m.lastName}`;

export function totalsRecord(lines: OrderLine[]): Totals {
  const t = computeTotals(lines.map((l) => ({ unitGross: l.unitGross, quantity: l.quantity, vatRate: l.vatRate })));
  return { net: t.net, vat: t.vat, gross: t.gross, perRate: Object.fromEntries(t.perRate.map((r) => [rateKey(r.vatRate), r])) };
}

/** The order lines a basket asks for, priced from the catalogue as it is now (never from the client). */
async function linesFromBasket(kind: Kind, uid: string, basket: Partial<Basket>, members: Record<string, Member>): Promise<{ lines: OrderLine[]; basketPaths: string[]; catalogue: Catalogue }> {
  const catalogue: Catalogue = { ticketTypes: new Map(), products: new Map() };
  const lines: OrderLine[] = [];
  const basketPaths: string[] = [];
  const member = (id: string) => (Object.hasOwn(members, id) ? members[id] : undefined);
  if (kind === 'tickets') {
    const entries = Object.entries(basket.tickets ?? {});
    if (entries.length === 0) throw refuse('basket-empty');
    for (const [, { ticketTypeId }] of entries) {
      if (!catalogue.ticketTypes.has(ticketTypeId)) catalogue.ticketTypes.set(ticketTypeId, (await db.ref(`ticketTypes/${ticketTypeId}`).get()).val() as TicketType | null);
    }
    for (const [memberId, { ticketTypeId }] of entries) {
      const m = member(memberId);
      if (!m) throw refuse('member-missing', { field: `tickets.${memberId}` });
      const type = catalogue.ticketTypes.get(ticketTypeId);
      if (!type) throw refuse('ticket-type-missing', { field: `tickets.${memberId}` });
      lines.push({ type: 'ticket', name: type.name, unitGross: type.priceGrosze, quantity: 1, vatRate: type.vatRate, ticketTypeId, memberId, memberName: memberName(m) });
      basketPaths.push(`baskets/${uid}/tickets/${memberId}`);
    }
    return { lines, basketPaths, catalogue };
  }
  const entries = Object.entries(basket.merch ?? {});
  if (entries.length === 0) throw refuse('basket-empty');
  for (const [, l] of entries) {
    if (!catalogue.products.has(l.productId)) catalogue.products.set(l.productId, (await db.ref(`products/${l.productId}`).get()).val() as Product | null);
  }
  for (const [lineId, l] of entries) {
    const product = catalogue.products.get(l.productId);
    if (!product) throw refuse('product-missing', { field: `merch.${lineId}` });
    if (!product.active) throw refuse('product-inactive', { field: `merch.${lineId}`, item: product.name, message: `Produkt „${product.name}” nie jest w sprzedaży` });
    const variant = product.variants && Object.hasOwn(product.variants, l.variantId) ? product.variants[l.variantId] : undefined;
    if (!variant) throw refuse('variant-missing', { field: `merch.${lineId}`, item: product.name });
    const m = l.memberId ? member(l.memberId) : undefined;
    if (l.memberId && !m) throw refuse('member-missing', { field: `merch.${lineId}.memberId` });
    lines.push({
      type: 'merch', name: product.name, unitGross: product.priceGrosze, quantity: l.quantity, vatRate: product.vatRate,
      productId: l.productId, variantId: l.variantId, variantLabel: variant.label,
      ...(m ? { memberId: l.memberId, memberName: memberName(m) } : {}),
    });
    basketPaths.push(`baskets/${uid}/merch/${lineId}`);
  }
  return { lines, basketPaths, catalogue };
}

/**
 * Order placement, shared by tickets and merchandise. The steps and their compensations are
 * described in docs/data-model.md ("Multi-step operations"): idempotency claim → reservations →
 * order number → one atomic update that makes the order visible.
 */
async function placeOrder(kind: Kind, request: CallableRequest): Promise<PlaceOrderOutput> {
  const input = parseInput(placeTicketOrderInput, request.data);
  const { uid } = requireCaller(request);
  const now = Date.now();
  const idemRef = db.ref(`idempotency/${uid}/${input.idempotencyKey}`);
  const orderId = db.ref('orders').push().key!;

  let existing: IdempotencyRecord | null = null;
  await transact<IdempotencyRecord>(idemRef, (cur) => {
    existing = cur;
    return cur ? undefined : { orderId, kind, status: 'processing', createdAt: now };
  });
  const previous = existing as IdempotencyRecord | null;
  if (previous) {
    if (previous.kind !== kind) throw refuse('idempotency-conflict', { field: 'idempotencyKey' });
    if (previous.status !== 'done') throw refuse('busy');
    const order = (await db.ref(`orders/${previous.orderId}`).get()).val() as Order | null;
    if (!order) throw refuse('busy');
    return { orderId: previous.orderId, number: order.number, status: order.status, totalGross: order.totals.gross, replayed: true };
  }

  const undo: Undo[] = [{ label: 'idempotency claim', run: () => idemRef.remove() }];
  try {
    // Checked after the claim, which a reconciliation waits for: either it sees this attempt as
    // under way, or this attempt sees its flag and stops here (see orders/reconcile.ts).
    if (await reconciliationRunning(now)) throw refuse('maintenance');
    const [profileSnap, basketSnap, membersSnap, countrySnap, paymentDaysSnap] = await Promise.all([
      db.ref(`profiles/${uid}`).get(),
      db.ref(`baskets/${uid}`).get(),
      db.ref(`members/${uid}`).get(),
      db.ref(`countries/${input.buyer.country}`).get(),
      db.ref('event/paymentDays').get(),
    ]);
    const profile = profileSnap.val() as Profile | null;
    if (!profile) throw refuse('profile-missing');
    // The buyer's country must come from the organiser's list (as in registration, an event without a list accepts any code).
    if (!countrySnap.exists() && (await db.ref('countries').limitToFirst(1).get()).exists()) throw refuse('country-missing', { field: 'buyer.country' });
    // The rules validate the basket too, but the server never trusts what a client could write.
    const parsedBasket = basketSnap.exists() ? parseWith(basketSchema, basketSnap.val()) : ({ ok: true, data: {} } as const);
    if (!parsedBasket.ok) throw refuse('invalid-input', { field: `basket.${parsedBasket.error.field}`, message: `Koszyk zawiera nieprawidłowe dane: ${parsedBasket.error.message}` });
    const members = (membersSnap.val() ?? {}) as Record<string, Member>;
    const { lines, basketPaths, catalogue } = await linesFromBasket(kind, uid, parsedBasket.data as Partial<Basket>, members);
    await reserveOrderLines(uid, orderId, lines, catalogue, now, undo);

    const year = warsawYear(now);
    const { value: counter } = await transact<{ last: number }>(db.ref(`counters/orders/${year}`), (cur) => ({ last: (cur?.last ?? 0) + 1 }));
    const number = formatOrderNumber(year, counter!.last);

    const totals = totalsRecord(lines);
    const order: Order = {
      uid,
      number,
      kind,
      status: 'pending',
      lines: Object.fromEntries(lines.map((l, i) => [`l${i + 1}`, l])),
      totals,
      buyer: { email: profile.email, invoice: input.buyer },
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
      payBy: paymentDeadline(now, paymentDaysOf({ paymentDays: paymentDaysSnap.val() as number | null })),
    };
    const updates: Record<string, unknown> = {
      [`orders/${orderId}`]: order,
      [`idempotency/${uid}/${input.idempotencyKey}/status`]: 'done',
      [`baskets/${uid}/updatedAt`]: now,
      'stats/admin/revenue/pendingGross': ServerValue.increment(totals.gross),
      'stats/admin/orders/pending': ServerValue.increment(1),
      // Like `placed`, the day's placed value is what was ordered that day: a later cancellation does not reverse it.
      [`stats/admin/perDay/${warsawDate(now)}/placed`]: ServerValue.increment(1),
      [`stats/admin/perDay/${warsawDate(now)}/placedGross`]: ServerValue.increment(totals.gross),
    };
    for (const p of basketPaths) updates[p] = null;
    if (input.saveInvoiceData) {
      updates[`profiles/${uid}/invoice`] = input.buyer;
      updates[`profiles/${uid}/updatedAt`] = now;
    }
    await db.ref().update(updates);
    return { orderId, number, status: 'pending', totalGross: totals.gross, replayed: false };
  } catch (error) {
    await runUndo(undo, (label, undoError) => logger.error(`placeOrder: compensation "${label}" failed for order ${orderId}`, undoError));
    if (isRefusal(error)) throw error;
    logger.error('placeOrder failed', error);
    throw refuse('internal');
  }
}

export const placeTicketOrder = onCall((request) => placeOrder('tickets', request));
export const placeMerchOrder = onCall((request) => placeOrder('merch', request));
