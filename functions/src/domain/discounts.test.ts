import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  batchCode,
  countDiscountCheck,
  DISCOUNT_CHECKS_PER_MINUTE,
  discountUsesOfOrders,
  discountCodesCsv,
  discountFitRefusal,
  discountTermsSchema,
  discountUsesLeft,
  discountValidityRefusal,
  discountedUnitGross,
  releaseDiscountUses,
  sameDiscountUses,
  takeDiscountUses,
  type DiscountChecks,
  type DiscountUses,
} from './discounts.js';
import { discountCodeSchema, type OrderLine } from './schemas.js';
import { buildInvoice, orderTotals } from './invoice.js';
import { newOrder } from './placement.js';
import { buildFa3Xml, fa3FromInvoice } from './ksef/index.js';
import { TEST_PERSON, TEST_SELLER } from './ksef/testing.js';
import { validateFa3 } from '../../../tests/helpers/fa3Schema.js';

const TICKET: OrderLine = {
  type: 'ticket',
  name: 'Karnet 3-dniowy',
  unitGross: 14900,
  quantity: 1,
  vatRate: 8,
  ticketTypeId: 'karnet',
  memberId: 'self',
  memberName: 'Jan Kowalski',
};
const CHILD: OrderLine = {
  ...TICKET,
  name: 'Bilet dziecięcy',
  unitGross: 7450,
  ticketTypeId: 'dziecko',
  memberId: 'm-1',
  memberName: 'Ola Kowalska',
};
const SHIRT: OrderLine = {
  type: 'merch',
  name: 'Koszulka',
  unitGross: 8900,
  quantity: 3,
  vatRate: 23,
  productId: 'koszulka',
  variantId: 'M',
  variantLabel: 'M',
};

describe('discount code format', () => {
  it('is case-insensitive and its format never names an object internal', () => {
    expect(discountCodeSchema.parse(' czlonek-2026 ')).toBe('CZLONEK-2026');
    for (const bad of ['__proto__', 'a', 'Kod z spacją', 'ŻAGIEL', 'a/b', '-ABC', 'X'.repeat(33)])
      expect(discountCodeSchema.safeParse(bad).success, bad).toBe(false);
    // hasOwnProperty / constructor become upper case, which no plain object inherits.
    expect(discountCodeSchema.parse('hasOwnProperty')).toBe('HASOWNPROPERTY');
    expect(Object.hasOwn(Object.prototype, 'HASOWNPROPERTY')).toBe(false);
  });
  it('terms: percent 1–100, an amount above 0, the end after the start', () => {
    expect(discountTermsSchema.safeParse({ kind: 'percent', value: 101, active: true }).success).toBe(false);
    expect(discountTermsSchema.safeParse({ kind: 'amount', value: 0, active: true }).success).toBe(false);
    expect(discountTermsSchema.safeParse({ kind: 'price', value: 0, active: true }).success).toBe(true);
    expect(
      discountTermsSchema.safeParse({ kind: 'percent', value: 10, active: true, validFrom: 2, validUntil: 1 }).success,
    ).toBe(false);
  });
});

describe('prices after a code', () => {
  it('percent rounds half up to the grosz, an amount never goes below 0, a set price never raises one', () => {
    expect(discountedUnitGross({ kind: 'percent', value: 15 }, 14900)).toBe(12665);
    expect(discountedUnitGross({ kind: 'percent', value: 50 }, 7451)).toBe(3725);
    expect(discountedUnitGross({ kind: 'percent', value: 100 }, 14900)).toBe(0);
    expect(discountedUnitGross({ kind: 'amount', value: 2000 }, 14900)).toBe(12900);
    expect(discountedUnitGross({ kind: 'amount', value: 20000 }, 14900)).toBe(0);
    expect(discountedUnitGross({ kind: 'price', value: 9900 }, 14900)).toBe(9900);
    expect(discountedUnitGross({ kind: 'price', value: 9900 }, 7450)).toBe(7450);
  });
  it('applies to the chosen ticket types and products only, one use per unit', () => {
    const applied = applyDiscount([TICKET, CHILD, SHIRT], {
      kind: 'amount',
      value: 1000,
      ticketTypeIds: { karnet: true },
      productIds: { koszulka: true },
    });
    expect(applied.lines.map((l) => [l.unitGross, l.listUnitGross])).toEqual([
      [13900, 14900],
      [7450, undefined],
      [7900, 8900],
    ]);
    expect(applied.units).toBe(4);
    expect(applied.gross).toBe(1000 + 3 * 1000);
    expect(applyDiscount([TICKET, SHIRT], { kind: 'percent', value: 10 }).units).toBe(4);
  });
  it('a unit the code does not make cheaper is not discounted and takes no use', () => {
    // A set price of 99 zł: the Karnet (149 zł) gets it, the child's ticket (74,50 zł) stays as it is.
    const applied = applyDiscount([TICKET, CHILD], { kind: 'price', value: 9900 });
    expect(applied.lines.map((l) => [l.unitGross, l.listUnitGross])).toEqual([
      [9900, 14900],
      [7450, undefined],
    ]);
    expect(applied.units).toBe(TICKET.quantity);
    const free = { ...SHIRT, unitGross: 0 };
    expect(applyDiscount([free], { kind: 'amount', value: 1000 })).toEqual({ lines: [free], units: 0, gross: 0 });
  });
});

