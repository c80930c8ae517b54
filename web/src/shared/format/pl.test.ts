import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatDateTime, formatMoney, formatNumber, formatPercent, formatShortDate } from './pl';

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
    expect(() => formatMoney(12.5)).toThrow(TypeError);
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
  it('formats date ranges compactly', () => {
    expect(formatDateRange('2026-08-14T10:00:00Z', '2026-08-16T10:00:00Z')).toBe('14–16 sierpnia 2026');
    expect(formatDateRange('2026-07-30T10:00:00Z', '2026-08-02T10:00:00Z')).toBe('30 lipca – 2 sierpnia 2026');
  });
});
