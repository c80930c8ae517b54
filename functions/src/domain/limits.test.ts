import { describe, expect, it } from 'vitest';
import {
  addHoldings,
  isPastPaymentDeadline,
  ticketAccountLimitNote,
  variantAllowance,
  variantAllowanceHint,
  variantAllowanceMessage,
  orderPayBy,
  paymentDaysOf,
  paymentDeadline,
  removeHoldings,
  sameHoldings,
  ticketSaleRefusal,
  variantStockRefusal,
  type HoldingsRequest,
} from './limits.js';

const request = (
  tickets: [string, number, number][] = [],
  variants: [string, string, number, number][] = [],
): HoldingsRequest => ({
  tickets: new Map(tickets.map(([id, count, cap]) => [id, { count, cap, name: `Bilet ${id}` }])),
  variants: new Map(
    variants.map(([p, v, quantity, cap]) => [
      `${p}/${v}`,
      { productId: p, variantId: v, quantity, cap, label: `${p} (${v})` },
    ]),
  ),
});

describe('per-account holdings', () => {
  it('adds an order within the caps and refuses the one that would cross a cap, naming what is left', () => {
    const first = addHoldings(null, request([['karnet', 2, 3]], [['kubek', 'std', 4, 5]]));
    expect(first).toEqual({ ok: true, next: { tickets: { karnet: 2 }, variants: { kubek: { std: 4 } } } });
    const over = addHoldings(first.ok ? first.next : null, request([['karnet', 2, 3]]));
    expect(over).toEqual({
      ok: false,
      refusal: {
        reason: 'account-limit',
        item: 'Bilet karnet',
        left: 1,
        message: 'Na jedno konto można kupić najwyżej 3 bilety „Bilet karnet” — możesz dodać jeszcze 1',
      },
    });
    const units = addHoldings(first.ok ? first.next : null, request([], [['kubek', 'std', 2, 5]]));
    expect(units).toMatchObject({
      ok: false,
      refusal: { left: 1, message: 'kubek (std): na jedno konto najwyżej 5 sztuk — możesz dodać jeszcze 1' },
    });
    const exhausted = addHoldings({ tickets: { karnet: 1 } }, request([['karnet', 1, 1]]));
    expect(exhausted).toMatchObject({
      ok: false,
      refusal: {
        left: 0,
        message: 'Na jedno konto można kupić najwyżej 1 bilet „Bilet karnet” — limit jest już wykorzystany',
      },
    });
  });

  it('a cap lowered below what is held refuses more but takes nothing away', () => {
    expect(addHoldings({ tickets: { karnet: 5 } }, request([['karnet', 1, 3]]))).toMatchObject({
      ok: false,
      refusal: { left: 0 },
    });
    expect(removeHoldings({ tickets: { karnet: 5 } }, new Map([['karnet', 1]]), [])).toEqual({
      tickets: { karnet: 4 },
    });
  });

  it('removing gives the allowance back, never below zero, and drops what reaches zero', () => {
    expect(
      removeHoldings({ tickets: { karnet: 2, dzien: 1 }, variants: { kubek: { std: 4 } } }, new Map([['karnet', 2]]), [
        { productId: 'kubek', variantId: 'std', quantity: 9 },
      ]),
    ).toEqual({ tickets: { dzien: 1 } });
    expect(removeHoldings({ tickets: { karnet: 1 } }, new Map([['karnet', 1]]), [])).toBeNull();
    expect(removeHoldings(null, new Map([['karnet', 1]]), [])).toBeNull();
  });
});

describe('what an account may still add of a variant (shown at the shop’s quantity field)', () => {
  type Line = { type: string; productId?: string; variantId?: string; quantity: number };
  const line = (productId: string, variantId: string, quantity: number): Line => ({
    type: 'merch',
    productId,
    variantId,
    quantity,
  });
  const orders: { status: string; lines: Record<string, Line> }[] = [
    { status: 'paid', lines: { a: line('bluza', 'm', 3), b: line('bluza', 'l', 9) } },
    { status: 'pending', lines: { a: line('bluza', 'm', 2), t: { type: 'ticket', quantity: 1 } } },
    { status: 'cancelled', lines: { a: line('bluza', 'm', 10) } },
  ];
  it('counts pending and paid orders and the basket, not cancelled orders or other variants', () => {
    const a = variantAllowance(
      10,
      orders,
      [
        { productId: 'bluza', variantId: 'm', quantity: 1 },
        { productId: 'kubek', variantId: 'm', quantity: 4 },
      ],
      'bluza',
      'm',
    );
    expect(a).toEqual({ cap: 10, held: 5, inBasket: 1, left: 4 });
    expect(variantAllowanceMessage(a)).toBe(
      'Na jedno konto można kupić najwyżej 10 sztuk tego wariantu — możesz dodać jeszcze 4 (masz już 5 w zamówieniach, 1 w koszyku)',
    );
    expect(variantAllowanceHint(a)).toBe(
      'Na jedno konto najwyżej 10 szt. tego wariantu (masz już 5 w zamówieniach, 1 w koszyku)',
    );
    expect(variantAllowanceHint(variantAllowance(20, [], [], 'bluza', 'm'))).toBe(
      'Na jedno konto najwyżej 20 szt. tego wariantu',
    );
    const used = variantAllowance(2, orders, [], 'bluza', 'm');
    expect(used.left).toBe(0);
    expect(variantAllowanceMessage(used)).toBe(
      'Na jedno konto można kupić najwyżej 2 sztuki tego wariantu — limit jest już wykorzystany (5 w zamówieniach)',
    );
    expect(variantAllowanceMessage(variantAllowance(20, [], [], 'bluza', 'm'))).toBe(
      'Na jedno konto można kupić najwyżej 20 sztuk tego wariantu — możesz dodać jeszcze 20',
    );
  });
});

