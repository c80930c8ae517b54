import { describe, expect, it } from 'vitest';
import type { InvoiceData, Order } from '@domain/schemas';
import { TEST_PERSON } from '@domain/ksef/testing';
import type { CorrectionInvoice, OrderRefunds } from '@domain/refunds';
import { CSV_BOM, csvAmount, csvDateTime, csvField, ordersCsv, refundsCsv } from './csv';

/** A company buyer whose name holds the CSV separator (it must come out quoted). */
const SEPARATOR_COMPANY: InvoiceData = {
  kind: 'company',
  name: 'Żagle; S.A.',
  nip: '5260250274',
  street: 'ul. Długa 2',
  postalCode: '00-001',
  city: 'Łódź',
  country: 'PL',
};

const order = (over: Partial<Order>): Order => ({
  uid: 'u1',
  number: 'ZAM/2026/000001',
  kind: 'merch',
  status: 'paid',
  lines: {},
  totals: { net: 100000, vat: 23000, gross: 123000, perRate: {} },
  buyer: {
    email: 'jan@example.com',
    invoice: { ...TEST_PERSON, postalCode: '80-001', city: 'Gdańsk' },
  },
  idempotencyKey: 'abcdefgh',
  createdAt: Date.UTC(2026, 6, 1, 10, 5),
  ...over,
});

describe('orders CSV for the accountant', () => {
  it('formats amounts with a decimal comma and no thousands separator', () => {
    expect(csvAmount(123450)).toBe('1234,50');
    expect(csvAmount(5)).toBe('0,05');
    expect(csvAmount(100000000)).toBe('1000000,00');
    expect(csvAmount(-250)).toBe('-2,50');
  });

  it('writes dates in Warsaw time, sortable', () => {
    // 10:05 UTC in July is 12:05 in Warsaw (CEST); in January 11:05 (CET).
    expect(csvDateTime(Date.UTC(2026, 6, 1, 10, 5))).toBe('2026-07-01 12:05');
    expect(csvDateTime(Date.UTC(2026, 0, 1, 10, 5))).toBe('2026-01-01 11:05');
    expect(csvDateTime(undefined)).toBe('');
  });

  it('quotes separators, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('Firma; sp. z o.o.')).toBe('"Firma; sp. z o.o."');
    expect(csvField('Bar „Pod Żaglem” "X"')).toBe('"Bar „Pod Żaglem” ""X"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-1+2')).toBe("'-1+2");
    expect(csvField('-129,00')).toBe('-129,00');
    expect(csvField('zwykły tekst')).toBe('zwykły tekst');
  });

  it('starts with a UTF-8 BOM, uses ";" and CRLF, oldest order first', () => {
    const csv = ordersCsv([
      order({
        number: 'ZAM/2026/000002',
        createdAt: Date.UTC(2026, 6, 2),
        status: 'pending',
        totals: { net: 81, vat: 19, gross: 100, perRate: {} },
      }),
      order({
        paidAt: Date.UTC(2026, 6, 1, 12, 0),
        invoiceNumber: 'FV/2026/000001',
        buyer: {
          email: 'biuro@firma.pl',
          invoice: SEPARATOR_COMPANY,
        },
      }),
    ]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Numer zamówienia;Data złożenia;Status;Rodzaj;E-mail;Nabywca;NIP;Adres;Kraj;Netto;VAT;Brutto;Data zapłaty;Numer faktury;Zwrócono;Po zwrotach;Faktury korygujące',
    );
    expect(lines[1]).toBe(
      'ZAM/2026/000001;2026-07-01 12:05;opłacone;sklepik;biuro@firma.pl;"Żagle; S.A.";5260250274;' +
        'ul. Długa 2, 00-001 Łódź;PL;1000,00;230,00;1230,00;2026-07-01 14:00;FV/2026/000001;0,00;1230,00;',
    );
    expect(lines[2]).toBe(
      'ZAM/2026/000002;2026-07-02 02:00;oczekuje na płatność;sklepik;jan@example.com;Jan Kowalski;;ul. Morska 1, 80-001 Gdańsk;PL;0,81;0,19;1,00;;;;;',
    );
    expect(lines[3]).toBe('');
  });
});

