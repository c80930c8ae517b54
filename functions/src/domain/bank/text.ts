/** Small text helpers shared by the statement parsers. */

/** Control characters, line/paragraph separators and bidi overrides never reach stored text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Trims, turns any control character into a space and collapses runs of white space. */
export function cleanText(value: string | undefined | null, max = 500): string {
  if (!value) return '';
  return value.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** An IBAN / NRB as people and banks print it ("PL 61 1090 …", "61-1090-…") → "PL611090…" / "611090…". */
export function normalizeAccount(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const compact = value.replace(/[\s\u00a0-]/g, '').toUpperCase();
  if (!/^[A-Z]{0,2}\d{8,32}$/.test(compact)) return undefined;
  return compact;
}

/** A date built from parts, checked against the calendar ("2026-02-30" is refused). */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1990 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Two-digit years in statements (MT940 YYMMDD) belong to this century. */
export function isoDateFromYymmdd(text: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  return m ? isoDate(2000 + Number(m[1]), Number(m[2]), Number(m[3])) : null;
}
