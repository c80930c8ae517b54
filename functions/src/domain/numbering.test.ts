import { describe, expect, it } from 'vitest';
import {
  formatInvoiceNumber,
  formatOrderNumber,
  invoiceIdFromNumber,
  nextOrderCounter,
  reserveGaplessSequence,
  warsawYear,
} from './numbering.js';

describe('document numbers', () => {
  it('formats order and invoice numbers and the invoice id', () => {
    expect(formatOrderNumber(2026, 42)).toBe('ZAM/2026/000042');
    expect(formatInvoiceNumber(2026, 7)).toBe('FV/2026/000007');
    expect(invoiceIdFromNumber('FV/2026/000007')).toBe('FV-2026-000007');
    expect(() => formatOrderNumber(2026, 0)).toThrow(RangeError);
  });
  it('takes the next order number from the year counter', () => {
    expect(nextOrderCounter(null)).toEqual({ last: 1 });
    expect(nextOrderCounter({ last: 41 })).toEqual({ last: 42 });
  });
  it('reserves a gapless invoice number per order, the same one again on a retry', () => {
    const first = reserveGaplessSequence(null, 'o1');
    expect(first).toEqual({ sequence: 1, counter: { last: 1, pending: { o1: 1 } } });
    const second = reserveGaplessSequence(first.counter, 'o2');
    expect(second).toEqual({ sequence: 2, counter: { last: 2, pending: { o1: 1, o2: 2 } } });
    expect(reserveGaplessSequence(second.counter, 'o1')).toEqual({ sequence: 1, counter: second.counter });
    // A finished confirmation removed its reservation: the next order continues the sequence.
    expect(reserveGaplessSequence({ last: 2 }, 'o3')).toEqual({
      sequence: 3,
      counter: { last: 3, pending: { o3: 3 } },
    });
    expect(reserveGaplessSequence({ last: 2 }, 'constructor').sequence).toBe(3);
  });
  it('numbers by the year in Warsaw', () => {
    expect(warsawYear(Date.UTC(2026, 11, 31, 23, 30))).toBe(2027);
  });
});
