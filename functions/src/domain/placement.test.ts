import { describe, expect, it } from 'vitest';
import {
  catalogueIdsOf,
  holdingsRequestOf,
  newOrder,
  predictedReservationRefusal,
  priceBasket,
  reservationsOf,
  type Catalogue,
} from './placement.js';
import { orderSchema, type Member, type Product, type TicketType } from './schemas.js';
import { PERSON } from '../../../tests/helpers/buyers.mjs';

const KARNET: TicketType = {
  name: 'Karnet 3-dniowy',
  description: '',
  priceGrosze: 14_900,
  vatRate: 8,
  quota: 100,
  sold: 0,
  active: true,
  sortOrder: 1,
  maxPerAccount: 4,
};
const KOSZULKA: Product = {
  name: 'Koszulka „Bałtyk”',
  description: '',
  priceGrosze: 8_900,
  vatRate: 23,
  active: true,
  sortOrder: 1,
  variants: { m: { label: 'M', stock: 10, sold: 0, sortOrder: 1 } },
};
const catalogue = (over: Partial<Catalogue> = {}): Catalogue => ({
  ticketTypes: new Map([['karnet', KARNET]]),
  products: new Map([['koszulka', KOSZULKA]]),
  ...over,
});
const MEMBERS: Record<string, Member> = {
  self: { firstName: 'Ola', lastName: 'Nowak', createdAt: 1 },
  'kid-1': { firstName: 'Jaś', lastName: 'Nowak', createdAt: 1 },
};
const tickets = { tickets: { self: { ticketTypeId: 'karnet' }, 'kid-1': { ticketTypeId: 'karnet' } } };
const merch = {
  merch: {
    'line-1': { productId: 'koszulka', variantId: 'm', quantity: 2, memberId: 'kid-1' },
    'line-2': { productId: 'koszulka', variantId: 'm', quantity: 1 },
  },
};

describe('pricing a basket', () => {
  it('reads each catalogue entry once', () => {
    expect(catalogueIdsOf('tickets', { ...tickets, ...merch })).toEqual({ ticketTypeIds: ['karnet'], productIds: [] });
    expect(catalogueIdsOf('merch', { ...tickets, ...merch })).toEqual({ ticketTypeIds: [], productIds: ['koszulka'] });
  });

  it('prices tickets from the catalogue, one per participant, and names the basket entries to clear', () => {
    expect(priceBasket('tickets', tickets, MEMBERS, catalogue())).toEqual({
      ok: true,
      lines: [
        {
          type: 'ticket',
          name: 'Karnet 3-dniowy',
          unitGross: 14_900,
          quantity: 1,
          vatRate: 8,
          ticketTypeId: 'karnet',
          memberId: 'self',
          memberName: 'Ola Nowak',
        },
        {
          type: 'ticket',
          name: 'Karnet 3-dniowy',
          unitGross: 14_900,
          quantity: 1,
          vatRate: 8,
          ticketTypeId: 'karnet',
          memberId: 'kid-1',
          memberName: 'Jaś Nowak',
        },
      ],
      basketPaths: ['tickets/self', 'tickets/kid-1'],
    });
  });

  it('prices merchandise with its variant and the participant it is for', () => {
    const priced = priceBasket('merch', merch, MEMBERS, catalogue());
    expect(priced).toMatchObject({ ok: true, basketPaths: ['merch/line-1', 'merch/line-2'] });
    expect(priced.ok && priced.lines).toEqual([
      {
        type: 'merch',
        name: 'Koszulka „Bałtyk”',
        unitGross: 8_900,
        quantity: 2,
        vatRate: 23,
        productId: 'koszulka',
        variantId: 'm',
        variantLabel: 'M',
        memberId: 'kid-1',
        memberName: 'Jaś Nowak',
      },
      {
        type: 'merch',
        name: 'Koszulka „Bałtyk”',
        unitGross: 8_900,
        quantity: 1,
        vatRate: 23,
        productId: 'koszulka',
        variantId: 'm',
        variantLabel: 'M',
      },
    ]);
  });

  it('refuses an empty basket, a missing participant, ticket type, product or variant, and a product not for sale', () => {
    expect(priceBasket('tickets', merch, MEMBERS, catalogue())).toEqual({
      ok: false,
      refusal: { reason: 'basket-empty' },
    });
    expect(priceBasket('merch', {}, MEMBERS, catalogue())).toEqual({ ok: false, refusal: { reason: 'basket-empty' } });
    expect(priceBasket('tickets', { tickets: { 'gone-1': { ticketTypeId: 'karnet' } } }, MEMBERS, catalogue())).toEqual(
      { ok: false, refusal: { reason: 'member-missing', field: 'tickets.gone-1' } },
    );
    expect(
      priceBasket(
        'tickets',
        { tickets: { self: { ticketTypeId: 'vip' } } },
        MEMBERS,
        catalogue({ ticketTypes: new Map([['vip', null]]) }),
      ),
    ).toEqual({ ok: false, refusal: { reason: 'ticket-type-missing', field: 'tickets.self' } });
    expect(priceBasket('merch', merch, MEMBERS, catalogue({ products: new Map([['koszulka', null]]) }))).toEqual({
      ok: false,
      refusal: { reason: 'product-missing', field: 'merch.line-1' },
    });
    expect(
      priceBasket(
        'merch',
        merch,
        MEMBERS,
        catalogue({ products: new Map([['koszulka', { ...KOSZULKA, active: false }]]) }),
      ),
    ).toEqual({
      ok: false,
      refusal: {
        reason: 'product-inactive',
        field: 'merch.line-1',
        item: 'Koszulka „Bałtyk”',
        message: 'Produkt „Koszulka „Bałtyk”” nie jest w sprzedaży',
      },
    });
    expect(
      priceBasket(
        'merch',
        { merch: { 'line-1': { productId: 'koszulka', variantId: 'xl', quantity: 1 } } },
        MEMBERS,
        catalogue(),
      ),
    ).toEqual({ ok: false, refusal: { reason: 'variant-missing', field: 'merch.line-1', item: 'Koszulka „Bałtyk”' } });
    expect(
      priceBasket(
        'merch',
        { merch: { 'line-1': { productId: 'koszulka', variantId: 'm', quantity: 1, memberId: 'gone-1' } } },
        MEMBERS,
        catalogue(),
      ),
    ).toEqual({ ok: false, refusal: { reason: 'member-missing', field: 'merch.line-1.memberId' } });
  });

  it('never takes a participant or a variant from the object prototype', () => {
    expect(
      priceBasket('tickets', { tickets: { constructor: { ticketTypeId: 'karnet' } } }, MEMBERS, catalogue()),
    ).toMatchObject({ ok: false, refusal: { reason: 'member-missing' } });
    expect(
      priceBasket(
        'merch',
        { merch: { 'line-1': { productId: 'koszulka', variantId: 'toString', quantity: 1 } } },
        MEMBERS,
        catalogue(),
      ),
    ).toMatchObject({ ok: false, refusal: { reason: 'variant-missing' } });
  });
});

