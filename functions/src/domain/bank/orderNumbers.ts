/**
 * Order numbers in transfer titles, as people type them: `ZAM/2026/000123`, `zam 2026 123`,
 * `ZAM2026000123`, `Zamówienie nr 2026/123`, `zam. 2026-000123`, with any words around, and several in
 * one title (`ZAM/2026/000123, ZAM/2026/000124` or `ZAM/2026/000123, 000124`).
 */
import { formatOrderNumber } from '../numbering.js';

interface OrderNumberRef {
  year: number;
  sequence: number;
  /** Canonical form, as stored on the order: ZAM/2026/000123. */
  number: string;
}

/** "ZAM" or "ZAMÓWIENIE"/"ZAMOWIENIE", optional "NR", year 20xx, sequence — any separators between. */
const FULL = /ZAM(?:[OÓ]WIENI[EA])?[\s./\\_#:-]*(?:NR\.?[\s./\\_#:-]*)?(20\d{2})[\s./\\_-]*(\d{1,9})(?!\d)/gu;
/** Further padded sequences right after a match: ", 000124", " i 000125", " + 000126". */
const FOLLOW_ON = /^\s*(?:,|;|\+|&|\bI\b|\bORAZ\b)\s*(\d{6,9})(?!\d)/u;

export function findOrderNumbers(title: string): OrderNumberRef[] {
  const text = title.toUpperCase();
  let found = scan(text);
  // Titles cut into fixed-width pieces may split a number with a space ("ZAM/2026/00 0123"); only
  // when nothing was found as written is the title read again without white space.
  if (found.length === 0) found = scan(text.replace(/\s+/g, ''));
  const seen = new Set<string>();
  return found.filter((r) => (seen.has(r.number) ? false : (seen.add(r.number), true)));
}

function scan(text: string): OrderNumberRef[] {
  const out: OrderNumberRef[] = [];
  for (const m of text.matchAll(FULL)) {
    const year = Number(m[1]);
    const first = Number(m[2]);
    if (first < 1) continue;
    out.push(ref(year, first));
    let rest = text.slice((m.index ?? 0) + m[0].length);
    for (let f = FOLLOW_ON.exec(rest); f; f = FOLLOW_ON.exec(rest)) {
      const seq = Number(f[1]);
      if (seq >= 1) out.push(ref(year, seq));
      rest = rest.slice(f[0].length);
    }
  }
  return out;
}

function ref(year: number, sequence: number): OrderNumberRef {
  return { year, sequence, number: formatOrderNumber(year, sequence) };
}