describe('the per-account ticket cap on the ticket basket', () => {
  it('counts participants holding the type and the others it is chosen for; the one who has it chosen keeps it', () => {
    const type = { id: 'karnet', maxPerAccount: 2 };
    expect(ticketAccountLimitNote(type, {}, {}, 'self')).toEqual({ full: false, note: 'na jedno konto najwyżej 2' });
    const claims = { self: { karnet: { status: 'paid' } } };
    expect(ticketAccountLimitNote(type, claims, { corka: 'karnet' }, 'syn')).toEqual({
      full: true,
      note: 'limit na konto (2) wykorzystany',
    });
    expect(ticketAccountLimitNote(type, claims, { corka: 'karnet' }, 'corka')).toEqual({
      full: false,
      note: 'na jedno konto najwyżej 2',
    });
    // Without a cap of its own the default applies and is said only once it binds.
    expect(ticketAccountLimitNote({ id: 'karnet' }, claims, {}, 'syn')).toBeNull();
  });
});

describe('comparing holdings', () => {
  it('a count of 0 is the same as none, key order does not matter, any other count differs', () => {
    expect(sameHoldings({ tickets: { karnet: 0 }, variants: { koszulka: { l: 0 } } }, null)).toBe(true);
    expect(sameHoldings({ tickets: {}, variants: { koszulka: {} } }, {})).toBe(true);
    expect(sameHoldings({ tickets: { a: 1, b: 2 }, variants: { k: { m: 0 } } }, { tickets: { b: 2, a: 1 } })).toBe(
      true,
    );
    expect(sameHoldings({ tickets: { a: 1 } }, null)).toBe(false);
    expect(sameHoldings({ tickets: { a: 1 } }, { tickets: { a: 2 } })).toBe(false);
    expect(sameHoldings({ variants: { k: { m: 1 } } }, { variants: { k: { l: 1 } } })).toBe(false);
  });
});

describe('what is still for sale', () => {
  const type = { name: 'Karnet', active: true, quota: 10, sold: 8 };
  it('checks activity, the sale window and the quota, in that order, with plural-correct messages', () => {
    expect(ticketSaleRefusal(type, 2, 0)).toBeNull();
    expect(ticketSaleRefusal(type, 3, 0)).toEqual({
      reason: 'sold-out',
      item: 'Karnet',
      left: 2,
      message: 'Zostało tylko 2 bilety „Karnet”',
    });
    expect(ticketSaleRefusal({ ...type, sold: 5 }, 6, 0)?.message).toBe('Zostało tylko 5 biletów „Karnet”');
    expect(ticketSaleRefusal({ ...type, sold: 10 }, 1, 0)?.message).toBe('Bilety „Karnet” są wyprzedane');
    expect(ticketSaleRefusal({ ...type, active: false }, 1, 0)?.reason).toBe('ticket-type-inactive');
    expect(ticketSaleRefusal({ ...type, saleStart: 100 }, 1, 50)?.reason).toBe('sale-not-started');
    expect(ticketSaleRefusal({ ...type, saleEnd: 100 }, 1, 150)?.reason).toBe('sale-ended');
  });

  it('a late payment of an expired order skips the sale window but not the quota', () => {
    expect(ticketSaleRefusal({ ...type, active: false, saleEnd: 100 }, 1, 150, { checkSaleWindow: false })).toBeNull();
    expect(ticketSaleRefusal({ ...type, saleEnd: 100, sold: 10 }, 1, 150, { checkSaleWindow: false })?.reason).toBe(
      'sold-out',
    );
  });

  it('variant stock', () => {
    expect(variantStockRefusal({ stock: 5, sold: 3 }, 2, 'Kubek')).toBeNull();
    expect(variantStockRefusal({ stock: 5, sold: 3 }, 3, 'Kubek')).toEqual({
      reason: 'out-of-stock',
      item: 'Kubek',
      left: 2,
      message: 'Kubek — dostępne tylko 2 sztuki',
    });
    expect(variantStockRefusal({ stock: 5, sold: 5 }, 1, 'Kubek')?.message).toBe('Kubek — wyprzedane');
  });
});

