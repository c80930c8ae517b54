/**
 * The correction invoice as a PDF file (jsPDF), shared by the web app and the e-mail of an approved
 * refund, with the same embedded Liberation Sans as the invoice PDF (Polish glyphs).
 */
import { jsPDF } from 'jspdf';
import type { CorrectionInvoice } from '../refunds.js';
import { amount, formatBankAccount, formatMoney, formatNip, isoToPolishDate, sortedCorrectionLines } from './format.js';
import type { PdfFonts } from './invoicePdf.js';
import { drawKodI, type PdfKodI } from './kodI.js';

const FONT = 'LiberationSans';
const PAGE_W = 210;
const PAGE_H = 297;
const M = 14;
const NAVY: [number, number, number] = [10, 42, 102];

/** `KOR/2026/000001` → `Faktura-korygujaca-KOR-2026-000001.pdf`. */
export function correctionPdfFileName(correction: Pick<CorrectionInvoice, 'number'>): string {
  return `Faktura-korygujaca-${correction.number.replaceAll('/', '-')}.pdf`;
}

/** Lays the correction out on A4; with `ksef` (a recorded KSeF number), the number and KOD I are printed under it. */
export function buildCorrectionPdf(correction: CorrectionInvoice, fonts: PdfFonts, ksef?: PdfKodI): jsPDF {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  doc.addFileToVFS(`${FONT}-Regular.ttf`, fonts.regular);
  doc.addFont(`${FONT}-Regular.ttf`, FONT, 'normal');
  doc.addFileToVFS(`${FONT}-Bold.ttf`, fonts.bold);
  doc.addFont(`${FONT}-Bold.ttf`, FONT, 'bold');
  doc.setProperties({ title: `Faktura korygująca ${correction.number}`, subject: `Zamówienie ${correction.orderNumber}`, author: correction.seller.name, creator: 'Panel Uczestnika' });
  const font = (style: 'normal' | 'bold', size: number) => {
    doc.setFont(FONT, style);
    doc.setFontSize(size);
  };
  let y = M;
  const ensure = (height: number) => {
    if (y + height > PAGE_H - M) {
      doc.addPage();
      y = M;
    }
  };

  font('bold', 20);
  doc.setTextColor(...NAVY);
  doc.text('Faktura korygująca', M, y + 6);
  doc.setTextColor(20, 20, 20);
  font('bold', 12);
  doc.text(`nr ${correction.number}`, M, y + 13);
  font('normal', 9);
  const meta: [string, string][] = [
    ['Data wystawienia:', isoToPolishDate(correction.issueDate)],
    ['Miejsce wystawienia:', correction.issuePlace],
    ['Do faktury:', `${correction.corrected.number} z ${isoToPolishDate(correction.corrected.issueDate)}`],
  ];
  meta.forEach(([k, v], i) => {
    doc.text(k, PAGE_W - M - 50, y + 4 + i * 5, { align: 'right' });
    font('bold', 9);
    doc.text(v, PAGE_W - M, y + 4 + i * 5, { align: 'right' });
    font('normal', 9);
  });
  y += 20;
  doc.setDrawColor(...NAVY);
  doc.setLineWidth(0.6);
  doc.line(M, y, PAGE_W - M, y);
  y += 7;

  const colW = (PAGE_W - 2 * M - 8) / 2;
  const party = (title: string, rows: string[], x: number) => {
    font('bold', 8);
    doc.text(title.toUpperCase(), x, y);
    let py = y + 5;
    rows.forEach((row, i) => {
      font(i === 0 ? 'bold' : 'normal', 9.5);
      for (const part of doc.splitTextToSize(row, colW) as string[]) {
        doc.text(part, x, py);
        py += 4.6;
      }
    });
    return py;
  };
  const { seller, buyer } = correction;
  const sellerEnd = party('Sprzedawca', [seller.name, seller.street, `${seller.postalCode} ${seller.city}`, `NIP: ${formatNip(seller.nip)}`], M);
  const buyerRows = [buyer.name, buyer.street, `${buyer.postalCode} ${buyer.city}${buyer.country !== 'PL' ? `, ${buyer.country}` : ''}`];
  if (buyer.kind === 'company') buyerRows.push(`NIP: ${formatNip(buyer.nip)}`);
  const buyerEnd = party('Nabywca', buyerRows, M + colW + 8);
  y = Math.max(sellerEnd, buyerEnd) + 4;

  font('normal', 9.5);
  for (const part of doc.splitTextToSize(`Przyczyna korekty: ${correction.reason}`, PAGE_W - 2 * M) as string[]) {
    doc.text(part, M, y);
    y += 4.8;
  }
  y += 3;

  // Lines: name, quantity before → after, unit gross, rate, net / VAT / gross differences.
  const cols = [
    { title: 'Lp.', w: 8, right: true },
    { title: 'Nazwa', w: 62, right: false },
    { title: 'Ilość przed / po', w: 22, right: true },
    { title: 'Cena brutto', w: 20, right: true },
    { title: 'VAT', w: 10, right: true },
    { title: 'Netto', w: 20, right: true },
    { title: 'Kwota VAT', w: 20, right: true },
    { title: 'Brutto', w: 20, right: true },
  ];
  const row = (cells: string[], bold = false) => {
    font(bold ? 'bold' : 'normal', 8.5);
    const nameLines = doc.splitTextToSize(cells[1], cols[1].w - 2) as string[];
    const height = Math.max(1, nameLines.length) * 4 + 2;
    ensure(height);
    let x = M;
    cells.forEach((cell, i) => {
      const c = cols[i];
      if (i === 1) nameLines.forEach((l, j) => doc.text(l, x + 1, y + 3.5 + j * 4));
      else doc.text(cell, c.right ? x + c.w - 1 : x + 1, y + 3.5, { align: c.right ? 'right' : 'left' });
      x += c.w;
    });
    y += height;
    doc.setDrawColor(200, 200, 200);
    doc.setLineWidth(0.2);
    doc.line(M, y, PAGE_W - M, y);
  };
  row(cols.map((c) => c.title), true);
  sortedCorrectionLines(correction).forEach((l, i) =>
    row([String(i + 1), l.name, `${l.quantityBefore} → ${l.quantityAfter}`, amount(l.unitGross), `${l.vatRate}%`, amount(l.net), amount(l.vat), amount(l.gross)]),
  );
  y += 5;

  font('bold', 9);
  ensure(30);
  doc.text('Różnice według stawek VAT', M, y);
  y += 5;
  const rates = Object.values(correction.perRate).sort((a, b) => b.vatRate - a.vatRate);
  const rateLine = (cells: string[], bold = false) => {
    font(bold ? 'bold' : 'normal', 9);
    const xs = [M + 20, M + 55, M + 85, M + 115];
    cells.forEach((cell, i) => doc.text(cell, xs[i], y, { align: 'right' }));
    y += 5;
  };
  rateLine(['Stawka', 'Netto', 'VAT', 'Brutto'], true);
  for (const r of rates) rateLine([`${r.vatRate}%`, amount(r.net), amount(r.vat), amount(r.gross)]);
  rateLine(['Razem', amount(correction.totals.net), amount(correction.totals.vat), amount(correction.totals.gross)], true);
  y += 4;

  ensure(30);
  font('bold', 12);
  doc.setTextColor(...NAVY);
  doc.text(`Do zwrotu: ${formatMoney(correction.refundAmount)}`, M, y);
  doc.setTextColor(20, 20, 20);
  y += 6;
  font('normal', 9.5);
  doc.text(`Słownie: ${correction.amountInWords}`, M, y);
  y += 5;
  if (correction.fee > 0) {
    doc.text(`Potrącona opłata: ${formatMoney(correction.fee)}`, M, y);
    y += 5;
  }
  doc.text(`Sposób zwrotu: ${correction.paymentMethod} na konto ${formatBankAccount(correction.refundAccount)}`, M, y);
  y += 5;
  doc.text(`Dotyczy zamówienia: ${correction.orderNumber}`, M, y);
  y += 8;
  font('normal', 8);
  for (const part of doc.splitTextToSize(`${correction.vatMethod}. Faktura korygująca wystawiona elektronicznie, nie wymaga podpisu.`, PAGE_W - 2 * M) as string[]) {
    ensure(5);
    doc.text(part, M, y);
    y += 4;
  }
  if (ksef) drawKodI(doc, ksef, y + 6, font, M);
  return doc;
}
