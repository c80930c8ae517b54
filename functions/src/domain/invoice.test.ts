import { describe, expect, it } from 'vitest';
import { buildInvoice, invoiceLineName, orderTotals, pickupItemsOf } from './invoice.js';
import { invoiceSchema, type Order, type OrderLine } from './schemas.js';
import { TEST_SELLER } from './ksef/testing.js';
import { PERSON } from '../../../tests/helpers/buyers.mjs';

/** The test seller, placed in Ustka (the invoice's place of issue is the seller's city). */
const SELLER = { ...TEST_SELLER, city: 'Ustka' };
const LINES: OrderLine[] = [
  {
    type: 'ticket',
    name: 'Karnet 3-dniowy',
    unitGross: 24_900,
    quantity: 1,
    vatRate: 8,
    ticketTypeId: 'karnet',
    memberId: 'self',
    memberName: 'Marta Nowak',
  },
  {
    type: 'merch',
    name: 'Koszulka „Bałtyk”',
    unitGross: 6_900,
    quantity: 3,
    vatRate: 23,
    productId: 'koszulka',
    variantId: 'm',
    variantLabel: 'M',
  },
  {
    type: 'merch',
    name: 'Kubek',
    unitGross: 3_900,
    quantity: 1,
    vatRate: 23,
    productId: 'kubek',
    variantId: 'std',
    variantLabel: '330 ml',
    memberId: 'kid-1',
    memberName: 'Jaś Nowak',
  },
];
const ORDER: Pick<Order, 'uid' | 'number' | 'lines' | 'totals' | 'buyer'> = {
  uid: 'ola',
  number: 'ZAM/2026/000042',
  lines: { l1: LINES[0], l2: LINES[1], l3: LINES[2] },
  totals: orderTotals(LINES),
  buyer: {
    email: 'ola@example.pl',
    invoice: { ...PERSON, name: 'Marta Nowak' },
  },
};
// 00:30 on 1 January in Warsaw is still 31 December in UTC: the invoice is dated in Poland.
const NEW_YEAR = Date.UTC(2026, 11, 31, 23, 30);

describe('order totals', () => {
  it('sums gross per VAT rate and computes VAT from each rate’s gross, keyed r23, r8', () => {
    expect(orderTotals(LINES)).toEqual({
      net: 43_056,
      vat: 6_444,
      gross: 49_500,
      perRate: {
        r23: { vatRate: 23, net: 20_000, vat: 4_600, gross: 24_600 },
        r8: { vatRate: 8, net: 23_056, vat: 1_844, gross: 24_900 },
      },
    });
  });
});