describe('what an order reserves', () => {
  const lines = {
    l1: {
      type: 'merch' as const,
      name: 'Koszulka',
      unitGross: 1,
      quantity: 2,
      vatRate: 23 as const,
      productId: 'koszulka',
      variantId: 'm',
      variantLabel: 'M',
    },
    l2: {
      type: 'merch' as const,
      name: 'Koszulka',
      unitGross: 1,
      quantity: 1,
      vatRate: 23 as const,
      productId: 'koszulka',
      variantId: 'm',
      variantLabel: 'M',
    },
    l3: {
      type: 'ticket' as const,
      name: 'Karnet',
      unitGross: 1,
      quantity: 1,
      vatRate: 8 as const,
      ticketTypeId: 'karnet',
      memberId: 'self',
      memberName: 'Ola Nowak',
    },
  };

  it('adds up quota per ticket type and stock per variant, and one claim per participant’s ticket', () => {
    const r = reservationsOf({ lines });
    expect([...r.ticketTypes]).toEqual([['karnet', 1]]);
    expect([...r.variants]).toEqual([['koszulka/m', { productId: 'koszulka', variantId: 'm', quantity: 3 }]]);
    expect(r.ticketClaims).toEqual([{ memberId: 'self', ticketTypeId: 'karnet' }]);
  });

  it('asks the holdings for each item with its per-account cap (the default when none is set)', () => {
    const asked = holdingsRequestOf(reservationsOf({ lines }), catalogue());
    expect(asked.ok && [...asked.request.tickets]).toEqual([['karnet', { count: 1, cap: 4, name: 'Karnet 3-dniowy' }]]);
    expect(asked.ok && [...asked.request.variants]).toEqual([
      ['koszulka/m', { productId: 'koszulka', variantId: 'm', quantity: 3, cap: 20, label: 'Koszulka „Bałtyk” (M)' }],
    ]);
    expect(holdingsRequestOf(reservationsOf({ lines }), catalogue({ products: new Map() }))).toEqual({
      ok: false,
      refusal: { reason: 'variant-missing' },
    });
  });
});

describe('the order record', () => {
  it('is a valid pending order with lines l1, l2, … and totals from the lines', () => {
    const priced = priceBasket('tickets', tickets, MEMBERS, catalogue());
    if (!priced.ok) throw new Error('priced');
    const order = newOrder({
      uid: 'ola',
      number: 'ZAM/2026/000042',
      kind: 'tickets',
      lines: priced.lines,
      email: 'ola@example.pl',
      invoice: { ...PERSON, name: 'Ola Nowak' },
      idempotencyKey: '3f2504e04f8941d39a0c0305e82c3301',
      createdAt: 1_000,
      payBy: 2_000,
    });
    expect(orderSchema.safeParse(order).success).toBe(true);
    expect(order).toMatchObject({
      status: 'pending',
      createdAt: 1_000,
      payBy: 2_000,
      buyer: { email: 'ola@example.pl' },
    });
    expect(Object.keys(order.lines)).toEqual(['l1', 'l2']);
    expect(order.totals).toMatchObject({ gross: 29_800, perRate: { r8: { gross: 29_800 } } });
  });
});

