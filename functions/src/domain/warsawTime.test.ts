import { describe, expect, it } from 'vitest';
import { warsawDate } from './numbering.js';
import { addDaysToIsoDay, endOfWarsawDay, startOfWarsawDay, warsawOffsetMs } from './warsawTime.js';

const HOUR = 3_600_000;

describe('Warsaw calendar days', () => {
  it('knows winter (+1) and summer (+2) time and the instants the clocks switch', () => {
    expect(warsawOffsetMs(Date.parse('2026-11-26T12:00:00Z'))).toBe(HOUR);
    expect(warsawOffsetMs(Date.parse('2026-07-01T12:00:00Z'))).toBe(2 * HOUR);
    // 28.03.2027 01:00 UTC: 02:00 CET becomes 03:00 CEST.
    expect(warsawOffsetMs(Date.parse('2027-03-28T00:59:59Z'))).toBe(HOUR);
    expect(warsawOffsetMs(Date.parse('2027-03-28T01:00:00Z'))).toBe(2 * HOUR);
    // 25.10.2026 01:00 UTC: 03:00 CEST becomes 02:00 CET.
    expect(warsawOffsetMs(Date.parse('2026-10-25T00:59:59Z'))).toBe(2 * HOUR);
    expect(warsawOffsetMs(Date.parse('2026-10-25T01:00:00Z'))).toBe(HOUR);
  });

  it('a day runs from its Warsaw midnight to the next; switch-over days have 23 and 25 hours', () => {
    expect(startOfWarsawDay('2026-11-27')).toBe(Date.parse('2026-11-26T23:00:00Z'));
    expect(endOfWarsawDay('2026-11-27')).toBe(Date.parse('2026-11-27T22:59:59.999Z'));
    expect(startOfWarsawDay('2026-07-01')).toBe(Date.parse('2026-06-30T22:00:00Z'));
    expect(endOfWarsawDay('2027-03-28') + 1 - startOfWarsawDay('2027-03-28')).toBe(23 * HOUR);
    expect(endOfWarsawDay('2026-10-25') + 1 - startOfWarsawDay('2026-10-25')).toBe(25 * HOUR);
    for (const day of [
      '2026-11-27',
      '2027-03-27',
      '2027-03-28',
      '2027-03-29',
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-12-31',
    ]) {
      expect(warsawDate(startOfWarsawDay(day))).toBe(day);
      expect(warsawDate(endOfWarsawDay(day))).toBe(day);
      expect(warsawDate(endOfWarsawDay(day) + 1)).toBe(addDaysToIsoDay(day, 1));
      expect(warsawDate(startOfWarsawDay(day) - 1)).toBe(addDaysToIsoDay(day, -1));
    }
  });

  it('adds calendar days across months, leap days and years', () => {
    expect(addDaysToIsoDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToIsoDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToIsoDay('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDaysToIsoDay('2026-11-26', 60)).toBe('2027-01-25');
    expect(() => addDaysToIsoDay('26.11.2026', 1)).toThrow(RangeError);
  });
});
