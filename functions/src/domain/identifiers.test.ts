import { describe, expect, it } from 'vitest';
import { formatNip, isValidNip, isValidPostalCode, normalizeNip } from './identifiers.js';
import {
  formatInvoiceNumber,
  formatOrderNumber,
  invoiceIdFromNumber,
  parseInvoiceNumber,
  warsawDate,
  warsawYear,
} from './numbering.js';

describe('NIP', () => {
  it('accepts a correct checksum in any usual spelling', () => {
    expect(isValidNip('1234563218')).toBe(true);
    expect(isValidNip('123-456-32-18')).toBe(true);
    expect(isValidNip('PL 123 456 32 18')).toBe(true);
    expect(normalizeNip('123-456-32-18')).toBe('1234563218');
    expect(formatNip('1234563218')).toBe('123-456-32-18');
  });
  it('rejects a wrong checksum, wrong length and checksum 10', () => {
    expect(isValidNip('1234563217')).toBe(false);
    expect(isValidNip('123456321')).toBe(false);
    expect(isValidNip('12345632189')).toBe(false);
    expect(isValidNip('abcdefghij')).toBe(false);
    // weighted sum 5×2 = 10: mod 11 is 10, so no check digit can make it valid
    for (let d = 0; d <= 9; d++) expect(isValidNip(`000500000${d}`)).toBe(false);
  });
});

describe('postal code', () => {
  it('is 00-000 in Poland, looser abroad', () => {
    expect(isValidPostalCode('81-300')).toBe(true);
    expect(isValidPostalCode('81300')).toBe(false);
    expect(isValidPostalCode('10115', 'DE')).toBe(true);
  });
});

describe('document numbers', () => {
  it('formats and parses invoice numbers', () => {
    expect(formatInvoiceNumber(2026, 123)).toBe('FV/2026/000123');
    expect(parseInvoiceNumber('FV/2026/000123')).toEqual({ year: 2026, sequence: 123 });
    expect(parseInvoiceNumber('FV/26/1')).toBeNull();
    expect(invoiceIdFromNumber('FV/2026/000123')).toBe('FV-2026-000123');
    expect(formatOrderNumber(2026, 42)).toBe('ZAM/2026/000042');
    expect(() => formatInvoiceNumber(2026, 0)).toThrow(RangeError);
  });
  it('uses the Warsaw calendar for the year', () => {
    const newYearWarsaw = Date.UTC(2026, 11, 31, 23, 30); // 00:30 on 1 Jan 2027 in Warsaw
    expect(warsawYear(newYearWarsaw)).toBe(2027);
    expect(warsawDate(newYearWarsaw)).toBe('2027-01-01');
  });
});
