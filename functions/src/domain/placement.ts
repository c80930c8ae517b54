/**
 * Placing an order, the pure part: the lines a basket asks for, priced from the catalogue as it is
 * now (never from the client), what those lines reserve, and the order record. placeOrder reads the
 * data, runs the reservation transactions and writes what is built here.
 */
import type { Holdings, LimitRefusal, HoldingsRequest } from './limits.js';
import { addHoldings, ticketCap, ticketSaleRefusal, unitCap, variantStockRefusal } from './limits.js';
import type { RefusalReason } from './errors.js';
import { orderTotals } from './invoice.js';
import type { Basket, InvoiceData, Member, Order, OrderDiscount, OrderLine, Product, TicketType } from './schemas.js';

export type OrderKind = Order['kind'];

/** The catalogue entries a basket or an order refers to; null = read, but not there. */
export interface Catalogue {
  ticketTypes: Map<string, TicketType | null>;
  products: Map<string, Product | null>;
}

/** Which catalogue entries pricing a basket needs, each once. */
export function catalogueIdsOf(
  kind: OrderKind,
  basket: Partial<Basket>,
): { ticketTypeIds: string[]; productIds: string[] } {
  if (kind === 'tickets')
    return {
      ticketTypeIds: [...new Set(Object.values(basket.tickets ?? {}).map((t) => t.ticketTypeId))],
      productIds: [],
    };
  return { ticketTypeIds: [], productIds: [...new Set(Object.values(basket.merch ?? {}).map((l) => l.productId))] };
}

/** Why a basket cannot become an order: a refusal reason, the basket field it concerns, the item. */
type BasketRefusal = {
  reason: RefusalReason;
  field?: string;
  item?: string;
  message?: string;
};

type PricedBasket = { ok: true; lines: OrderLine[]; basketPaths: string[] } | { ok: false; refusal: BasketRefusal };

const memberName = (m: Member) => `${m.firstName} ${m.lastName}`;

/**
 * The order lines of one kind of a basket, at catalogue prices, with the basket entries
 * (`tickets/{memberId}`, `merch/{lineId}`) they came from. Refuses an empty basket, a participant
 * that is gone, a ticket type, product or variant that does not exist and a product not for sale.
 * The sale window, quota, stock and per-account caps are checked by the reservations (limits.ts).
 */
export function priceBasket(
  kind: OrderKind,
  basket: Partial<Basket>,
  members: Record<string, Member>,
  catalogue: Catalogue,
): PricedBasket {
  const member = (id: string) => (Object.hasOwn(members, id) ? members[id] : undefined);
  const lines: OrderLine[] = [];
  const basketPaths: string[] = [];
  const refuse = (refusal: BasketRefusal): PricedBasket => ({ ok: false, refusal });
  if (kind === 'tickets') {
    const entries = Object.entries(basket.tickets ?? {});
    if (entries.length === 0) return refuse({ reason: 'basket-empty' });
    for (const [memberId, { ticketTypeId }] of entries) {
      const m = member(memberId);
      if (!m) return refuse({ reason: 'member-missing', field: `tickets.${memberId}` });
      const type = catalogue.ticketTypes.get(ticketTypeId);
      if (!type) return refuse({ reason: 'ticket-type-missing', field: `tickets.${memberId}` });
      lines.push({
        type: 'ticket',
        name: type.name,
        unitGross: type.priceGrosze,
        quantity: 1,
        vatRate: type.vatRate,
        ticketTypeId,
        memberId,
        memberName: memberName(m),
      });
      basketPaths.push(`tickets/${memberId}`);
    }
    return { ok: true, lines, basketPaths };
  }
  const entries = Object.entries(basket.merch ?? {});
  if (entries.length === 0) return refuse({ reason: 'basket-empty' });
  for (const [lineId, l] of entries) {
    const product = catalogue.products.get(l.productId);
    if (!product) return refuse({ reason: 'product-missing', field: `merch.${lineId}` });
    if (!product.active)
      return refuse({
        reason: 'product-inactive',
        field: `merch.${lineId}`,
        item: product.name,
        message: `Produkt „${product.name}” nie jest w sprzedaży`,
      });
    const variant =
      product.variants && Object.hasOwn(product.variants, l.variantId) ? product.variants[l.variantId] : undefined;
    if (!variant) return refuse({ reason: 'variant-missing', field: `merch.${lineId}`, item: product.name });
    const m = l.memberId ? member(l.memberId) : undefined;
    if (l.memberId && !m) return refuse({ reason: 'member-missing', field: `merch.${lineId}.memberId` });
    lines.push({
      type: 'merch',
      name: product.name,
      unitGross: product.priceGrosze,
      quantity: l.quantity,
      vatRate: product.vatRate,
      productId: l.productId,
      variantId: l.variantId,
      variantLabel: variant.label,
      ...(m ? { memberId: l.memberId, memberName: memberName(m) } : {}),
    });
    basketPaths.push(`merch/${lineId}`);
  }
  return { ok: true, lines, basketPaths };
}

