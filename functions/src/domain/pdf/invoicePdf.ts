/**
 * The invoice as a PDF file (jsPDF), shared by the web app ("Pobierz PDF") and the e-mail with the
 * payment confirmation, so both are the same document. Pure: the fonts (and the KSeF block's QR) come
 * in, a jsPDF document comes out. The standard PDF fonts cannot show ą ę ł ś ż ź ć ń, so Liberation
 * Sans (TrueType, functions/assets/fonts) is embedded; jsPDF subsets it to the glyphs used.
 */
import { jsPDF } from 'jspdf';
import type { Invoice } from '../schemas.js';
import { amount, formatBankAccount, formatMoney, formatNip, isoToPolishDate, sortedLines, sortedRates } from './format.js';

export interface PdfFonts {
  /** Base64 of the TrueType files. */
  regular: string;
  bold: string;
}

const FONT = 'LiberationSans';
const PAGE_W = 210;
const PAGE_H = 297;
const M = 14;
const NAVY: [number, number, number] = [10, 42, 102];

/** `FV/2026/000123` → `Faktura-FV-2026-000123.pdf`. */
export function pdfFileName(invoice: Pick<Invoice, 'number'>): string {
  return `Faktura-${invoice.number.replaceAll('/', '-')}.pdf`;
}

/** The KSeF block of an invoice sent to KSeF: its number and the KOD I link with the link's QR modules (rows of dark/light). */
export interface PdfKsef {
  number: string;
  link: string;
  modules: boolean[][];
}

/** Lays the invoice out on A4 pages. Pure: the fonts (and the KSeF block's QR) come in, a jsPDF document comes out (testable in Node). */
export function buildInvoicePdf(invoice: Invoice, fonts: PdfFonts, ksef?: PdfKsef): jsPDF {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  doc.addFileToVFS(`${FONT}-Regular.ttf`, fonts.regular);
  doc.addFont(`${FONT}-Regular.ttf`, FONT, 'normal');
  doc.addFileToVFS(`${FONT}-Bold.ttf`, fonts.bold);
  doc.addFont(`${FONT}-Bold.ttf`, FONT, 'bold');
  doc.setProperties({ title: `Faktura VAT ${invoice.number}`, subject: `Zamówienie ${invoice.orderNumber}`, author: invoice.seller.name, creator: 'Panel Uczestnika' });

  const font = (style: 'normal' | 'bold', size: number) => {
    doc.setFont(FONT, style);
    doc.setFontSize(size);
  };
  let y = M;

  // Header
  font('bold', 20);
  doc.setTextColor(...NAVY);
  doc.text('Faktura VAT', M, y + 6);
  doc.setTextColor(20, 20, 20);
  font('bold', 12);
  doc.text(`nr ${invoice.number}`, M, y + 13);
  font('normal', 9);
  const meta: [string, string][] = [
    ['Data wystawienia:', isoToPolishDate(invoice.issueDate)],
    ['Data sprzedaży:', isoToPolishDate(invoice.saleDate)],
    ['Miejsce wystawienia:', invoice.issuePlace],
  ];
  meta.forEach(([k, v], i) => {
    doc.text(k, PAGE_W - M - 38, y + 4 + i * 5, { align: 'right' });
    font('bold', 9);
    doc.text(v, PAGE_W - M, y + 4 + i * 5, { align: 'right' });
    font('normal', 9);
  });
  y += 18;
  doc.setDrawColor(...NAVY);
  doc.setLineWidth(0.6);
  doc.line(M, y, PAGE_W - M, y);
  y += 7;

  // Parties
  const colW = (PAGE_W - 2 * M - 8) / 2;
  const party = (title: string, rows: string[], x: number) => {
    font('bold', 8);
    doc.setTextColor(90, 90, 90);
    doc.text(title.toUpperCase(), x, y);
    doc.setTextColor(20, 20, 20);
    let py = y + 5;
    rows.forEach((row, i) => {
      font(i === 0 ? 'bold' : 'normal', 10);
      const wrapped = doc.splitTextToSize(row, colW) as string[];
      doc.text(wrapped, x, py);
      py += wrapped.length * 4.6;
    });
    return py;
  };
  const s = invoice.seller;
  const b = invoice.buyer;
  const sellerEnd = party('Sprzedawca', [s.name, s.street, `${s.postalCode} ${s.city}`, `NIP: ${formatNip(s.nip)}`], M);
  const buyerEnd = party(
    'Nabywca',
    [b.name, b.street, `${b.postalCode} ${b.city}${b.country !== 'PL' ? `, ${b.country}` : ''}`, ...(b.kind === 'company' ? [`NIP: ${formatNip(b.nip)}`] : [])],
    M + colW + 8,
  );
  y = Math.max(sellerEnd, buyerEnd) + 4;

  // Lines
  const cols = [
    { title: 'Lp.', w: 9, align: 'right' as const },
    { title: 'Nazwa towaru lub usługi', w: 55, align: 'left' as const },
    { title: 'J.m.', w: 10, align: 'left' as const },
    { title: 'Ilość', w: 11, align: 'right' as const },
    { title: 'Cena jedn. netto', w: 20, align: 'right' as const },
    { title: 'Wartość netto', w: 20, align: 'right' as const },
    { title: 'VAT', w: 11, align: 'right' as const },
    { title: 'Kwota VAT', w: 18, align: 'right' as const },
    { title: 'Wartość brutto', w: 28, align: 'right' as const },
  ];
  const table = (headers: typeof cols, rows: string[][], boldLast = false) => {
    const x0 = M;
    const totalW = headers.reduce((sum, c) => sum + c.w, 0);
    const drawRow = (cells: string[], header: boolean, bold: boolean) => {
      font(header || bold ? 'bold' : 'normal', header ? 7.5 : 8.5);
      const wrapped = cells.map((cell, i) => doc.splitTextToSize(cell, headers[i].w - 2.4) as string[]);
      const h = Math.max(...wrapped.map((w) => w.length)) * 3.6 + 2.6;
      if (y + h > PAGE_H - M) {
        doc.addPage();
        y = M;
      }
      if (header || bold) {
        doc.setFillColor(header ? 238 : 246, header ? 243 : 246, header ? 251 : 246);
        doc.rect(x0, y, totalW, h, 'F');
      }
      let x = x0;
      doc.setDrawColor(170, 170, 170);
      doc.setLineWidth(0.2);
      wrapped.forEach((lines, i) => {
        const c = headers[i];
        doc.rect(x, y, c.w, h);
        const tx = header ? x + c.w / 2 : c.align === 'right' ? x + c.w - 1.2 : x + 1.2;
        doc.text(lines, tx, y + 3.9, { align: header ? 'center' : c.align });
        x += c.w;
      });
      y += h;
    };
    drawRow(headers.map((c) => c.title), true, false);
    rows.forEach((r, i) => drawRow(r, false, boldLast && i === rows.length - 1));
  };
  table(
    cols,
    sortedLines(invoice).map((l, i) => [String(i + 1), l.name, l.unit, String(l.quantity), amount(l.unitNet), amount(l.net), `${l.vatRate}%`, amount(l.vat), amount(l.gross)]),
  );
  y += 6;

  // Totals per rate, right-aligned block
  const rateCols = [
    { title: 'Stawka VAT', w: 22, align: 'right' as const },
    { title: 'Wartość netto', w: 28, align: 'right' as const },
    { title: 'Kwota VAT', w: 26, align: 'right' as const },
    { title: 'Wartość brutto', w: 28, align: 'right' as const },
  ];
  const rateRows = sortedRates(invoice).map((r) => [`${r.vatRate}%`, amount(r.net), amount(r.vat), amount(r.gross)]);
  rateRows.push(['Razem', amount(invoice.totals.net), amount(invoice.totals.vat), amount(invoice.totals.gross)]);
  table(rateCols, rateRows, true);
  y += 8;

  if (y + 40 > PAGE_H - M) {
    doc.addPage();
    y = M;
  }
  font('bold', 13);
  doc.text(`Razem do zapłaty: ${formatMoney(invoice.totals.gross)}`, M, y);
  y += 6;
  font('normal', 10);
  const words = doc.splitTextToSize(`Słownie: ${invoice.amountInWords}`, PAGE_W - 2 * M) as string[];
  doc.text(words, M, y);
  y += words.length * 4.6 + 3;

  const payment: [string, string][] = [
    ['Sposób płatności:', invoice.paymentMethod],
    ['Zapłacono:', formatMoney(invoice.paid)],
    ['Pozostało do zapłaty:', formatMoney(Math.max(0, invoice.totals.gross - invoice.paid))],
    ['Numer konta:', `${formatBankAccount(s.bankAccount)} (${s.bankName})`],
    ['Dotyczy zamówienia:', invoice.orderNumber],
  ];
  payment.forEach(([k, v]) => {
    font('normal', 9);
    doc.setTextColor(90, 90, 90);
    doc.text(k, M, y);
    doc.setTextColor(20, 20, 20);
    doc.text(v, M + 38, y);
    y += 4.8;
  });
  y += 4;
  font('normal', 8);
  doc.setTextColor(90, 90, 90);
  doc.text(doc.splitTextToSize(`${invoice.vatMethod}. Faktura wystawiona elektronicznie, nie wymaga podpisu.`, PAGE_W - 2 * M) as string[], M, y);
  if (ksef) drawKsef(doc, ksef, y + 10, font);
  return doc;
}