describe('uses', () => {
  const terms = { maxUses: 3, maxPerAccount: 2 };
  it('never more than the total or the per-account limit; the same order twice takes once', () => {
    let uses: DiscountUses | null = null;
    const take = (uid: string, orderId: string, units: number) => {
      const r = takeDiscountUses('CODE', terms, uses, { uid, orderId, units });
      if (r.ok) uses = r.next;
      return r.ok ? null : r.refusal;
    };
    expect(take('a', 'o1', 2)).toBeNull();
    expect(take('a', 'o1', 2)).toBeNull();
    expect(uses!.used).toBe(2);
    expect(take('a', 'o2', 1)?.message).toBe('Kod CODE został już wykorzystany.');
    expect(take('b', 'o3', 2)?.message).toBe(
      'Kod CODE można użyć jeszcze tylko 1 raz, a obejmuje 2 pozycji w koszyku — usuń część z nich albo zamów bez kodu.',
    );
    expect(take('b', 'o3', 1)).toBeNull();
    expect(discountUsesLeft(terms, uses, 'c')).toBe(0);
    uses = releaseDiscountUses(uses, 'o1');
    expect(uses).toEqual({ used: 1, accounts: { b: 1 }, orders: { o3: { uid: 'b', units: 1 } } });
    expect(releaseDiscountUses(uses, 'o1')).toEqual(uses);
    expect(discountUsesLeft(terms, uses, 'a')).toBe(2);
    expect(discountUsesLeft({}, uses, 'a')).toBeNull();
  });
  it('a code covering nothing in the basket says so', () => {
    expect(discountFitRefusal('CODE', {}, null, 'a', 0)?.reason).toBe('discount-not-applicable');
  });
  it('validity: missing or switched off, not yet, no longer — Polish messages', () => {
    expect(discountValidityRefusal('XYZ', null, 0)?.message).toBe(
      'Nie ma takiego kodu rabatowego: XYZ. Sprawdź, czy nie ma literówki.',
    );
    expect(discountValidityRefusal('XYZ', { active: false }, 0)?.reason).toBe('discount-missing');
    const from = Date.UTC(2026, 5, 1, 10, 0);
    expect(discountValidityRefusal('XYZ', { active: true, validFrom: from }, from - 1)?.message).toBe(
      'Kod XYZ będzie ważny od 1 czerwca 2026 12:00.',
    );
    expect(discountValidityRefusal('XYZ', { active: true, validUntil: from }, from + 1)?.reason).toBe(
      'discount-expired',
    );
    expect(
      discountValidityRefusal('XYZ', { active: true, validFrom: from, validUntil: from + 10 }, from + 5),
    ).toBeNull();
  });
});

describe('use counters from the orders', () => {
  it('sums the units of the orders holding a code, per account and order; equal counters compare equal', () => {
    const uses = discountUsesOfOrders([
      ['o1', { uid: 'u1', discount: { code: 'A', units: 2 } }],
      ['o2', { uid: 'u2', discount: { code: 'A', units: 1 } }],
      ['o3', { uid: 'u1', discount: { code: 'B', units: 1 } }],
      ['o4', { uid: 'u3' }],
    ]);
    expect(uses.get('A')).toEqual({
      used: 3,
      accounts: { u1: 2, u2: 1 },
      orders: { o1: { uid: 'u1', units: 2 }, o2: { uid: 'u2', units: 1 } },
    });
    expect(uses.get('B')).toEqual({ used: 1, accounts: { u1: 1 }, orders: { o3: { uid: 'u1', units: 1 } } });
    expect([...uses.keys()].sort()).toEqual(['A', 'B']);
    const reordered: DiscountUses = {
      used: 3,
      orders: { o2: { uid: 'u2', units: 1 }, o1: { uid: 'u1', units: 2 } },
      accounts: { u2: 1, u1: 2 },
    };
    expect(sameDiscountUses(uses.get('A')!, reordered)).toBe(true);
    expect(sameDiscountUses(uses.get('A')!, { ...reordered, used: 4 })).toBe(false);
    expect(sameDiscountUses({ used: 0 }, null)).toBe(true);
    expect(sameDiscountUses(uses.get('B')!, null)).toBe(false);
  });
});