// ---------------------------------------------------------------- what an order reserves

/** What an order holds: ticket-type quota, variant stock and per-participant ticket claims. */
export interface Reservations {
  ticketTypes: Map<string, number>;
  /** Keyed "{productId}/{variantId}". */
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
      r.variants.set(key, {
        productId: line.productId,
        variantId: line.variantId,
        quantity: (prev?.quantity ?? 0) + line.quantity,
      });
    }
  }
  return r;
}

/** What the reservations add to the account's holdings, with each item's per-account cap and name. */
export function holdingsRequestOf(
  r: Reservations,
  catalogue: Catalogue,
): { ok: true; request: HoldingsRequest } | { ok: false; refusal: LimitRefusal | { reason: RefusalReason } } {
  const request: HoldingsRequest = { tickets: new Map(), variants: new Map() };
  for (const [ticketTypeId, count] of r.ticketTypes) {
    const type = catalogue.ticketTypes.get(ticketTypeId);
    if (!type) return { ok: false, refusal: { reason: 'ticket-type-missing' } };
    request.tickets.set(ticketTypeId, { count, cap: ticketCap(type), name: type.name });
  }
  for (const [key, v] of r.variants) {
    const product = catalogue.products.get(v.productId);
    const variant =
      product?.variants && Object.hasOwn(product.variants, v.variantId) ? product.variants[v.variantId] : undefined;
    if (!product || !variant) return { ok: false, refusal: { reason: 'variant-missing' } };
    request.variants.set(key, { ...v, cap: unitCap(product), label: `${product.name} (${variant.label})` });
  }
  return { ok: true, request };
}

// ---------------------------------------------------------------- the order record

interface NewOrder {
  uid: string;
  number: string;
  kind: OrderKind;
  lines: readonly OrderLine[];
  email: string;
  invoice: InvoiceData;
  idempotencyKey: string;
  createdAt: number;
  /** The moment the transfer must be booked by (limits.ts paymentDeadline). */
  payBy: number;
  /** The discount code applied to the lines (their `unitGross` is already discounted). */
  discount?: OrderDiscount;
}

/**
 * An order placed with a discount code that leaves nothing to pay is confirmed at once: no payment
 * step and no invoice (docs/discounts.md). A catalogue price of 0 without a code stays as it was.
 */
export function isSettledByDiscount(order: Pick<Order, 'discount' | 'totals'>): boolean {
  return order.discount !== undefined && order.totals.gross === 0;
}

/** A pending order as placement stores it; lines are keyed l1, l2, … in basket order. */
export function newOrder(o: NewOrder): Order {
  return {
    uid: o.uid,
    number: o.number,
    kind: o.kind,
    status: 'pending',
    lines: Object.fromEntries(o.lines.map((l, i) => [`l${i + 1}`, l])),
    totals: orderTotals(o.lines),
    buyer: { email: o.email, invoice: o.invoice },
    idempotencyKey: o.idempotencyKey,
    createdAt: o.createdAt,
    payBy: o.payBy,
    ...(o.discount ? { discount: o.discount } : {}),
  };
}

// ---------------------------------------------------------------- the reservation steps' refusals

