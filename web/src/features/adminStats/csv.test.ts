import { describe, expect, it } from 'vitest';
import type { Order } from '@domain/schemas';
import { CSV_BOM, csvAmount, csvDateTime, csvField, ordersCsv } from './csv';

const order = (over: Partial<Order>): Order => ({
  uid: 'u1',
  number: 'ZAM/2026/000001',
  kind: 'merch',
  status: 'paid',
  lines: {},
  totals: { net: 100000, vat: 23000, gross: 123000, perRate: {} },
  buyer: { email: 'jan@example.com', invoice: { kind: 'person', name: 'Jan Kowalski', street: 'ul. Morska 1', postalCode: '80-001', city: 'Gdańsk', country: 'PL' } },
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
    expect(csvField('zwykły tekst')).toBe('zwykły tekst');
  });

  it('starts with a UTF-8 BOM, uses ";" and CRLF, oldest order first', () => {
    const csv = ordersCsv([
      order({ number: 'ZAM/2026/000002', createdAt: Date.UTC(2026, 6, 2), status: 'pending', totals: { net: 81, vat: 19, gross: 100, perRate: {} } }),
      order({
        paidAt: Date.UTC(2026, 6, 1, 12, 0),
        invoiceNumber: 'FV/2026/000001',
        buyer: { email: 'biuro@firma.pl', invoice: { kind: 'company', name: 'Żagle; S.A.', nip: '5260250274', street: 'ul. Długa 2', postalCode: '00-001', city: 'Łódź', country: 'PL' } },
      }),
    ]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Numer zamówienia;Data złożenia;Status;Rodzaj;E-mail;Nabywca;NIP;Adres;Kraj;Netto;VAT;Brutto;Data zapłaty;Numer faktury');
    expect(lines[1]).toBe('ZAM/2026/000001;2026-07-01 12:05;opłacone;sklepik;biuro@firma.pl;"Żagle; S.A.";5260250274;ul. Długa 2, 00-001 Łódź;PL;1000,00;230,00;1230,00;2026-07-01 14:00;FV/2026/000001');
    expect(lines[2]).toBe('ZAM/2026/000002;2026-07-02 02:00;oczekuje na płatność;sklepik;jan@example.com;Jan Kowalski;;ul. Morska 1, 80-001 Gdańsk;PL;0,81;0,19;1,00;;');
    expect(lines[3]).toBe('');
  });
});
