/**
 * Server-side limits of what one account may hold, what a ticket type / variant can still sell,
 * and when an unpaid order expires. Pure functions: the order callables run them inside their
 * transactions, the tests run them directly.
 */
import { pluralForm, type NounForms } from './words.js';
import { DEFAULT_MAX_TICKETS_PER_ACCOUNT, DEFAULT_MAX_UNITS_PER_ACCOUNT, DEFAULT_PAYMENT_DAYS } from './schemas.js';
import type { RefusalReason } from './errors.js';
import { warsawDate } from './numbering.js';
import { addDaysToIsoDay, endOfWarsawDay } from './warsawTime.js';

const BILET: NounForms = ['bilet', 'bilety', 'biletów'];
const SZTUKA: NounForms = ['sztuka', 'sztuki', 'sztuk'];

/** Why a reservation step says no: a refusal reason with its Polish message and the item it concerns. */
export interface LimitRefusal {
  reason: RefusalReason;
  message: string;
  item?: string;
  left?: number;
}

// ---------------------------------------------------------------- per-account holdings

/** `/holdings/{uid}`: tickets per type and units per variant the account holds in pending and paid orders. */
export interface Holdings {
  tickets?: Record<string, number>;
  variants?: Record<string, Record<string, number>>;
}

/** What one order adds to an account's holdings. */
export interface HoldingsRequest {
  tickets: Map<string, { count: number; cap: number; name: string }>;
  variants: Map<string, { productId: string; variantId: string; quantity: number; cap: number; label: string }>;
}

export function ticketCap(type: { maxPerAccount?: number | null }): number {
  return type.maxPerAccount ?? DEFAULT_MAX_TICKETS_PER_ACCOUNT;
}
export function unitCap(product: { maxPerAccount?: number | null }): number {
  return product.maxPerAccount ?? DEFAULT_MAX_UNITS_PER_ACCOUNT;
}

/** The refusal when `count` more would take the account over `cap` (`describe` gets the part after the dash); null when it fits. */
function overCap(
  held: number,
  count: number,
  cap: number,
  item: string,
  describe: (rest: string) => string,
): LimitRefusal | null {
  if (held + count <= cap) return null;
  const left = Math.max(0, cap - held);
  return {
    reason: 'account-limit',
    item,
    left,
    message: describe(left === 0 ? 'limit jest już wykorzystany' : `możesz dodać jeszcze ${left}`),
  };
}

/**
 * Adds an order's request to the holdings if every cap allows it. A cap that was lowered below what
 * the account already holds refuses only new reservations, never takes anything away.
 */
export function addHoldings(
  current: Holdings | null,
  request: HoldingsRequest,
): { ok: true; next: Holdings } | { ok: false; refusal: LimitRefusal } {
  const tickets = { ...(current?.tickets ?? {}) };
  const variants: Record<string, Record<string, number>> = {};
  for (const [productId, perVariant] of Object.entries(current?.variants ?? {}))
    variants[productId] = { ...perVariant };
  for (const [ticketTypeId, r] of request.tickets) {
    const held = tickets[ticketTypeId] ?? 0;
    const refusal = overCap(
      held,
      r.count,
      r.cap,
      r.name,
      (rest) => `Na jedno konto można kupić najwyżej ${r.cap} ${pluralForm(r.cap, BILET)} „${r.name}” — ${rest}`,
    );
    if (refusal) return { ok: false, refusal };
    tickets[ticketTypeId] = held + r.count;
  }
  for (const r of request.variants.values()) {
    const held = variants[r.productId]?.[r.variantId] ?? 0;
    const refusal = overCap(
      held,
      r.quantity,
      r.cap,
      r.label,
      (rest) => `${r.label}: na jedno konto najwyżej ${r.cap} ${pluralForm(r.cap, SZTUKA)} — ${rest}`,
    );
    if (refusal) return { ok: false, refusal };
    variants[r.productId] = { ...(variants[r.productId] ?? {}), [r.variantId]: held + r.quantity };
  }
  return { ok: true, next: compactHoldings({ tickets, variants }) };
}

/** Takes an order's reservations back out of the holdings (never below zero). */
export function removeHoldings(
  current: Holdings | null,
  tickets: Map<string, number>,
  variants: Iterable<{ productId: string; variantId: string; quantity: number }>,
): Holdings | null {
  const next: Holdings = { tickets: { ...(current?.tickets ?? {}) }, variants: {} };
  for (const [productId, perVariant] of Object.entries(current?.variants ?? {}))
    next.variants![productId] = { ...perVariant };
  for (const [ticketTypeId, count] of tickets)
    next.tickets![ticketTypeId] = Math.max(0, (next.tickets![ticketTypeId] ?? 0) - count);
  for (const v of variants) {
    const perVariant = next.variants![v.productId] ?? {};
    perVariant[v.variantId] = Math.max(0, (perVariant[v.variantId] ?? 0) - v.quantity);
    next.variants![v.productId] = perVariant;
  }
  return withoutEmptyHoldings(next);
}

