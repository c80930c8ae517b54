/**
 * Polish (pl-PL) formatting for everything the UI shows. Money is always integer grosze.
 *
 * Groups of thousands are separated by a no-break space (U+00A0) even for four-digit numbers
 * (`1 234,50 zł`), which pl-PL's default Intl rules would leave ungrouped; the no-break space also
 * keeps "zł" on the same line as the amount.
 */
// Relative paths rather than the @domain alias: the end-to-end tests import this module too.
import { pluralForm, type NounForms } from '../../../../functions/src/domain/words';
import { formatMoney } from '../../../../functions/src/domain/money';
import { isoToPolishDate } from '../../../../functions/src/domain/pdf/format';

/** `isoToPolishDate`: a calendar day stored as `2026-11-22` → `22.11.2026` (the PDFs write it the same way). */
export { formatMoney, isoToPolishDate, pluralForm, type NounForms };

const LOCALE = 'pl-PL';
const TIME_ZONE = 'Europe/Warsaw';
const NBSP = '\u00a0';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/**
 * Intl formatters are made on first use and kept: making one costs far more than formatting with it
 * (milliseconds each on a slow phone), and a page needs only a few of them.
 */
function memo<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const plainNumbers = new Map<number, Intl.NumberFormat>();
function plainNumber(maximumFractionDigits: number): Intl.NumberFormat {
  let format = plainNumbers.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits });
    plainNumbers.set(maximumFractionDigits, format);
  }
  return format;
}

/** Integers and decimals in Polish notation: `12345.5` → `12 345,5`. */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  if (!Number.isFinite(value)) return '—';
  const fixed = plainNumber(maximumFractionDigits).format(Math.abs(value));
  const [int, frac] = fixed.split('.');
  const sign = value < 0 && fixed !== '0' ? '-' : '';
  return `${sign}${groupThousands(int)}${frac ? `,${frac}` : ''}`;
}

/** Percentages with a comma and a no-break space, as Polish typesetting has them: `0.125` → `12,5 %`. */
export function formatPercent(ratio: number, maximumFractionDigits = 1): string {
  return `${formatNumber(ratio * 100, maximumFractionDigits)}${NBSP}%`;
}

/**
 * A count with its noun in the right Polish form — the one way the UI joins a number and a noun:
 * `formatCount(1, NOUNS.order)` → `1 zamówienie`, 3 → `3 zamówienia`, 5 → `5 zamówień`, 22 → `22 zamówienia`.
 */
export function formatCount(n: number, forms: NounForms): string {
  return `${formatNumber(n, 0)} ${pluralForm(n, forms)}`;
}

/** Noun (and verb) forms for counts shown on screens: [1, 2–4 (not 12–14), everything else]. */
export const NOUNS = {
  order: ['zamówienie', 'zamówienia', 'zamówień'],
  paidOrder: ['opłacone zamówienie', 'opłacone zamówienia', 'opłaconych zamówień'],
  ticket: ['bilet', 'bilety', 'biletów'],
  // A masculine-personal noun: a digit 2–4 reads "dwóch/trzech/czterech" and takes the genitive.
  participant: ['uczestnik', 'uczestników', 'uczestników'],
  participantWithoutTicket: ['osoba bez biletu', 'osoby bez biletu', 'osób bez biletu'],
  item: ['pozycja', 'pozycje', 'pozycji'],
  itemAccusative: ['pozycję', 'pozycje', 'pozycji'],
  character: ['znak', 'znaki', 'znaków'],
  person: ['osoba', 'osoby', 'osób'],
  file: ['plik', 'pliki', 'plików'],
  /** The verb before a count: „został 1 bilet”, „zostały 2 bilety”, „zostało 5 biletów”. */
  left: ['został', 'zostały', 'zostało'],
} as const satisfies Record<string, NounForms>;

type DateInput = Date | number | string;
const toDate = (d: DateInput) => (d instanceof Date ? d : new Date(d));

/** Every date and time on screen is the event's: Polish, in Warsaw time, wherever the browser is. */
const warsaw = (fields: Intl.DateTimeFormatOptions) =>
  memo(() => new Intl.DateTimeFormat(LOCALE, { ...fields, timeZone: TIME_ZONE }));
const longDate = warsaw({ day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = warsaw({ day: '2-digit', month: '2-digit', year: 'numeric' });
const time = warsaw({ hour: '2-digit', minute: '2-digit' });

/** `22 listopada 2026` (Warsaw time). */
export function formatDate(d: DateInput): string {
  return longDate().format(toDate(d));
}

/** `22.11.2026` — for tables and invoices. */
export function formatShortDate(d: DateInput): string {
  return shortDate().format(toDate(d));
}

/** `14:05` (Warsaw time, 24-hour clock). */
export function formatTime(d: DateInput): string {
  return time().format(toDate(d));
}

/**
 * A payment deadline: the day and the last minute it counts to, `27 listopada 2026, do godz. 23:59`
 * (Warsaw time). Deadlines end with their Warsaw day (domain `paymentDeadline`); an order placed
 * before that rule shows the minute it really expires at.
 */
export function formatDeadline(d: DateInput): string {
  return `${formatDate(d)}, do godz. ${formatTime(d)}`;
}

/** `22.11.2026, 14:05` (Warsaw time, 24-hour clock). */
export function formatDateTime(d: DateInput): string {
  const date = toDate(d);
  return `${shortDate().format(date)}, ${time().format(date)}`;
}

/** A date range as event posters print it: `14–16 sierpnia 2026`, `30 lipca – 2 sierpnia 2026`. */
export function formatDateRange(from: DateInput, to: DateInput): string {
  const parts = (d: Date) =>
    Object.fromEntries(
      longDate()
        .formatToParts(d)
        .map((p) => [p.type, p.value]),
    ) as Record<string, string>;
  const a = parts(toDate(from));
  const b = parts(toDate(to));
  if (a.year !== b.year) return `${formatDate(from)} – ${formatDate(to)}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
  if (a.day === b.day) return formatDate(from);
  return `${a.day}–${b.day} ${b.month} ${b.year}`;
}