describe('payment deadline', () => {
  it('is the end of the Warsaw day the event’s number of days (7 by default) after the day of placing; older orders without payBy get the current term', () => {
    expect(paymentDaysOf(null)).toBe(7);
    expect(paymentDaysOf({ paymentDays: 3 })).toBe(3);
    // 26.11.2026 02:51 in Warsaw (CET, UTC+1), one day → the whole of 27.11, not 02:51 on it.
    expect(paymentDeadline(Date.parse('2026-11-26T01:51:00Z'), 1)).toBe(Date.parse('2026-11-27T22:59:59.999Z'));
    // 1970-01-01 00:00:01 UTC is 01:00:01 on 1.01 in Warsaw.
    expect(paymentDeadline(1000, 3)).toBe(Date.parse('1970-01-04T22:59:59.999Z'));
    expect(orderPayBy({ createdAt: 1000 }, 2)).toBe(Date.parse('1970-01-03T22:59:59.999Z'));
    expect(orderPayBy({ createdAt: 1000, payBy: 5000 }, 2)).toBe(5000);
  });

  it('counts Warsaw calendar days: an order placed late in the evening UTC is already the next Warsaw day', () => {
    // 26.11 23:30 in Warsaw and 27.11 00:10 in Warsaw (still 26.11 in UTC) fall on different days.
    expect(paymentDeadline(Date.parse('2026-11-26T22:30:00Z'), 1)).toBe(Date.parse('2026-11-27T22:59:59.999Z'));
    expect(paymentDeadline(Date.parse('2026-11-26T23:10:00Z'), 1)).toBe(Date.parse('2026-11-28T22:59:59.999Z'));
    // The last millisecond of a Warsaw day still counts as that day.
    expect(paymentDeadline(Date.parse('2026-11-26T22:59:59.999Z'), 1)).toBe(Date.parse('2026-11-27T22:59:59.999Z'));
    // Across a month and a year end.
    expect(paymentDeadline(Date.parse('2026-12-31T10:00:00Z'), 1)).toBe(Date.parse('2027-01-01T22:59:59.999Z'));
    expect(paymentDeadline(Date.parse('2027-02-27T10:00:00Z'), 2)).toBe(Date.parse('2027-03-01T22:59:59.999Z'));
  });

  it('ends at Warsaw midnight across the summer-time switches (CET +1 ↔ CEST +2)', () => {
    // Spring forward: Sunday 28.03.2027 has 23 hours and ends at 22:00 UTC (CEST).
    expect(paymentDeadline(Date.parse('2027-03-27T11:00:00Z'), 1)).toBe(Date.parse('2027-03-28T21:59:59.999Z'));
    // Placed in CET, due in CEST a week later.
    expect(paymentDeadline(Date.parse('2027-03-25T23:30:00Z'), 7)).toBe(Date.parse('2027-04-02T21:59:59.999Z'));
    // Fall back: Sunday 25.10.2026 has 25 hours and ends at 23:00 UTC (CET).
    expect(paymentDeadline(Date.parse('2026-10-24T10:00:00Z'), 1)).toBe(Date.parse('2026-10-25T22:59:59.999Z'));
    // Placed during the repeated hour (02:30 CEST and 02:30 CET are both 25.10 in Warsaw).
    expect(paymentDeadline(Date.parse('2026-10-25T00:30:00Z'), 1)).toBe(Date.parse('2026-10-26T22:59:59.999Z'));
    expect(paymentDeadline(Date.parse('2026-10-25T01:30:00Z'), 1)).toBe(Date.parse('2026-10-26T22:59:59.999Z'));
    // Placed during the switch night in spring (01:30 CET, just before the clocks jump to 03:00 CEST).
    expect(paymentDeadline(Date.parse('2027-03-28T00:30:00Z'), 0)).toBe(Date.parse('2027-03-28T21:59:59.999Z'));
  });

  it('only a pending order past its deadline has expired', () => {
    const order = { status: 'pending', createdAt: 0, payBy: 1000 };
    expect(isPastPaymentDeadline(order, 1000, 7)).toBe(false);
    expect(isPastPaymentDeadline(order, 1001, 7)).toBe(true);
    expect(isPastPaymentDeadline({ ...order, status: 'paid' }, 5000, 7)).toBe(false);
  });
});