/** The holdings without zero counts; null when nothing is held (the record is then removed). */
export function withoutEmptyHoldings(h: Holdings | null): Holdings | null {
  if (!h) return null;
  const compact = compactHoldings(h);
  return compact.tickets || compact.variants ? compact : null;
}

/** Drops zero counts and empty maps (RTDB stores no empty objects anyway; this keeps comparisons exact). */
function compactHoldings(h: Holdings): Holdings {
  const out: Holdings = {};
  const tickets = Object.fromEntries(Object.entries(h.tickets ?? {}).filter(([, n]) => n > 0));
  if (Object.keys(tickets).length) out.tickets = tickets;
  const variants: Record<string, Record<string, number>> = {};
  for (const [productId, perVariant] of Object.entries(h.variants ?? {})) {
    const kept = Object.fromEntries(Object.entries(perVariant).filter(([, n]) => n > 0));
    if (Object.keys(kept).length) variants[productId] = kept;
  }
  if (Object.keys(variants).length) out.variants = variants;
  return out;
}

/**
 * What one account may still add of a product variant, as the shop shows it at the quantity field
 * before the order is placed: the cap minus the units in the account's pending and paid orders
 * (what `/holdings` counts) and the units of that variant already in the basket (they will be
 * ordered together).
 */
interface VariantAllowance {
  cap: number;
  held: number;
  inBasket: number;
  left: number;
}

export function variantAllowance(
  cap: number,
  orders: Iterable<{
    status: string;
    lines?: Record<string, { type: string; productId?: string; variantId?: string; quantity: number }>;
  }>,
  basket: Iterable<{ productId: string; variantId: string; quantity: number }>,
  productId: string,
  variantId: string,
): VariantAllowance {
  let held = 0;
  for (const order of orders) {
    if (order.status !== 'pending' && order.status !== 'paid') continue;
    for (const line of Object.values(order.lines ?? {}))
      if (line.type === 'merch' && line.productId === productId && line.variantId === variantId) held += line.quantity;
  }
  let inBasket = 0;
  for (const line of basket)
    if (line.productId === productId && line.variantId === variantId) inBasket += line.quantity;
  return { cap, held, inBasket, left: Math.max(0, cap - held - inBasket) };
}

const alreadyHeld = (a: VariantAllowance) =>
  [a.held > 0 ? `${a.held} w zamówieniach` : '', a.inBasket > 0 ? `${a.inBasket} w koszyku` : '']
    .filter(Boolean)
    .join(', ');

/** The cap in short, stated below the quantity field before anyone runs into it. */
export function variantAllowanceHint(a: VariantAllowance): string {
  const already = alreadyHeld(a);
  return `Na jedno konto najwyżej ${a.cap} szt. tego wariantu${already ? ` (masz już ${already})` : ''}`;
}

/** Why no more than `left` units can be added, worded like the server's refusal (addHoldings). */
export function variantAllowanceMessage(a: VariantAllowance): string {
  const already = alreadyHeld(a);
  const head = `Na jedno konto można kupić najwyżej ${a.cap} ${pluralForm(a.cap, SZTUKA)} tego wariantu`;
  if (a.left === 0) return `${head} — limit jest już wykorzystany${already ? ` (${already})` : ''}`;
  return `${head} — możesz dodać jeszcze ${a.left}${already ? ` (masz już ${already})` : ''}`;
}

/**
 * Whether one more ticket of a type can be chosen for a participant of the account, as the ticket
 * basket shows it on the type's card before the order: the cap minus the participants who already
 * hold it (pending and paid orders, `/tickets/{uid}` claims) and the other participants it is chosen
 * for in the basket. `null` when the cap does not bind.
 */
export function ticketAccountLimitNote(
  type: { id: string; maxPerAccount?: number },
  claims: Record<string, Record<string, unknown> | undefined>,
  basket: Record<string, string | undefined>,
  memberId: string,
): { full: boolean; note: string } | null {
  const cap = type.maxPerAccount ?? DEFAULT_MAX_TICKETS_PER_ACCOUNT;
  const held = Object.values(claims).filter((owned) => owned?.[type.id]).length;
  const chosenElsewhere = Object.entries(basket).filter(
    ([id, typeId]) => typeId === type.id && id !== memberId && !claims[id]?.[type.id],
  ).length;
  const used = held + chosenElsewhere;
  if (type.maxPerAccount === undefined && used < cap) return null;
  const full = used >= cap && basket[memberId] !== type.id;
  return { full, note: full ? `limit na konto (${cap}) wykorzystany` : `na jedno konto najwyżej ${cap}` };
}

/**
 * Whether two holdings hold the same: a count of 0 and an absent one mean the same (a refund or a
 * cancellation leaves 0 behind, a recount from the orders leaves nothing), and key order does not matter.
 */