describe('refunds in the CSV exports', () => {
  const transfer = (number: string, amount: number, fee: number, status: 'due' | 'transferred', createdAt: number) => ({
    number,
    amount,
    fee,
    bankAccount: '61109010140000071219812874',
    status,
    createdAt,
    createdBy: 'admin',
    ...(status === 'transferred' ? { transferredOn: '2026-07-05' } : {}),
  });
  const refunds: Record<string, OrderRefunds> = {
    o1: {
      uid: 'u1',
      orderNumber: 'ZAM/2026/000001',
      invoiceId: 'FV-2026-000001',
      invoiceNumber: 'FV/2026/000001',
      corrections: {
        'KOR-2026-000002': transfer('KOR/2026/000002', 10000, 0, 'due', 2),
        'KOR-2026-000001': transfer('KOR/2026/000001', 12900, 2000, 'transferred', 1),
      },
    },
  };

  it('an order shows what was returned, what it brought net of that and its correction numbers', () => {
    const csv = ordersCsv(
      [order({ id: 'o1', paidAt: Date.UTC(2026, 6, 1, 12), invoiceNumber: 'FV/2026/000001' } as Partial<Order>)],
      refunds,
    );
    expect(csv.slice(1).split('\r\n')[1]).toMatch(
      /;FV\/2026\/000001;229,00;1001,00;KOR\/2026\/000001, KOR\/2026\/000002$/,
    );
  });

  it('lists correction invoices with differences, money returned, fee and transfer state, oldest first', () => {
    const correction = (number: string, issuedAt: number, gross: number, fee: number): CorrectionInvoice =>
      ({
        kind: 'correction',
        number,
        uid: 'u1',
        orderId: 'o1',
        orderNumber: 'ZAM/2026/000001',
        corrected: { invoiceId: 'FV-2026-000001', number: 'FV/2026/000001', issueDate: '2026-07-01' },
        issueDate: '2026-07-0' + issuedAt,
        issuePlace: 'Hel',
        issuedAt,
        issuedBy: 'admin',
        seller: {
          name: 'S',
          street: 'ul. A 1',
          postalCode: '00-001',
          city: 'Hel',
          nip: '1234563218',
          bankName: 'B',
          bankAccount: '61109010140000071219812874',
        },
        buyer: SEPARATOR_COMPANY,
        reason: 'Rezygnacja',
        lines: {},
        perRate: {},
        totals: { net: Math.round(gross / 1.23), vat: gross - Math.round(gross / 1.23), gross },
        refundAmount: -gross,
        fee,
        amountInWords: '',
        refundAccount: '61109010140000071219812874',
        paymentMethod: 'przelew',
        vatMethod: '',
      }) as CorrectionInvoice;
    const csv = refundsCsv(
      [correction('KOR/2026/000002', 3, -10000, 0), correction('KOR/2026/000001', 2, -12900, 2000)],
      refunds,
    );
    const lines = csv.slice(1).split('\r\n');
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(lines[0]).toBe(
      'Numer korekty;Data wystawienia;Faktura korygowana;Data faktury korygowanej;Numer zamówienia;Nabywca;NIP;' +
        'Przyczyna;Netto;VAT;Brutto;Do zwrotu;Potrącona opłata;Rachunek do zwrotu;Status zwrotu;Data przelewu',
    );
    expect(lines[1]).toBe(
      'KOR/2026/000001;2026-07-02;FV/2026/000001;2026-07-01;ZAM/2026/000001;"Żagle; S.A.";5260250274;Rezygnacja;-104,88;-24,12;-129,00;129,00;20,00;61109010140000071219812874;przelano;2026-07-05',
    );
    expect(lines[2]).toBe(
      'KOR/2026/000002;2026-07-03;FV/2026/000001;2026-07-01;ZAM/2026/000001;"Żagle; S.A.";5260250274;Rezygnacja;-81,30;-18,70;-100,00;100,00;0,00;61109010140000071219812874;do przelania;',
    );
  });
});
