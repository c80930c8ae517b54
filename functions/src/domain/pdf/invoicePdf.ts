/**
 * The invoice as a PDF file (jsPDF), shared by the web app ("Pobierz PDF") and the e-mail with the
 * payment confirmation, so both are the same document. Pure: the fonts (and the KSeF block's QR) come
 * in, a jsPDF document comes out (testable in Node). The sheet, its sections and the embedded Polish
 * font are shared with the correction PDF (sheet.ts).
 */
import type { jsPDF } from 'jspdf';
import type { Invoice } from '../schemas.js';
import { formatMoney, invoiceLineRows, invoicePaymentRows, isoToPolishDate, rateSummaryRows } from './format.js';
import { drawKodI, type PdfKodI } from './kodI.js';
import { MARGIN, PdfSheet, pdfColumns, RATE_COLUMNS, type PdfFonts } from './sheet.js';

export type { PdfFonts } from './sheet.js';
/** The KSeF block of an invoice sent to KSeF: its number and the KOD I link with the link's QR modules. */
export type PdfKsef = PdfKodI;

/** `FV/2026/000123` → `Faktura-FV-2026-000123.pdf`. */
export function pdfFileName(invoice: Pick<Invoice, 'number'>): string {
  return `Faktura-${invoice.number.replaceAll('/', '-')}.pdf`;
}

const LINE_COLUMNS = pdfColumns([
  ['Lp.', 9],
  ['Nazwa towaru lub usługi', 55, 'left'],
  ['J.m.', 10, 'left'],
  ['Ilość', 11],
  ['Cena jedn. netto', 20],
  ['Wartość netto', 20],
  ['VAT', 11],
  ['Kwota VAT', 18],
  ['Wartość brutto', 28],
]);

/** Lays the invoice out on A4 pages; with `ksef`, the KSeF number and KOD I are printed at its foot. */
export function buildInvoicePdf(invoice: Invoice, fonts: PdfFonts, ksef?: PdfKsef): jsPDF {
  const sheet = new PdfSheet(fonts, {
    title: `Faktura VAT ${invoice.number}`,
    subject: `Zamówienie ${invoice.orderNumber}`,
    author: invoice.seller.name,
  });
  sheet.header('Faktura VAT', invoice.number, [
    ['Data wystawienia:', isoToPolishDate(invoice.issueDate)],
    ['Data sprzedaży:', isoToPolishDate(invoice.saleDate)],
    ['Miejsce wystawienia:', invoice.issuePlace],
  ]);
  sheet.parties(invoice.seller, invoice.buyer);
  sheet.table(
    LINE_COLUMNS,
    invoiceLineRows(invoice).map((row) => row.cells),
  );
  sheet.y += 6;
  sheet.table(RATE_COLUMNS, rateSummaryRows(invoice.totals.perRate, invoice.totals), { boldLast: true });
  sheet.y += 8;
  sheet.amountDue('Razem do zapłaty', formatMoney(invoice.totals.gross), invoice.amountInWords);
  sheet.labelled(invoicePaymentRows(invoice).map((row): [string, string] => [row.label, row.value]));
  sheet.note(`${invoice.vatMethod}. Faktura wystawiona elektronicznie, nie wymaga podpisu.`);
  if (ksef) drawKodI(sheet.doc, ksef, sheet.y + 6, sheet.font, MARGIN);
  return sheet.doc;
}
