import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  isoToPolishDate,
  formatDateRange,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatShortDate,
  NOUNS,
  pluralForm,
} from './pl';

const s = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('formats integer grosze as Polish złoty with grouped thousands', () => {
    expect(s(formatMoney(123450))).toBe('1 234,50 zł');
    expect(s(formatMoney(0))).toBe('0,00 zł');
    expect(s(formatMoney(5))).toBe('0,05 zł');
    expect(s(formatMoney(99))).toBe('0,99 zł');
    expect(s(formatMoney(100000000))).toBe('1 000 000,00 zł');
    expect(s(formatMoney(-2550))).toBe('-25,50 zł');
  });
  it('uses no-break spaces so the amount never wraps', () => {
    expect(formatMoney(123450)).toBe('1\u00a0234,50\u00a0zł');
  });
  it('refuses fractional grosze', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
  });
});

describe('formatNumber / formatPercent', () => {
  it('groups thousands and uses a decimal comma', () => {
    expect(s(formatNumber(1234))).toBe('1 234');
    expect(s(formatNumber(12345.5))).toBe('12 345,5');
    expect(s(formatNumber(-1234.567))).toBe('-1 234,57');
    expect(formatNumber(999)).toBe('999');
  });
  it('formats ratios as percent', () => {
    expect(s(formatPercent(0.125))).toBe('12,5 %');
  });
});

describe('dates', () => {
  // 2026-08-14 10:05 UTC is 12:05 in Warsaw (CEST).
  const d = new Date(Date.UTC(2026, 7, 14, 10, 5));
  it('uses Polish month names in the genitive and Warsaw time', () => {
    expect(formatDate(d)).toBe('14 sierpnia 2026');
    expect(formatShortDate(d)).toBe('14.08.2026');
    expect(formatDateTime(d)).toBe('14.08.2026, 12:05');
  });
  it('writes a stored calendar day as dd.mm.rrrr', () => {
    expect(isoToPolishDate('2026-11-24')).toBe('24.11.2026');
  });
  it('formats date ranges compactly', () => {
    expect(formatDateRange('2026-08-14T10:00:00Z', '2026-08-16T10:00:00Z')).toBe('14–16 sierpnia 2026');
    expect(formatDateRange('2026-07-30T10:00:00Z', '2026-08-02T10:00:00Z')).toBe('30 lipca – 2 sierpnia 2026');
  });
});

describe('formatCount (the one plural helper for every count on screen)', () => {
  const forms = (n: number) => s(formatCount(n, NOUNS.order));
  it('uses the singular for 1', () => {
    expect(forms(1)).toBe('1 zamówienie');
  });
  it('uses the 2–4 form for 2, 3, 4, 22, 23, 24, 102', () => {
    expect([2, 3, 4, 22, 23, 24, 102].map(forms)).toEqual([
      '2 zamówienia',
      '3 zamówienia',
      '4 zamówienia',
      '22 zamówienia',
      '23 zamówienia',
      '24 zamówienia',
      '102 zamówienia',
    ]);
  });
  it('uses the genitive plural for 0, 5+, 11 and 12–14', () => {
    expect([0, 5, 9, 11, 12, 13, 14, 21, 25, 112].map(forms)).toEqual([
      '0 zamówień',
      '5 zamówień',
      '9 zamówień',
      '11 zamówień',
      '12 zamówień',
      '13 zamówień',
      '14 zamówień',
      '21 zamówień',
      '25 zamówień',
      '112 zamówień',
    ]);
  });
  it('groups thousands', () => {
    expect(formatCount(1234, NOUNS.ticket)).toBe('1\u00a0234 bilety');
  });
  it('picks the agreeing verb too', () => {
    expect([1, 2, 5, 12, 22].map((n) => `${pluralForm(n, NOUNS.left)} ${s(formatCount(n, NOUNS.ticket))}`)).toEqual([
      'został 1 bilet',
      'zostały 2 bilety',
      'zostało 5 biletów',
      'zostało 12 biletów',
      'zostały 22 bilety',
    ]);
  });
});