export function sameHoldings(a: Holdings | null, b: Holdings | null): boolean {
  const entries = (h: Holdings | null) => {
    const c = compactHoldings(h ?? {});
    const flat = [
      ...Object.entries(c.tickets ?? {}).map(([id, n]) => `t/${id}=${n}`),
      ...Object.entries(c.variants ?? {}).flatMap(([productId, perVariant]) =>
        Object.entries(perVariant).map(([variantId, n]) => `v/${productId}/${variantId}=${n}`),
      ),
    ];
    return flat.sort().join(',');
  };
  return entries(a) === entries(b);
}

// ---------------------------------------------------------------- what is still for sale

/**
 * Whether `count` more tickets of a type can be reserved now. `checkSaleWindow: false` is for
 * reinstating an expired order whose transfer arrived late: it was ordered while the sale was open.
 */
export function ticketSaleRefusal(
  type: {
    name: string;
    active: boolean;
    quota: number;
    sold: number;
    saleStart?: number | null;
    saleEnd?: number | null;
    offers?: Record<string, number> | null;
  },
  count: number,
  now: number,
  { checkSaleWindow = true, ownOffers = [] as readonly string[] } = {},
): LimitRefusal | null {
  const item = type.name;
  if (checkSaleWindow) {
    if (!type.active) return { reason: 'ticket-type-inactive', item, message: `Bilet „${item}” nie jest w sprzedaży` };
    if (type.saleStart != null && now < type.saleStart)
      return { reason: 'sale-not-started', item, message: `Sprzedaż biletu „${item}” jeszcze się nie rozpoczęła` };
    if (type.saleEnd != null && now > type.saleEnd)
      return { reason: 'sale-ended', item, message: `Sprzedaż biletu „${item}” już się zakończyła` };
  }
  // Units held by waiting-list offers are not for sale, except to the offers this order takes (`ownOffers`).
  const held = Object.keys(type.offers ?? {}).filter((id) => !ownOffers.includes(id)).length;
  if (type.sold + held + count > type.quota) {
    const left = Math.max(0, type.quota - type.sold - held);
    return {
      reason: 'sold-out',
      item,
      left,
      message:
        left === 0 ? `Bilety „${item}” są wyprzedane` : `Zostało tylko ${left} ${pluralForm(left, BILET)} „${item}”`,
    };
  }
  return null;
}

export function variantStockRefusal(
  variant: { stock: number; sold: number },
  quantity: number,
  label: string,
): LimitRefusal | null {
  if (variant.sold + quantity <= variant.stock) return null;
  const left = Math.max(0, variant.stock - variant.sold);
  return {
    reason: 'out-of-stock',
    item: label,
    left,
    message: left === 0 ? `${label} — wyprzedane` : `${label} — dostępne tylko ${left} ${pluralForm(left, SZTUKA)}`,
  };
}

// ---------------------------------------------------------------- payment deadline

export function paymentDaysOf(event: { paymentDays?: number | null } | null | undefined): number {
  return event?.paymentDays ?? DEFAULT_PAYMENT_DAYS;
}

/**
 * The moment an order placed at `createdAt` must be paid by (its transfer booked): the end of the
 * Warsaw calendar day `paymentDays` days after the day it was placed. Screens and e-mails name that
 * day („Termin wpłaty: 27 listopada 2026”), so the whole named day counts, in Polish time whatever
 * the hour of placing, and the expiry cancels only after it.
 */
export function paymentDeadline(createdAt: number, paymentDays: number): number {
  return endOfWarsawDay(addDaysToIsoDay(warsawDate(createdAt), paymentDays));
}

/** Orders stored before deadlines existed have no `payBy`: they get the event's current term. */
export function orderPayBy(order: { createdAt: number; payBy?: number }, paymentDays: number): number {
  return order.payBy ?? paymentDeadline(order.createdAt, paymentDays);
}

export function isPastPaymentDeadline(
  order: { status: string; createdAt: number; payBy?: number },
  now: number,
  paymentDays: number,
): boolean {
  return order.status === 'pending' && now > orderPayBy(order, paymentDays);
}

/**
 * Whether the system cancels this order now for lack of payment. A locked order never: a payment
 * confirmation under way wins, and one that crashed holds a reserved invoice number that only its
 * repeat can use (as a cancellation, domain/orderState.ts decideCancel).
 */
export function shouldExpire(
  order: { status: string; createdAt: number; payBy?: number; lock?: { at: number } },
  now: number,
  paymentDays: number,
): boolean {
  return isPastPaymentDeadline(order, now, paymentDays) && order.lock === undefined;
}

/** Why an order was cancelled, as the participant reads it next to „anulowane”. */
export const CANCEL_REASON_LABELS = {
  expired: 'brak wpłaty w terminie',
} as const;
