/** Document numbers. Invoice numbers are gapless per year; the counter lives in /counters/invoices/{year}. */

const INVOICE_PREFIX = 'FV';
const ORDER_PREFIX = 'ZAM';

export function formatInvoiceNumber(year: number, sequence: number): string {
  assertSequence(year, sequence);
  return `${INVOICE_PREFIX}/${year}/${String(sequence).padStart(6, '0')}`;
}

export function parseInvoiceNumber(text: string): { year: number; sequence: number } | null {
  const m = /^FV\/(\d{4})\/(\d{6,})$/.exec(text);
  return m ? { year: Number(m[1]), sequence: Number(m[2]) } : null;
}

/** Order numbers double as the bank-transfer title, so they are short and unambiguous: ZAM/2026/000042. */
export function formatOrderNumber(year: number, sequence: number): string {
  assertSequence(year, sequence);
  return `${ORDER_PREFIX}/${year}/${String(sequence).padStart(6, '0')}`;
}

/** `/counters/orders/{year}` after taking the next order number. */
export function nextOrderCounter(counter: { last: number } | null): { last: number } {
  return { last: (counter?.last ?? 0) + 1 };
}

/**
 * A gapless series' year counter (`/counters/invoices/{year}`, `/counters/corrections/{year}`): the
 * last number issued and the numbers reserved for orders whose document is being issued.
 */
interface GaplessCounter {
  last: number;
  pending?: Record<string, number>;
}

/**
 * Reserves the next number of a gapless series (invoices, corrections) for an order: a number is
 * taken once and stays with its order until the document is written. Issuing again gets the number
 * it reserved.
 */
export function reserveGaplessSequence(
  counter: GaplessCounter | null,
  orderId: string,
): { counter: GaplessCounter; sequence: number } {
  const current = counter ?? { last: 0 };
  const reserved = current.pending && Object.hasOwn(current.pending, orderId) ? current.pending[orderId] : undefined;
  if (reserved) return { counter: current, sequence: reserved };
  const sequence = current.last + 1;
  return { counter: { last: sequence, pending: { ...current.pending, [orderId]: sequence } }, sequence };
}

/** Invoice and order ids are keys, so the number's slashes are replaced: FV-2026-000123. */
export function invoiceIdFromNumber(number: string): string {
  return number.replaceAll('/', '-');
}

/** The calendar year in Poland (Europe/Warsaw) for a timestamp: an invoice issued at 00:30 on 1 January belongs to the new year. */
export function warsawYear(ms: number): number {
  return Number(warsawDate(ms).slice(0, 4));
}

// Made once: building an Intl.DateTimeFormat costs about a millisecond, formatting with it microseconds.
const WARSAW_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD in Europe/Warsaw. */
export function warsawDate(ms: number): string {
  return WARSAW_DATE.format(new Date(ms));
}

function assertSequence(year: number, sequence: number): void {
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`Bad year ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Bad sequence ${sequence}`);
}
