/** Formatting shared by the invoice and correction PDFs (the same output as the web views). */
import { formatMoney } from '../money.js';
import type { Invoice } from '../schemas.js';
import type { CorrectionInvoice } from '../refunds.js';

export { formatNip } from '../identifiers.js';

/** `123450` → `1 234,50 zł` (no-break spaces). */
export { formatMoney };

/** Amount without the currency, for table cells (`1 234,50`). */
export const amount = (grosze: number) => formatMoney(grosze, { currency: false });

/** `2026-11-22` → `22.11.2026` (the date is already a Warsaw calendar date: no time zone maths). */
export function isoToPolishDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** `22102047950000123456789012` → `22 1020 4795 0000 1234 5678 9012` (the way Polish banks print it). */
export function formatBankAccount(digits: string): string {
  const d = digits.replace(/\s/g, '');
  if (d.length !== 26) return digits;
  return `${d.slice(0, 2)} ${d.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}`;
}

export function sortedLines(invoice: Invoice) {
  return Object.entries(invoice.lines ?? {})
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([id, line]) => ({ id, ...line }));
}

export function sortedRates(invoice: Invoice) {
  return Object.values(invoice.totals.perRate ?? {}).sort((a, b) => b.vatRate - a.vatRate);
}

/** Refunded lines in line order, fee lines (`fee-r{rate}`) after them — as on screen. */
export function sortedCorrectionLines(correction: CorrectionInvoice) {
  return Object.entries(correction.lines)
    .sort(([a], [b]) => Number(a.startsWith('fee-')) - Number(b.startsWith('fee-')) || a.localeCompare(b, 'en', { numeric: true }))
    .map(([id, line]) => ({ id, ...line }));
}