describe('checks per minute', () => {
  it(`${DISCOUNT_CHECKS_PER_MINUTE} checks a minute per account, then a Polish refusal naming the wait; a new minute starts afresh`, () => {
    const t0 = 1_800_000_000_000;
    let cur: DiscountChecks | null = null;
    for (let i = 0; i < DISCOUNT_CHECKS_PER_MINUTE; i++) {
      const counted = countDiscountCheck(cur, t0 + i * 1000);
      if (!counted.ok) throw new Error(`check ${i + 1} refused`);
      cur = counted.next;
    }
    expect(cur).toEqual({ windowStart: t0, count: DISCOUNT_CHECKS_PER_MINUTE });
    const refused = countDiscountCheck(cur, t0 + 58_500);
    expect(refused).toEqual({
      ok: false,
      refusal: {
        reason: 'discount-checks-limit',
        field: 'discountCode',
        message: 'Za dużo prób wpisania kodu rabatowego. Spróbuj ponownie za 2 sekundy.',
      },
    });
    expect(countDiscountCheck(cur, t0 + 30_000)).toMatchObject({
      refusal: { message: 'Za dużo prób wpisania kodu rabatowego. Spróbuj ponownie za 30 sekund.' },
    });
    expect(countDiscountCheck(cur, t0 + 59_000)).toMatchObject({
      refusal: { message: 'Za dużo prób wpisania kodu rabatowego. Spróbuj ponownie za 1 sekundę.' },
    });
    expect(countDiscountCheck(cur, t0 + 60_000)).toEqual({ ok: true, next: { windowStart: t0 + 60_000, count: 1 } });
    // A clock that went back does not lock the account out.
    expect(countDiscountCheck(cur, t0 - 5_000)).toEqual({ ok: true, next: { windowStart: t0 - 5_000, count: 1 } });
  });
});

describe('crew batch', () => {
  it('codes match the code format; CSV for a spreadsheet', () => {
    let i = 0;
    const code = batchCode('EKIPA', () => ((i += 7) % 32) / 32);
    expect(discountCodeSchema.parse(code)).toBe(code);
    expect(code).toMatch(/^EKIPA-[A-Z2-9]{8}$/);
    expect(discountCodesCsv([{ code, label: 'Ekipa; kuchnia', used: 1, maxUses: 1 }])).toBe(
      `kod;opis;użycia;limit\n${code};"Ekipa; kuchnia";1;1\n`,
    );
  });
});

describe('invoice of a discounted order', () => {
  it('shows the price after the discount and stays a valid FA(3) file', () => {
    const { lines } = applyDiscount([TICKET, CHILD, SHIRT], { kind: 'percent', value: 20 });
    const order = newOrder({
      uid: 'u1',
      number: 'ZAM/2026/000001',
      kind: 'tickets',
      lines,
      email: 'jan@example.com',
      invoice: TEST_PERSON,
      idempotencyKey: '0123456789abcdef0123456789abcdef',
      createdAt: Date.UTC(2026, 5, 1),
      payBy: Date.UTC(2026, 5, 8),
      discount: { code: 'CZLONEK', units: 5, gross: 2980 + 1490 + 3 * 1780 },
    });
    expect(order.totals).toEqual(orderTotals(lines));
    expect(order.totals.gross).toBe(11920 + 5960 + 3 * 7120);
    const invoice = buildInvoice({
      number: 'FV/2026/000001',
      orderId: 'o1',
      order,
      seller: TEST_SELLER,
      issuedAt: Date.UTC(2026, 5, 2),
      issuedBy: 'admin',
    });
    expect(invoice.lines.l1.unitGross).toBe(11920);
    expect(invoice.totals.gross).toBe(order.totals.gross);
    const built = buildFa3Xml(fa3FromInvoice(invoice));
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const [verdict] = validateFa3([built.xml]);
    expect(verdict.output).toBe('');
    expect(verdict.valid).toBe(true);
  });
});
