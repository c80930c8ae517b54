/** Small text helpers shared by the statement parsers. */
import { replaceUnsafeText } from '../schemas.js';

/**
 * Trims, turns what stored text may not hold (control characters, line/paragraph separators, bidi
 * controls: the domain's hasUnsafeText) and byte-order marks into spaces, and collapses white space.
 */
export function cleanText(value: string | undefined | null, max = 500): string {
  if (!value) return '';
  return replaceUnsafeText(value.replaceAll('\ufeff', ' '), ' ').replace(/\s+/g, ' ').trim().slice(0, max);
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
