import { describe, expect, it } from 'vitest';
import { warsawDate } from './numbering.js';
import {
  addDaysToIsoDay,
  endOfWarsawDay,
  fromWarsawWallClock,
  startOfWarsawDay,
  warsawOffsetMs,
  warsawWallClock,
} from './warsawTime.js';

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

  it('reads and writes Warsaw wall-clock times, across both switch-overs', () => {
    const wall = (ms: number) => warsawWallClock(ms);
    expect(fromWarsawWallClock(2026, 11, 27, 14, 5)).toBe(Date.parse('2026-11-27T13:05:00Z'));
    expect(fromWarsawWallClock(2026, 7, 1, 9, 30)).toBe(Date.parse('2026-07-01T07:30:00Z'));
    expect(wall(Date.parse('2026-07-01T22:30:00Z'))).toEqual({
      year: 2026,
      month: 7,
      day: 2,
      hour: 0,
      minute: 30,
      second: 0,
    });
    // 28.03.2027: 02:30 does not exist on the wall clock; it is read as 03:30 summer time.
    expect(fromWarsawWallClock(2027, 3, 28, 2, 30)).toBe(Date.parse('2027-03-28T01:30:00Z'));
    expect(wall(fromWarsawWallClock(2027, 3, 28, 3, 0))).toMatchObject({ hour: 3, minute: 0 });
    // 25.10.2026: 02:30 happens twice; it is read as the second, winter-time one.
    expect(fromWarsawWallClock(2026, 10, 25, 2, 30)).toBe(Date.parse('2026-10-25T01:30:00Z'));
    // Every minute of a year read back from its wall clock lands where it started (outside the skipped hour).
    for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 7 * 60_000 * 59) {
      const w = wall(ms);
      const back = fromWarsawWallClock(w.year, w.month, w.day, w.hour, w.minute);
      // In the repeated autumn hour the first (summer) occurrence reads back as the second one.
      expect([ms, ms + HOUR]).toContain(back + w.second * 1000 + (ms % 1000));
    }
  });
});
