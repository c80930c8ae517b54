import { logger } from 'firebase-functions/v2';
import { onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import {
  basketSchema,
  computeTotals,
  parseWith,
  formatOrderNumber,
  placeTicketOrderInput,
  pluralForm,
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
  type Variant,
} from '../domain/index.js';
import { db } from '../lib/admin.js';
import { requireCaller } from '../lib/caller.js';
import { isRefusal, parseInput, refuse } from '../lib/refusal.js';
import { transact } from '../lib/tx.js';
import { reconciliationRunning } from './reconcile.js';
import { releaseTicketClaim, releaseTicketQuota, releaseVariantStock } from './reservations.js';

type Kind = 'tickets' | 'merch';
interface IdempotencyRecord { orderId: string; kind: Kind; status: 'processing' | 'done'; createdAt: number }

const BILET = ['bilet', 'bilety', 'biletów'] as const;
const SZTUKA = ['sztuka', 'sztuki', 'sztuk'] as const;
const memberName = (m: Member) => `${m.firstName} ${m.lastName}`;

export function totalsRecord(lines: OrderLine[]): Totals {
  const t = computeTotals(lines.map((l) => ({ unitGross: l.unitGross, quantity: l.quantity, vatRate: l.vatRate })));
  return { net: t.net, vat: t.vat, gross: t.gross, perRate: Object.fromEntries(t.perRate.map((r) => [rateKey(r.vatRate), r])) };
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

  const undo: { label: string; run: () => Promise<unknown> }[] = [{ label: 'idempotency claim', run: () => idemRef.remove() }];
  try {
    // Checked after the claim, which a reconciliation waits for: either it sees this attempt as
    // under way, or this attempt sees its flag and stops here (see orders/reconcile.ts).
    if (await reconciliationRunning(now)) throw refuse('maintenance');
    const [profileSnap, basketSnap, membersSnap] = await Promise.all([
      db.ref(`profiles/${uid}`).get(),
      db.ref(`baskets/${uid}`).get(),
      db.ref(`members/${uid}`).get(),
    ]);
    const profile = profileSnap.val() as Profile | null;
    if (!profile) throw refuse('profile-missing');
    // The rules validate the basket too, but the server never trusts what a client could write.
    const parsedBasket = basketSnap.exists() ? parseWith(basketSchema, basketSnap.val()) : ({ ok: true, data: {} } as const);
    if (!parsedBasket.ok) throw refuse('invalid-input', { field: `basket.${parsedBasket.error.field}`, message: `Koszyk zawiera nieprawidłowe dane: ${parsedBasket.error.message}` });
    const basket = parsedBasket.data as Partial<Basket>;
    const members = (membersSnap.val() ?? {}) as Record<string, Member>;

    const lines: OrderLine[] = [];
    const basketPaths: string[] = [];
    if (kind === 'tickets') {
      const entries = Object.entries(basket.tickets ?? {});
      if (entries.length === 0) throw refuse('basket-empty');
      const types = new Map<string, TicketType | null>();
      for (const [, { ticketTypeId }] of entries) {
        if (!types.has(ticketTypeId)) types.set(ticketTypeId, (await db.ref(`ticketTypes/${ticketTypeId}`).get()).val() as TicketType | null);
      }
      for (const [memberId, { ticketTypeId }] of entries) {
        const member = members[memberId];
        if (!member) throw refuse('member-missing', { field: `tickets.${memberId}` });
        const type = types.get(ticketTypeId);
        if (!type) throw refuse('ticket-type-missing', { field: `tickets.${memberId}` });
        lines.push({ type: 'ticket', name: type.name, unitGross: type.priceGrosze, quantity: 1, vatRate: type.vatRate, ticketTypeId, memberId, memberName: memberName(member) });
        basketPaths.push(`baskets/${uid}/tickets/${memberId}`);
      }

      // One ticket of a type per participant: the claim is the lock, taken before the quota.
      for (const line of lines as Extract<OrderLine, { type: 'ticket' }>[]) {
        let holder: string | null = null;
        await transact<{ orderId: string; status: string }>(db.ref(`tickets/${uid}/${line.memberId}/${line.ticketTypeId}`), (cur) => {
          holder = cur && cur.orderId !== orderId ? cur.orderId : null;
          return holder ? undefined : { orderId, status: 'pending' };
        });
        if (holder) throw refuse('already-has-ticket', { field: `tickets.${line.memberId}`, item: line.name, message: `${line.memberName} ma już bilet „${line.name}”` });
        undo.push({ label: 'ticket claim', run: () => releaseTicketClaim(uid, line.memberId, line.ticketTypeId, orderId) });
      }

      const perType = new Map<string, number>();
      for (const l of lines as Extract<OrderLine, { type: 'ticket' }>[]) perType.set(l.ticketTypeId, (perType.get(l.ticketTypeId) ?? 0) + 1);
      for (const [ticketTypeId, count] of perType) {
        const name = types.get(ticketTypeId)!.name;
        let why: ReturnType<typeof refuse> | null = null;
        const { committed, value } = await transact<TicketType>(db.ref(`ticketTypes/${ticketTypeId}`), (cur) => {
          why = null;
          if (!cur) return null;
          if (!cur.active) why = refuse('ticket-type-inactive', { item: cur.name, message: `Bilet „${cur.name}” nie jest w sprzedaży` });
          else if (cur.saleStart != null && now < cur.saleStart) why = refuse('sale-not-started', { item: cur.name, message: `Sprzedaż biletu „${cur.name}” jeszcze się nie rozpoczęła` });
          else if (cur.saleEnd != null && now > cur.saleEnd) why = refuse('sale-ended', { item: cur.name, message: `Sprzedaż biletu „${cur.name}” już się zakończyła` });
          else if (cur.sold + count > cur.quota) {
            const left = Math.max(0, cur.quota - cur.sold);
            why = refuse('sold-out', {
              item: cur.name,
              left,
              message: left === 0 ? `Bilety „${cur.name}” są wyprzedane` : `Zostało tylko ${left} ${pluralForm(left, BILET)} „${cur.name}”`,
            });
          }
          return why ? undefined : { ...cur, sold: cur.sold + count };
        });
        if (why) throw why;
        if (!committed || !value) throw refuse('ticket-type-missing', { item: name, message: `Bilet „${name}” nie jest już dostępny` });
        undo.push({ label: `quota ${ticketTypeId}`, run: () => releaseTicketQuota(ticketTypeId, count) });
      }
    } else {
      const entries = Object.entries(basket.merch ?? {});
      if (entries.length === 0) throw refuse('basket-empty');
      const products = new Map<string, Product | null>();
      for (const [, l] of entries) {
        if (!products.has(l.productId)) products.set(l.productId, (await db.ref(`products/${l.productId}`).get()).val() as Product | null);
      }
      for (const [lineId, l] of entries) {
        const product = products.get(l.productId);
        if (!product) throw refuse('product-missing', { field: `merch.${lineId}` });
        if (!product.active) throw refuse('product-inactive', { field: `merch.${lineId}`, item: product.name, message: `Produkt „${product.name}” nie jest w sprzedaży` });
        const variant = product.variants?.[l.variantId];
        if (!variant) throw refuse('variant-missing', { field: `merch.${lineId}`, item: product.name });
        const member = l.memberId ? members[l.memberId] : undefined;
        if (l.memberId && !member) throw refuse('member-missing', { field: `merch.${lineId}.memberId` });
        lines.push({
          type: 'merch', name: product.name, unitGross: product.priceGrosze, quantity: l.quantity, vatRate: product.vatRate,
          productId: l.productId, variantId: l.variantId, variantLabel: variant.label,
          ...(member ? { memberId: l.memberId, memberName: memberName(member) } : {}),
        });
        basketPaths.push(`baskets/${uid}/merch/${lineId}`);
      }
      const perVariant = new Map<string, { productId: string; variantId: string; quantity: number; label: string }>();
      for (const l of lines as Extract<OrderLine, { type: 'merch' }>[]) {
        const key = `${l.productId}/${l.variantId}`;
        const prev = perVariant.get(key);
        perVariant.set(key, { productId: l.productId, variantId: l.variantId, quantity: (prev?.quantity ?? 0) + l.quantity, label: `${l.name} (${l.variantLabel})` });
      }
      for (const v of perVariant.values()) {
        let why: ReturnType<typeof refuse> | null = null;
        const { committed, value } = await transact<Variant>(db.ref(`products/${v.productId}/variants/${v.variantId}`), (cur) => {
          why = null;
          if (!cur) return null;
          if (cur.sold + v.quantity > cur.stock) {
            const left = Math.max(0, cur.stock - cur.sold);
            why = refuse('out-of-stock', {
              item: v.label,
              left,
              message: left === 0 ? `${v.label} — wyprzedane` : `${v.label} — dostępne tylko ${left} ${pluralForm(left, SZTUKA)}`,
            });
            return undefined;
          }
          return { ...cur, sold: cur.sold + v.quantity };
        });
        if (why) throw why;
        if (!committed || !value) throw refuse('variant-missing', { item: v.label, message: `${v.label} — nie jest już dostępne` });
        undo.push({ label: `stock ${v.productId}/${v.variantId}`, run: () => releaseVariantStock(v.productId, v.variantId, v.quantity) });
      }
    }

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
    for (const step of undo.reverse()) {
      try {
        await step.run();
      } catch (undoError) {
        logger.error(`placeOrder: compensation "${step.label}" failed for order ${orderId}`, undoError);
      }
    }
    if (isRefusal(error)) throw error;
    logger.error('placeOrder failed', error);
    throw refuse('internal');
  }
}

export const placeTicketOrder = onCall((request) => placeOrder('tickets', request));
export const placeMerchOrder = onCall((request) => placeOrder('merch', request));
