/**
 * Discount codes (docs/discounts.md): what a code is, which order lines it discounts and by how
 * much, whether it may be used now, and the use counter that keeps it within its limits. Pure: the
 * order placement runs `takeDiscountUses` inside the transaction on `/discountUses/{code}`, the
 * checkout runs `applyDiscount` to show the new prices before the order.
 */
import { z } from 'zod';
import {
  hasUnsafeText,
  keySchema,
  LIMITS,
  timestampSchema,
  uidSchema,
  UNSAFE_TEXT_MESSAGE,
  type OrderLine,
} from './schemas.js';
import { pluralForm, type NounForms } from './words.js';
import { formatWarsawDateTime } from './warsawTime.js';
import type { RefusalReason } from './errors.js';

export const DISCOUNT_KINDS = ['percent', 'amount', 'price'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_KIND_LABELS: Record<DiscountKind, string> = {
  percent: 'procent zniżki',
  amount: 'kwota zniżki',
  price: 'stała cena',
};
const MAX_DISCOUNT_USES = 100_000;
const RAZ: NounForms = ['raz', 'razy', 'razy'];

/** Absent = every line; an empty choice would be stored as absent (RTDB keeps no empty objects), so it is refused. */
const scopeSchema = z
  .record(keySchema, z.literal(true))
  .refine((ids) => Object.keys(ids).length > 0, 'Wybierz co najmniej jedną pozycję albo „wszystkie”')
  .optional();

/** What an admin sets; `value` is a percent (1–100) for `percent`, grosze otherwise. */
const termsFields = {
  kind: z.enum(DISCOUNT_KINDS, { error: 'Wybierz rodzaj zniżki' }),
  value: z
    .int({ error: 'Podaj wartość zniżki' })
    .min(0, 'Wartość nie może być ujemna')
    .max(LIMITS.maxPriceGrosze, 'Wartość jest za duża'),
  /** Ticket types and products it applies to; both absent = every line. */
  ticketTypeIds: scopeSchema,
  productIds: scopeSchema,
  maxUses: z
    .int({ error: 'Podaj liczbę użyć' })
    .min(1, 'Co najmniej 1 użycie')
    .max(MAX_DISCOUNT_USES, 'Za dużo użyć')
    .optional(),
  maxPerAccount: z
    .int({ error: 'Podaj limit na konto' })
    .min(1, 'Co najmniej 1 użycie')
    .max(MAX_DISCOUNT_USES, 'Za dużo użyć')
    .optional(),
  validFrom: z.optional(timestampSchema),
  validUntil: z.optional(timestampSchema),
  active: z.boolean(),
  /** For the admin: who the code is for („Ekipa”, „Członkowie stowarzyszenia”). */
  label: z
    .string()
    .trim()
    .max(LIMITS.title, `Najwyżej ${LIMITS.title} znaków`)
    .refine((v) => !hasUnsafeText(v), UNSAFE_TEXT_MESSAGE)
    .optional(),
};
type TermsShape = { kind: DiscountKind; value: number; validFrom?: number; validUntil?: number };
function checkTerms<S extends z.ZodType<TermsShape>>(schema: S) {
  return schema
    .refine((t) => t.kind !== 'percent' || (t.value >= 1 && t.value <= 100), {
      message: 'Procent zniżki: od 1 do 100',
      path: ['value'],
    })
    .refine((t) => t.kind !== 'amount' || t.value >= 1, {
      message: 'Kwota zniżki musi być większa od zera',
      path: ['value'],
    })
    .refine((t) => t.validFrom === undefined || t.validUntil === undefined || t.validFrom < t.validUntil, {
      message: 'Koniec ważności musi być po początku',
      path: ['validUntil'],
    });
}
export const discountTermsSchema = checkTerms(z.strictObject(termsFields));
export type DiscountTerms = z.output<typeof discountTermsSchema>;

/** `/discountCodes/{code}`. */
export const discountCodeRecordSchema = checkTerms(
  z.strictObject({
    ...termsFields,
    /** Codes made together (a crew batch) share it; the admin exports a batch as CSV. */
    batch: z.optional(keySchema),
    createdAt: timestampSchema,
    createdBy: uidSchema,
    updatedAt: z.optional(timestampSchema),
  }),
);
export type DiscountCodeRecord = z.output<typeof discountCodeRecordSchema>;

/** `/discountUses/{code}`: units discounted by pending and paid orders, per account and per order. */
export const discountUsesSchema = z.strictObject({
  used: z.int().min(0),
  accounts: z.record(uidSchema, z.int().min(0)).optional(),
  orders: z.record(keySchema, z.strictObject({ uid: uidSchema, units: z.int().min(1) })).optional(),
});
export type DiscountUses = z.output<typeof discountUsesSchema>;

/** Whether a code discounts this line. */
export function discountApplies(terms: Pick<DiscountTerms, 'ticketTypeIds' | 'productIds'>, line: OrderLine): boolean {
  if (!terms.ticketTypeIds && !terms.productIds) return true;
  if (line.type === 'ticket')
    return Boolean(terms.ticketTypeIds && Object.hasOwn(terms.ticketTypeIds, line.ticketTypeId));
  return Boolean(terms.productIds && Object.hasOwn(terms.productIds, line.productId));
}

/** A unit price after the discount: never below 0 nor above the catalogue price. Percent off rounds half up to the grosz. */
export function discountedUnitGross(terms: Pick<DiscountTerms, 'kind' | 'value'>, unitGross: number): number {
  if (terms.kind === 'percent') return unitGross - Math.floor((unitGross * terms.value + 50) / 100);
  if (terms.kind === 'amount') return Math.max(0, unitGross - terms.value);
  return Math.min(unitGross, terms.value);
}

interface DiscountedLines {
  lines: OrderLine[];
  /** Units (tickets, pieces) the code discounted: each is one use. */
  units: number;
  /** Gross taken off the whole order. */
  gross: number;
}

/**
 * The lines with the code applied to every unit it covers and makes cheaper; other lines stay as they
 * are. A unit the code does not make cheaper (a price code above the catalogue price, any code on a
 * free line) is not discounted and takes no use of the code.
 */
export function applyDiscount(
  lines: readonly OrderLine[],
  terms: Pick<DiscountTerms, 'kind' | 'value' | 'ticketTypeIds' | 'productIds'>,
): DiscountedLines {
  let units = 0;
  let gross = 0;
  const out = lines.map((line) => {
    if (!discountApplies(terms, line)) return line;
    const unitGross = discountedUnitGross(terms, line.unitGross);
    if (unitGross >= line.unitGross) return line;
    units += line.quantity;
    gross += (line.unitGross - unitGross) * line.quantity;
    return { ...line, unitGross, listUnitGross: line.unitGross };
  });
  return { lines: out, units, gross };
}

/** Why a code cannot be used: a refusal reason and the Polish message shown at the code field. */
export interface DiscountRefusal {
  reason: RefusalReason;
  message: string;
  field: 'discountCode';
}
const refusal = (reason: RefusalReason, message: string): DiscountRefusal => ({
  reason,
  message,
  field: 'discountCode',
});

/** Whether a code exists and may be used at `now`, before looking at the basket or the uses. */
export function discountValidityRefusal(
  code: string,
  record: Pick<DiscountTerms, 'active' | 'validFrom' | 'validUntil'> | null,
  now: number,
): DiscountRefusal | null {
  if (!record || !record.active)
    return refusal('discount-missing', `Nie ma takiego kodu rabatowego: ${code}. Sprawdź, czy nie ma literówki.`);
  if (record.validFrom !== undefined && now < record.validFrom)
    return refusal('discount-not-started', `Kod ${code} będzie ważny od ${formatWarsawDateTime(record.validFrom)}.`);
  if (record.validUntil !== undefined && now > record.validUntil)
    return refusal('discount-expired', `Kod ${code} wygasł ${formatWarsawDateTime(record.validUntil)}.`);
  return null;
}

/** How many more units an account may discount with a code: null = no limit. */
export function discountUsesLeft(
  terms: Pick<DiscountTerms, 'maxUses' | 'maxPerAccount'>,
  uses: DiscountUses | null,
  uid: string,
): number | null {
  const total = terms.maxUses === undefined ? null : terms.maxUses - (uses?.used ?? 0);
  const held = uses?.accounts && Object.hasOwn(uses.accounts, uid) ? uses.accounts[uid] : 0;
  const account = terms.maxPerAccount === undefined ? null : terms.maxPerAccount - held;
  if (total === null) return account === null ? null : Math.max(0, account);
  return Math.max(0, account === null ? total : Math.min(total, account));
}

/** The refusal when `units` uses do not fit what is left (total or this account's), else null. */
export function discountFitRefusal(
  code: string,
  terms: Pick<DiscountTerms, 'maxUses' | 'maxPerAccount'>,
  uses: DiscountUses | null,
  uid: string,
  units: number,
): DiscountRefusal | null {
  if (units === 0) return refusal('discount-not-applicable', `Kod ${code} nie obejmuje niczego, co masz w koszyku.`);
  const left = discountUsesLeft(terms, uses, uid);
  if (left === null || units <= left) return null;
  if (left === 0) return refusal('discount-used-up', `Kod ${code} został już wykorzystany.`);
  return refusal(
    'discount-used-up',
    `Kod ${code} można użyć jeszcze tylko ${left} ${pluralForm(left, RAZ)}, a obejmuje ${units} pozycji w koszyku — usuń część z nich albo zamów bez kodu.`,
  );
}

/**
 * The use counter after an order takes `units` uses, or the refusal when they do not fit. Taking
 * the same order twice changes nothing (a retried transaction or a repeated reinstatement).
 */
export function takeDiscountUses(
  code: string,
  terms: Pick<DiscountTerms, 'maxUses' | 'maxPerAccount'>,
  uses: DiscountUses | null,
  take: { uid: string; orderId: string; units: number },
): { ok: true; next: DiscountUses } | { ok: false; refusal: DiscountRefusal } {
  if (uses?.orders && Object.hasOwn(uses.orders, take.orderId)) return { ok: true, next: uses };
  const why = discountFitRefusal(code, terms, uses, take.uid, take.units);
  if (why) return { ok: false, refusal: why };
  const held = uses?.accounts && Object.hasOwn(uses.accounts, take.uid) ? uses.accounts[take.uid] : 0;
  return {
    ok: true,
    next: {
      used: (uses?.used ?? 0) + take.units,
      accounts: { ...(uses?.accounts ?? {}), [take.uid]: held + take.units },
      orders: { ...(uses?.orders ?? {}), [take.orderId]: { uid: take.uid, units: take.units } },
    },
  };
}

/** The use counter after an order gives its uses back; an order that holds none changes nothing. */
export function releaseDiscountUses(uses: DiscountUses | null, orderId: string): DiscountUses | null {
  if (!uses?.orders || !Object.hasOwn(uses.orders, orderId)) return uses;
  const { uid, units } = uses.orders[orderId];
  const orders = Object.fromEntries(Object.entries(uses.orders).filter(([id]) => id !== orderId));
  const accounts = { ...(uses.accounts ?? {}) };
  const held = Math.max(0, (accounts[uid] ?? 0) - units);
  if (held > 0) accounts[uid] = held;
  else delete accounts[uid];
  return {
    used: Math.max(0, uses.used - units),
    ...(Object.keys(accounts).length ? { accounts } : {}),
    ...(Object.keys(orders).length ? { orders } : {}),
  };
}

/** What the checkout learns about a valid code (`checkDiscountCode`): enough to price the basket with `applyDiscount`. */
export interface DiscountPreview {
  code: string;
  kind: DiscountKind;
  value: number;
  ticketTypeIds?: Record<string, true>;
  productIds?: Record<string, true>;
  /** Units this account may still discount: null = no limit. */
  usesLeft: number | null;
}

/** How the code reads in a sentence: „−20%”, „−15,00 zł”, „cena 0,00 zł”. */
export function describeDiscount(
  terms: Pick<DiscountTerms, 'kind' | 'value'>,
  money: (grosze: number) => string,
): string {
  if (terms.kind === 'percent') return terms.value === 100 ? 'bezpłatnie' : `−${terms.value}%`;
  if (terms.kind === 'amount') return `−${money(terms.value)} za sztukę`;
  return terms.value === 0 ? 'bezpłatnie' : `cena ${money(terms.value)}`;
}

/** One crew code: the batch prefix and 8 characters without look-alikes, drawn by `random` (0 ≤ x < 1). */
export function batchCode(prefix: string, random: () => number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let tail = '';
  for (let i = 0; i < 8; i++) tail += alphabet[Math.floor(random() * alphabet.length)];
  return `${prefix}-${tail}`;
}

/** A batch of codes as CSV (`;`-separated, as Polish spreadsheets open it): code, label, uses. */
export function discountCodesCsv(
  rows: readonly { code: string; label?: string; used: number; maxUses?: number }[],
): string {
  const cell = (v: string) => (/[";\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return (
    [
      'kod;opis;użycia;limit',
      ...rows.map((r) =>
        [r.code, r.label ?? '', String(r.used), r.maxUses === undefined ? '' : String(r.maxUses)].map(cell).join(';'),
      ),
    ].join('\n') + '\n'
  );
}

/**
 * What `/discountUses` should hold, derived from the orders that hold their uses (pending, paid, or
 * cancelled with the release unfinished): per code, the units of each such order. The reservation
 * repair sets every counter to this, so a use left by a placement that died is given back.
 */
export function discountUsesOfOrders(
  orders: Iterable<readonly [orderId: string, order: { uid: string; discount?: { code: string; units: number } }]>,
): Map<string, DiscountUses> {
  const out = new Map<string, DiscountUses>();
  for (const [orderId, order] of orders) {
    if (!order.discount || order.discount.units < 1) continue;
    const cur = out.get(order.discount.code) ?? null;
    const taken = takeDiscountUses(order.discount.code, {}, cur, {
      uid: order.uid,
      orderId,
      units: order.discount.units,
    });
    if (taken.ok) out.set(order.discount.code, taken.next);
  }
  return out;
}

/** Whether two use counters hold the same (absent and an empty counter hold nothing). */
export function sameDiscountUses(a: DiscountUses | null, b: DiscountUses | null): boolean {
  const norm = (u: DiscountUses | null) => ({
    used: u?.used ?? 0,
    accounts: Object.entries(u?.accounts ?? {})
      .filter(([, n]) => n > 0)
      .sort(([x], [y]) => x.localeCompare(y)),
    orders: Object.entries(u?.orders ?? {})
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([id, o]) => [id, o.uid, o.units]),
  });
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** Checks of a code per account and minute (`checkDiscountCode`): enough for typing errors, too few to guess codes. */
export const DISCOUNT_CHECKS_PER_MINUTE = 10;
const CHECK_WINDOW_MS = 60_000;
const SEKUNDA: NounForms = ['sekundę', 'sekundy', 'sekund'];

/** `/discountChecks/{uid}`: the account's code checks in the current minute. */
export const discountChecksSchema = z.strictObject({ windowStart: timestampSchema, count: z.int().min(1) });
export type DiscountChecks = z.output<typeof discountChecksSchema>;

/**
 * One more check of a code by an account at `now`: the counter after it, or — over the limit — the
 * Polish refusal naming how long to wait. A window starts with the first check after the last one ended.
 */
export function countDiscountCheck(
  cur: DiscountChecks | null,
  now: number,
): { ok: true; next: DiscountChecks } | { ok: false; refusal: DiscountRefusal } {
  if (!cur || now >= cur.windowStart + CHECK_WINDOW_MS || now < cur.windowStart)
    return { ok: true, next: { windowStart: now, count: 1 } };
  if (cur.count < DISCOUNT_CHECKS_PER_MINUTE)
    return { ok: true, next: { windowStart: cur.windowStart, count: cur.count + 1 } };
  const seconds = Math.max(1, Math.ceil((cur.windowStart + CHECK_WINDOW_MS - now) / 1000));
  return {
    ok: false,
    refusal: refusal(
      'discount-checks-limit',
      `Za dużo prób wpisania kodu rabatowego. Spróbuj ponownie za ${seconds} ${pluralForm(seconds, SEKUNDA)}.`,
    ),
  };
}
