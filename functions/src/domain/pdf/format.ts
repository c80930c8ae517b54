/** Formatting shared by the invoice and correction PDFs (the same output as the web views). */
import { formatMoney } from '../money.js';
import { formatNip } from '../identifiers.js';
import type { Invoice, InvoiceData, Seller } from '../schemas.js';
import type { CorrectionInvoice } from '../refunds.js';

/** `123450` → `1 234,50 zł` (no-break spaces). */
export { formatMoney };

/** Amount without the currency, for table cells (`1 234,50`). */
const amount = (grosze: number) => formatMoney(grosze, { currency: false });

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

/** A document line as table cells, keyed by its line id (the first cell is its number, Lp.). */
export interface TableRow {
  id: string;
  cells: string[];
}

function numbered<L extends { id: string }>(lines: L[], cells: (line: L) => string[]): TableRow[] {
  return lines.map((line, i) => ({ id: line.id, cells: [String(i + 1), ...cells(line)] }));
}

function sortedLines(invoice: Invoice) {
  return Object.entries(invoice.lines ?? {})
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([id, line]) => ({ id, ...line }));
}

/**
 * The payment block of an invoice, the same on the screen and in the PDF. The seller's account is
 * named only for a bank transfer: money paid online went to the payment provider.
 */
export function invoicePaymentRows(invoice: Invoice): { label: string; value: string; testId?: string }[] {
  const { seller } = invoice;
  const online = invoice.paymentMethod !== 'przelew';
  return [
    {
      label: 'Sposób płatności:',
      value: online ? `${invoice.paymentMethod} (Przelewy24)` : invoice.paymentMethod,
      testId: 'invoice-payment-method',
    },
    { label: 'Zapłacono:', value: formatMoney(invoice.paid), testId: 'invoice-paid' },
    { label: 'Pozostało do zapłaty:', value: formatMoney(Math.max(0, invoice.totals.gross - invoice.paid)) },
    ...(online
      ? []
      : [{ label: 'Numer konta:', value: `${formatBankAccount(seller.bankAccount)} (${seller.bankName})` }]),
    { label: 'Dotyczy zamówienia:', value: invoice.orderNumber },
  ];
}

/**
 * How a correction's money goes back, the same on the screen, in the PDF and in the e-mails: through
 * the payment provider to the account or card an online payment came from, or by a transfer to the
 * account the buyer gave.
 */
export function correctionRefundMethod(
  correction: Pick<CorrectionInvoice, 'paymentMethod' | 'refundAccount' | 'refundThrough'>,
): string {
  if (correction.refundThrough === 'przelewy24')
    return 'zwrot przez Przelewy24 na rachunek lub kartę, z których zapłacono';
  return `${correction.paymentMethod} na konto ${formatBankAccount(correction.refundAccount)}`;
}

/** The invoice's lines as table cells: Lp., name, unit, quantity, unit net, net, rate, VAT, gross. */
export function invoiceLineRows(invoice: Invoice): TableRow[] {
  return numbered(sortedLines(invoice), (l) => [
    l.name,
    l.unit,
    String(l.quantity),
    amount(l.unitNet),
    amount(l.net),
    `${l.vatRate}%`,
    amount(l.vat),
    amount(l.gross),
  ]);
}

/** Per-rate totals, highest rate first. */
function sortedRates<R extends { vatRate: number }>(perRate: Record<string, R> | undefined): R[] {
  return Object.values(perRate ?? {}).sort((a, b) => b.vatRate - a.vatRate);
}

interface Amounts {
  net: number;
  vat: number;
  gross: number;
}

/** The per-rate summary as table cells, highest rate first, with the total („Razem”) as the last row. */
export function rateSummaryRows(
  perRate: Record<string, Amounts & { vatRate: number }> | undefined,
  totals: Amounts,
): string[][] {
  const row = (label: string, a: Amounts) => [label, amount(a.net), amount(a.vat), amount(a.gross)];
  return [...sortedRates(perRate).map((r) => row(`${r.vatRate}%`, r)), row('Razem', totals)];
}

/** The seller as printed under „Sprzedawca”: name first, then the address and the NIP. */
export function sellerLines(seller: Seller): string[] {
  return [seller.name, seller.street, `${seller.postalCode} ${seller.city}`, `NIP: ${formatNip(seller.nip)}`];
}

/** The buyer as printed under „Nabywca”: the country after the city when it is not Poland, the NIP of a company. */
export function buyerLines(buyer: InvoiceData): string[] {
  const lines = [
    buyer.name,
    buyer.street,
    `${buyer.postalCode} ${buyer.city}${buyer.country !== 'PL' ? `, ${buyer.country}` : ''}`,
  ];
  if (buyer.kind === 'company') lines.push(`NIP: ${formatNip(buyer.nip)}`);
  return lines;
}

/** Refunded lines in line order, fee lines (`fee-r{rate}`) after them — as on screen. */
function sortedCorrectionLines(correction: CorrectionInvoice) {
  return Object.entries(correction.lines)
    .sort(
      ([a], [b]) =>
        Number(a.startsWith('fee-')) - Number(b.startsWith('fee-')) || a.localeCompare(b, 'en', { numeric: true }),
    )
    .map(([id, line]) => ({ id, ...line }));
}

/** The correction's lines as table cells: Lp., name, quantity before, after, unit gross, rate, and the net / VAT / gross differences. */
export function correctionLineRows(correction: CorrectionInvoice): TableRow[] {
  return numbered(sortedCorrectionLines(correction), (l) => [
    l.name,
    String(l.quantityBefore),
    String(l.quantityAfter),
    amount(l.unitGross),
    `${l.vatRate}%`,
    amount(l.net),
    amount(l.vat),
    amount(l.gross),
  ]);
}
