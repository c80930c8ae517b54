import type { CorrectionInvoice } from '@domain/refunds';

/** Refunded lines in line order, fee lines (`fee-r{rate}`) after them — as on screen. */
export function sortedCorrectionLines(correction: CorrectionInvoice) {
  return Object.entries(correction.lines)
    .sort(([a], [b]) => Number(a.startsWith('fee-')) - Number(b.startsWith('fee-')) || a.localeCompare(b, 'en', { numeric: true }))
    .map(([id, line]) => ({ id, ...line }));
}