/** Why a reservation step says no, as the order callables answer it. */
interface ReservationRefusal {
  reason: RefusalReason;
  message?: string;
  item?: string;
  left?: number;
  field?: string;
}

type TicketLine = Extract<OrderLine, { type: 'ticket' }>;

/** One ticket of a type per participant: refused when another order holds the participant's claim. */
export function ticketClaimRefusal(
  line: Pick<TicketLine, 'memberId' | 'memberName' | 'name'>,
  holderOrderId: string | null | undefined,
  orderId: string,
): ReservationRefusal | null {
  if (!holderOrderId || holderOrderId === orderId) return null;
  return {
    reason: 'already-has-ticket',
    field: `tickets.${line.memberId}`,
    item: line.name,
    message: `${line.memberName} ma już bilet „${line.name}”`,
  };
}

/** The quota step for `count` tickets of a type: gone, not on sale (window), or not enough left. */
export function quotaRefusal(
  type: TicketType | null,
  name: string,
  count: number,
  now: number,
  { checkSaleWindow = true, ownOffers = [] as readonly string[] } = {},
): ReservationRefusal | null {
  if (!type) return { reason: 'ticket-type-missing', item: name, message: `Bilet „${name}” nie jest już dostępny` };
  return ticketSaleRefusal(type, count, now, { checkSaleWindow, ownOffers });
}

/** The stock step for `quantity` pieces of a variant: gone, or not enough left. */
export function stockRefusal(
  variant: { stock: number; sold: number } | null,
  quantity: number,
  label: string,
): ReservationRefusal | null {
  if (!variant) return { reason: 'variant-missing', item: label, message: `${label} — nie jest już dostępne` };
  return variantStockRefusal(variant, quantity, label);
}

/** `/tickets/{uid}`: each participant's claims, by ticket type. */
type AccountTicketClaims = Record<string, Record<string, { orderId?: string } | null | undefined> | null | undefined>;

/**
 * The refusal the reservations would give, predicted from values read just before them: the
 * participants' ticket claims, the account's holdings and the catalogue. Same steps, same order and
 * same refusals as the reservations (claims, holdings, quota per ticket type, stock per variant), so
 * a placement can answer at once — a sold-out sale refuses before anything is written. The
 * reservations still decide inside their transactions: a prediction from older values only means a
 * refusal comes from the transaction instead.
 */
export function predictedReservationRefusal(p: {
  orderId: string;
  lines: readonly OrderLine[];
  catalogue: Catalogue;
  claims: AccountTicketClaims | null;
  holdings: Holdings | null;
  now: number;
  checkSaleWindow?: boolean;
  /** Waiting-list offers this order takes, by ticket type (their held units are the buyer's). */
  ownOffers?: ReadonlyMap<string, readonly string[]>;
}): ReservationRefusal | null {
  for (const line of p.lines) {
    if (line.type !== 'ticket') continue;
    const claim = p.claims?.[line.memberId]?.[line.ticketTypeId];
    const why = ticketClaimRefusal(line, claim?.orderId, p.orderId);
    if (why) return why;
  }
  const r = reservationsOf({ lines: Object.fromEntries(p.lines.map((l, i) => [String(i), l])) });
  const asked = holdingsRequestOf(r, p.catalogue);
  if (!asked.ok) return asked.refusal;
  const added = addHoldings(p.holdings, asked.request);
  if (!added.ok) return added.refusal;
  for (const [ticketTypeId, count] of r.ticketTypes) {
    const why = quotaRefusal(
      p.catalogue.ticketTypes.get(ticketTypeId) ?? null,
      asked.request.tickets.get(ticketTypeId)!.name,
      count,
      p.now,
      { checkSaleWindow: p.checkSaleWindow, ownOffers: p.ownOffers?.get(ticketTypeId) },
    );
    if (why) return why;
  }
  for (const v of asked.request.variants.values()) {
    const product = p.catalogue.products.get(v.productId);
    const variant =
      product?.variants && Object.hasOwn(product.variants, v.variantId) ? product.variants[v.variantId] : null;
    const why = stockRefusal(variant, v.quantity, v.label);
    if (why) return why;
  }
  return null;
}
