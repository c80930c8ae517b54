/**
 * The correction invoice as a PDF file (jsPDF), shared by the web app and the e-mail of an approved
 * refund, on the same sheet as the invoice PDF (sheet.ts: embedded Liberation Sans for Polish glyphs).
 */
import type { jsPDF } from 'jspdf';
import type { CorrectionInvoice } from '../refunds.js';
import { correctionLineRows, correctionRefundMethod, formatMoney, isoToPolishDate, rateSummaryRows } from './format.js';
import { drawKodI, type PdfKodI } from './kodI.js';
import { MARGIN, PdfSheet, pdfColumns, RATE_COLUMNS, type PdfFonts } from './sheet.js';

/** `KOR/2026/000001` → `Faktura-korygujaca-KOR-2026-000001.pdf`. */
export function correctionPdfFileName(correction: Pick<CorrectionInvoice, 'number'>): string {
  return `Faktura-korygujaca-${correction.number.replaceAll('/', '-')}.pdf`;
}

/** Lines: quantity before and after the correction, unit gross, rate, and the net / VAT / gross differences. */
const LINE_COLUMNS = pdfColumns([
  ['Lp.', 8],
  ['Nazwa', 50, 'left'],
  ['Ilość przed', 13],
  ['Ilość po', 13],
  ['Cena jedn. brutto', 20],
  ['VAT', 11],
  ['Netto', 22],
  ['Kwota VAT', 20],
  ['Brutto', 25],
]);

/** Lays the correction out on A4; with `ksef` (a recorded KSeF number), the number and KOD I are printed under it. */
export function buildCorrectionPdf(correction: CorrectionInvoice, fonts: PdfFonts, ksef?: PdfKodI): jsPDF {
  const sheet = new PdfSheet(fonts, {
    title: `Faktura korygująca ${correction.number}`,
    subject: `Zamówienie ${correction.orderNumber}`,
    author: correction.seller.name,
  });
  sheet.header('Faktura korygująca', correction.number, [
    ['Data wystawienia:', isoToPolishDate(correction.issueDate)],
    ['Miejsce wystawienia:', correction.issuePlace],
    ['Do faktury:', `${correction.corrected.number} z ${isoToPolishDate(correction.corrected.issueDate)}`],
  ]);
  sheet.parties(correction.seller, correction.buyer);
  sheet.paragraph(`Przyczyna korekty: ${correction.reason}`, { lineHeight: 4.8 });
  sheet.y += 3;
  sheet.table(
    LINE_COLUMNS,
    correctionLineRows(correction).map((row) => row.cells),
  );
  sheet.y += 6;
  sheet.paragraph('Różnice według stawek VAT', { size: 9, style: 'bold', lineHeight: 3 });
  sheet.table(RATE_COLUMNS, rateSummaryRows(correction.perRate, correction.totals), { boldLast: true });
  sheet.y += 8;
  sheet.amountDue('Do zwrotu', formatMoney(correction.refundAmount), correction.amountInWords);
  sheet.labelled([
    ...(correction.fee > 0 ? [['Potrącona opłata:', formatMoney(correction.fee)] as [string, string]] : []),
    ['Sposób zwrotu:', correctionRefundMethod(correction)],
    ['Dotyczy zamówienia:', correction.orderNumber],
  ]);
  sheet.note(`${correction.vatMethod}. Faktura korygująca wystawiona elektronicznie, nie wymaga podpisu.`);
  if (ksef) drawKodI(sheet.doc, ksef, sheet.y + 6, sheet.font, MARGIN);
  return sheet.doc;
}