describe('the refusal a placement predicts before reserving', () => {
  const NOW = Date.UTC(2026, 5, 1);
  const ticketLines = () => {
    const priced = priceBasket('tickets', tickets, MEMBERS, catalogue());
    if (!priced.ok) throw new Error('priced');
    return priced.lines;
  };
  const merchLines = () => {
    const priced = priceBasket('merch', merch, MEMBERS, catalogue());
    if (!priced.ok) throw new Error('priced');
    return priced.lines;
  };
  const predict = (over: Partial<Parameters<typeof predictedReservationRefusal>[0]> = {}) =>
    predictedReservationRefusal({
      orderId: 'o-1',
      lines: ticketLines(),
      catalogue: catalogue(),
      claims: null,
      holdings: null,
      now: NOW,
      ...over,
    });

  it('predicts nothing when every step would pass', () => {
    expect(predict()).toBeNull();
    expect(predict({ lines: merchLines() })).toBeNull();
    // A claim this very order holds (a repeated attempt) is not another order's.
    expect(predict({ claims: { self: { karnet: { orderId: 'o-1' } } } })).toBeNull();
  });

  it('refuses a sold-out ticket type with what is left, as the quota transaction does', () => {
    const twoLeft = catalogue({ ticketTypes: new Map([['karnet', { ...KARNET, sold: 99 }]]) });
    expect(predict({ catalogue: twoLeft })).toEqual({
      reason: 'sold-out',
      item: 'Karnet 3-dniowy',
      left: 1,
      message: 'Zostało tylko 1 bilet „Karnet 3-dniowy”',
    });
    const none = catalogue({ ticketTypes: new Map([['karnet', { ...KARNET, sold: 100 }]]) });
    expect(predict({ catalogue: none })).toEqual({
      reason: 'sold-out',
      item: 'Karnet 3-dniowy',
      left: 0,
      message: 'Bilety „Karnet 3-dniowy” są wyprzedane',
    });
  });

  it('refuses outside the sale window and a type not on sale', () => {
    const later = catalogue({ ticketTypes: new Map([['karnet', { ...KARNET, saleStart: NOW + 1 }]]) });
    expect(predict({ catalogue: later })).toMatchObject({ reason: 'sale-not-started' });
    const ended = catalogue({ ticketTypes: new Map([['karnet', { ...KARNET, saleEnd: NOW - 1 }]]) });
    expect(predict({ catalogue: ended })).toMatchObject({ reason: 'sale-ended' });
    const inactive = catalogue({ ticketTypes: new Map([['karnet', { ...KARNET, active: false }]]) });
    expect(predict({ catalogue: inactive })).toMatchObject({
      reason: 'ticket-type-inactive',
      message: 'Bilet „Karnet 3-dniowy” nie jest w sprzedaży',
    });
    // Reinstating a late-paid order ignores the window, never the quota.
    expect(predict({ catalogue: ended, checkSaleWindow: false })).toBeNull();
  });

  it('keeps the reservations’ order: a participant’s ticket first, then the account cap, then the quota', () => {
    const soldOut = catalogue({ ticketTypes: new Map([['karnet', { ...KARNET, sold: 100 }]]) });
    const claims = { 'kid-1': { karnet: { orderId: 'other' } } };
    expect(predict({ catalogue: soldOut, claims, holdings: { tickets: { karnet: 4 } } })).toEqual({
      reason: 'already-has-ticket',
      field: 'tickets.kid-1',
      item: 'Karnet 3-dniowy',
      message: 'Jaś Nowak ma już bilet „Karnet 3-dniowy”',
    });
    expect(predict({ catalogue: soldOut, holdings: { tickets: { karnet: 3 } } })).toMatchObject({
      reason: 'account-limit',
      left: 1,
    });
    expect(predict({ catalogue: soldOut, holdings: { tickets: { karnet: 2 } } })).toMatchObject({ reason: 'sold-out' });
  });

  it('refuses merchandise out of stock and a variant that is gone', () => {
    const low = catalogue({
      products: new Map([['koszulka', { ...KOSZULKA, variants: { m: { ...KOSZULKA.variants.m, sold: 8 } } }]]),
    });
    expect(predict({ lines: merchLines(), catalogue: low })).toEqual({
      reason: 'out-of-stock',
      item: 'Koszulka „Bałtyk” (M)',
      left: 2,
      message: 'Koszulka „Bałtyk” (M) — dostępne tylko 2 sztuki',
    });
    const gone = catalogue({ products: new Map([['koszulka', { ...KOSZULKA, variants: {} }]]) });
    expect(predict({ lines: merchLines(), catalogue: gone })).toMatchObject({ reason: 'variant-missing' });
  });
});