describe('the invoice of a paid order', () => {
  const invoice = buildInvoice({
    number: 'FV/2027/000001',
    orderId: 'o1',
    order: ORDER,
    seller: SELLER,
    issuedAt: NEW_YEAR,
    issuedBy: 'admin',
  });

  it('is valid stored data, dated on the Warsaw day of the confirmation, issued where the seller is', () => {
    expect(invoiceSchema.safeParse(invoice).success).toBe(true);
    expect(invoice).toMatchObject({
      number: 'FV/2027/000001',
      uid: 'ola',
      orderId: 'o1',
      orderNumber: 'ZAM/2026/000042',
      issueDate: '2027-01-01',
      saleDate: '2027-01-01',
      issuePlace: 'Ustka',
      issuedAt: NEW_YEAR,
      issuedBy: 'admin',
    });
    expect(invoice.seller).toEqual(SELLER);
    expect(invoice.buyer).toEqual(ORDER.buyer.invoice);
  });

  it('names each line as the participant reads it and computes its net and VAT from the gross', () => {
    expect(invoice.lines).toEqual({
      l1: {
        name: 'Karnet 3-dniowy — Marta Nowak',
        unit: 'szt.',
        quantity: 1,
        unitNet: 23_056,
        unitGross: 24_900,
        vatRate: 8,
        net: 23_056,
        vat: 1_844,
        gross: 24_900,
      },
      l2: {
        name: 'Koszulka „Bałtyk” (M)',
        unit: 'szt.',
        quantity: 3,
        unitNet: 5_610,
        unitGross: 6_900,
        vatRate: 23,
        net: 16_829,
        vat: 3_871,
        gross: 20_700,
      },
      l3: {
        name: 'Kubek (330 ml)',
        unit: 'szt.',
        quantity: 1,
        unitNet: 3_171,
        unitGross: 3_900,
        vatRate: 23,
        net: 3_171,
        vat: 729,
        gross: 3_900,
      },
    });
    expect(invoiceLineName({ ...LINES[0], name: 'Wejście na koncert' } as OrderLine)).toBe(
      'Bilet „Wejście na koncert” — Marta Nowak',
    );
  });

  it('takes the order’s totals, paid in full by transfer, with the amount in words and the VAT method', () => {
    expect(invoice.totals).toEqual(ORDER.totals);
    expect(invoice).toMatchObject({
      paid: 49_500,
      paymentMethod: 'przelew',
      amountInWords: 'czterysta dziewięćdziesiąt pięć złotych 00/100',
    });
    expect(invoice.vatMethod).toMatch(/^VAT obliczono od wartości brutto/);
  });

  it('records the payment day: the bank booking date of the transfer, else the confirmation day', () => {
    expect(invoice.paidOn).toBe('2027-01-01');
    const booked = buildInvoice({
      number: 'FV/2027/000002',
      orderId: 'o1',
      order: ORDER,
      seller: SELLER,
      issuedAt: NEW_YEAR,
      issuedBy: 'admin',
      paidOn: '2026-12-29',
    });
    expect(booked).toMatchObject({ issueDate: '2027-01-01', saleDate: '2027-01-01', paidOn: '2026-12-29' });
    expect(invoiceSchema.safeParse(booked).success).toBe(true);
    // A booking date after the issue day cannot be a payment made by then: the issue day stands.
    expect(
      buildInvoice({
        number: 'FV/2027/000003',
        orderId: 'o1',
        order: ORDER,
        seller: SELLER,
        issuedAt: NEW_YEAR,
        issuedBy: 'admin',
        paidOn: '2027-01-02',
      }).paidOn,
    ).toBe('2027-01-01');
  });

  it('says how the money came: a transfer by default, the online payment provider’s method when given', () => {
    const blik = buildInvoice({
      number: 'FV/2027/000004',
      orderId: 'o1',
      order: ORDER,
      seller: SELLER,
      issuedAt: NEW_YEAR,
      issuedBy: 'przelewy24',
      paymentMethod: 'BLIK',
    });
    expect(blik.paymentMethod).toBe('BLIK');
    expect(invoiceSchema.safeParse(blik).success).toBe(true);
    expect(invoiceSchema.safeParse({ ...blik, paymentMethod: 'gotówka' }).success).toBe(false);
  });

  it('an invoice stored before the payment day was kept still parses', () => {
    const { paidOn: _absent, ...old } = invoice;
    expect(invoiceSchema.safeParse(old).success).toBe(true);
  });
});

describe('pickup items of a paid order', () => {
  it('lists every product line and the tickets whose type has a pickup label', () => {
    const labels: Record<string, string> = { karnet: 'Opaska na wydarzenie' };
    const { pickups, ticketCount } = pickupItemsOf('o1', ORDER, (id) => labels[id], 5);
    expect(ticketCount).toBe(1);
    expect(pickups).toEqual({
      'o1-l1': {
        orderId: 'o1',
        quantity: 1,
        status: 'waiting',
        createdAt: 5,
        memberId: 'self',
        memberName: 'Marta Nowak',
        label: 'Opaska na wydarzenie — Karnet 3-dniowy',
        ticketTypeId: 'karnet',
      },
      'o1-l2': {
        orderId: 'o1',
        quantity: 3,
        status: 'waiting',
        createdAt: 5,
        label: 'Koszulka „Bałtyk” (M)',
        productId: 'koszulka',
        variantId: 'm',
      },
      'o1-l3': {
        orderId: 'o1',
        quantity: 1,
        status: 'waiting',
        createdAt: 5,
        memberId: 'kid-1',
        memberName: 'Jaś Nowak',
        label: 'Kubek (330 ml)',
        productId: 'kubek',
        variantId: 'std',
      },
    });
    expect(Object.keys(pickupItemsOf('o1', ORDER, () => undefined, 5).pickups)).toEqual(['o1-l2', 'o1-l3']);
  });
});
