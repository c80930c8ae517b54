import { describe, expect, it } from 'vitest';
import { formatMoney, parsePln, sumGrosze, NBSP } from './money.js';

/** With plain spaces, as the assertions are easier to read. */
const formatPln = (amount: number) => formatMoney(amount, { separator: ' ' });

describe('money in grosze', () => {
  it('formats pl-PL with grouping and a comma', () => {
    expect(formatPln(123450)).toBe('1 234,50 zł');
    expect(formatMoney(123450)).toBe(`1${NBSP}234,50${NBSP}zł`);
    expect(formatPln(5)).toBe('0,05 zł');
    expect(formatPln(0)).toBe('0,00 zł');
    expect(formatPln(99999)).toBe('999,99 zł');
    expect(formatPln(123456789)).toBe('1 234 567,89 zł');
    expect(formatPln(-1050)).toBe('-10,50 zł');
    expect(formatMoney(123450, { currency: false, separator: ' ' })).toBe('1 234,50');
  });
  it('refuses non-integers', () => {
    expect(() => formatPln(1.5)).toThrow(RangeError);
    expect(() => sumGrosze([1, 0.1])).toThrow(RangeError);
  });
  it('parses what people type', () => {
    expect(parsePln('12')).toBe(1200);
    expect(parsePln('12,5')).toBe(1250);
    expect(parsePln('1 234,50 zł')).toBe(123450);
    expect(parsePln('0.07')).toBe(7);
    expect(parsePln('12,345')).toBeNull();
    expect(parsePln('abc')).toBeNull();
    expect(parsePln(' 0,05 zł')).toBe(5);
    expect(parsePln('12a')).toBeNull();
    expect(parsePln('')).toBeNull();
  });
  it('sums', () => expect(sumGrosze([100, 250, 5])).toBe(355));
});
