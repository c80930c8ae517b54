/**
 * Calendar days in Poland (Europe/Warsaw), for rules stated as days: a payment deadline is read as
 * "by the end of 27 November" whatever hour the order was placed at. The offset comes from the
 * platform's time-zone data (Intl), so summer time (CEST, +2) and winter time (CET, +1) and their
 * switch-over nights are handled as the tz database has them.
 */
// Made once: building an Intl.DateTimeFormat costs about a millisecond, formatting with it microseconds.
const WARSAW_WALL_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Warsaw',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** What Warsaw's wall clock shows at `ms` (month 1…12, to the second). */
export function warsawWallClock(ms: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const p = Object.fromEntries(WARSAW_WALL_CLOCK.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** How far Warsaw's wall clock is ahead of UTC at `ms`: 3 600 000 in winter, 7 200 000 in summer. */
export function warsawOffsetMs(ms: number): number {
  const w = warsawWallClock(ms);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The moment Warsaw's wall clock shows this day and time (month 1…12). A time the spring switch-over
 * skips (02:30 on its night) is read with winter's offset, i.e. 03:30 summer time; one the autumn
 * switch-over repeats is its second, winter-time occurrence.
 */
export function fromWarsawWallClock(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wall - warsawOffsetMs(wall);
  // The offset at `wall` read as UTC is the one at the wanted moment unless a switch lies between them; check it.
  return wall - warsawOffsetMs(guess);
}

function parseIsoDay(iso: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD day: ${iso}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** `2026-12-31` plus 1 → `2027-01-01` (calendar arithmetic, no time zone involved). */
export function addDaysToIsoDay(iso: string, days: number): string {
  const [y, m, d] = parseIsoDay(iso);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first millisecond of a Warsaw calendar day (its local midnight; no switch-over happens at midnight). */
export function startOfWarsawDay(iso: string): number {
  return fromWarsawWallClock(...parseIsoDay(iso));
}

/** The last millisecond of a Warsaw calendar day: 23:59:59.999 on that day's wall clock. */
export function endOfWarsawDay(iso: string): number {
  return startOfWarsawDay(addDaysToIsoDay(iso, 1)) - 1;
}

const WARSAW_DATE_TIME = new Intl.DateTimeFormat('pl-PL', {
  timeZone: 'Europe/Warsaw',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** A moment in Polish words, Warsaw time: `27 listopada 2026 14:05` (messages and e-mails). */
export function formatWarsawDateTime(ms: number): string {
  return WARSAW_DATE_TIME.format(ms);
}