/**
 * KOD I as the Ministry describes it: the QR code of the verification link with the KSeF number
 * under it (4 modules of quiet zone, about 0.9 mm per module), and the link as text beside it.
 */
function drawKsef(doc: jsPDF, ksef: PdfKsef, top: number, font: (style: 'normal' | 'bold', size: number) => void) {
  const size = ksef.modules.length;
  const module = Math.min(0.9, 36 / size);
  const side = (size + 8) * module;
  let y = top;
  if (y + side + 10 > PAGE_H - M) {
    doc.addPage();
    y = M;
  }
  doc.setFillColor(255, 255, 255);
  doc.rect(M, y, side, side, 'F');
  doc.setFillColor(0, 0, 0);
  ksef.modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(M + (c + 4) * module, y + (r + 4) * module, module, module, 'F');
    }),
  );
  doc.setTextColor(20, 20, 20);
  font('normal', 7);
  doc.text(ksef.number, M + side / 2, y + side + 3, { align: 'center' });
  const x = M + side + 6;
  font('bold', 11);
  doc.text('Faktura w KSeF', x, y + 6);
  font('normal', 9);
  doc.text(`Numer KSeF: ${ksef.number}`, x, y + 12);
  doc.setTextColor(90, 90, 90);
  doc.text(doc.splitTextToSize('Zeskanuj kod QR (KOD I), aby sprawdzić fakturę w Krajowym Systemie e-Faktur:', PAGE_W - M - x) as string[], x, y + 18);
  doc.setTextColor(10, 42, 102);
  font('normal', 7.5);
  const linkLines = doc.splitTextToSize(ksef.link, PAGE_W - M - x) as string[];
  linkLines.forEach((line, i) => doc.textWithLink(line, x, y + 27 + i * 3.4, { url: ksef.link }));
  doc.setTextColor(20, 20, 20);
}
