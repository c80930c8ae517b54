/**
 * What the invoice and the correction PDFs have in common: an A4 jsPDF document with the embedded
 * Liberation Sans (the standard PDF fonts cannot show ą ę ł ś ż ź ć ń; jsPDF subsets it to the glyphs
 * used), the header with the document's number and dates, the seller and buyer, boxed tables that
 * continue on a new page, labelled rows and wrapped paragraphs. A cursor (`y`, in mm) runs down the page.
 */
import { jsPDF } from 'jspdf';
import type { InvoiceData, Seller } from '../schemas.js';
import { buyerLines, sellerLines } from './format.js';

export interface PdfFonts {
  /** Base64 of the TrueType files. */
  regular: string;
  bold: string;
}

type FontStyle = 'normal' | 'bold';

interface PdfColumn {
  title: string;
  /** Width in mm. */
  w: number;
  align: 'left' | 'right';
}

const FONT = 'LiberationSans';
const PAGE_W = 210;
const PAGE_H = 297;
export const MARGIN = 14;
const NAVY: [number, number, number] = [10, 42, 102];
const INK: [number, number, number] = [20, 20, 20];
const GREY: [number, number, number] = [90, 90, 90];
const TEXT_W = PAGE_W - 2 * MARGIN;

export class PdfSheet {
  readonly doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  /** Where the next block starts (mm from the top of the current page). */
  y = MARGIN;

  constructor(fonts: PdfFonts, properties: { title: string; subject: string; author: string }) {
    this.doc.addFileToVFS(`${FONT}-Regular.ttf`, fonts.regular);
    this.doc.addFont(`${FONT}-Regular.ttf`, FONT, 'normal');
    this.doc.addFileToVFS(`${FONT}-Bold.ttf`, fonts.bold);
    this.doc.addFont(`${FONT}-Bold.ttf`, FONT, 'bold');
    this.doc.setProperties({ ...properties, creator: 'Panel Uczestnika' });
  }

  /** An arrow function, so that it can be handed to drawKodI. */
  readonly font = (style: FontStyle, size: number): void => {
    this.doc.setFont(FONT, style);
    this.doc.setFontSize(size);
  };

  /** Starts a new page when `height` mm no longer fit under the cursor. */
  ensure(height: number): void {
    if (this.y + height > PAGE_H - MARGIN) {
      this.doc.addPage();
      this.y = MARGIN;
    }
  }

  /** Wrapped text across the page; returns its lines. */
  private wrap(text: string, width = TEXT_W): string[] {
    return this.doc.splitTextToSize(text, width) as string[];
  }

  /** The title in navy, `nr …` under it, the dates and references right-aligned beside it, then a navy rule. */
  header(title: string, number: string, meta: [label: string, value: string][]): void {
    const { doc, y } = this;
    this.font('bold', 20);
    doc.setTextColor(...NAVY);
    doc.text(title, MARGIN, y + 6);
    doc.setTextColor(...INK);
    this.font('bold', 12);
    doc.text(`nr ${number}`, MARGIN, y + 13);
    this.font('bold', 9);
    const valueW = Math.max(...meta.map(([, value]) => doc.getTextWidth(value)));
    meta.forEach(([label, value], i) => {
      this.font('normal', 9);
      doc.text(label, PAGE_W - MARGIN - Math.max(38, valueW + 4), y + 4 + i * 5, { align: 'right' });
      this.font('bold', 9);
      doc.text(value, PAGE_W - MARGIN, y + 4 + i * 5, { align: 'right' });
    });
    this.y = y + 4 + meta.length * 5 + 2;
    doc.setDrawColor(...NAVY);
    doc.setLineWidth(0.6);
    doc.line(MARGIN, this.y, PAGE_W - MARGIN, this.y);
    this.y += 7;
  }

  /** Seller on the left, buyer on the right, each under its grey capital title. */
  parties(seller: Seller, buyer: InvoiceData): void {
    const colW = (TEXT_W - 8) / 2;
    const party = (title: string, rows: string[], x: number) => {
      this.font('bold', 8);
      this.doc.setTextColor(...GREY);
      this.doc.text(title.toUpperCase(), x, this.y);
      this.doc.setTextColor(...INK);
      let py = this.y + 5;
      rows.forEach((row, i) => {
        this.font(i === 0 ? 'bold' : 'normal', 10);
        const wrapped = this.wrap(row, colW);
        this.doc.text(wrapped, x, py);
        py += wrapped.length * 4.6;
      });
      return py;
    };
    const sellerEnd = party('Sprzedawca', sellerLines(seller), MARGIN);
    const buyerEnd = party('Nabywca', buyerLines(buyer), MARGIN + colW + 8);
    this.y = Math.max(sellerEnd, buyerEnd) + 4;
  }

  /** A boxed table with a tinted header row; rows that do not fit start a new page. `boldLast`: the last row is a total. */
  table(columns: PdfColumn[], rows: string[][], { boldLast = false } = {}): void {
    const { doc } = this;
    const totalW = columns.reduce((sum, c) => sum + c.w, 0);
    const drawRow = (cells: string[], header: boolean, bold: boolean) => {
      this.font(header || bold ? 'bold' : 'normal', header ? 7.5 : 8.5);
      const wrapped = cells.map((cell, i) => this.wrap(cell, columns[i].w - 2.4));
      const h = Math.max(...wrapped.map((w) => w.length)) * 3.6 + 2.6;
      this.ensure(h);
      if (header || bold) {
        doc.setFillColor(header ? 238 : 246, header ? 243 : 246, header ? 251 : 246);
        doc.rect(MARGIN, this.y, totalW, h, 'F');
      }
      let x = MARGIN;
      doc.setDrawColor(170, 170, 170);
      doc.setLineWidth(0.2);
      wrapped.forEach((lines, i) => {
        const c = columns[i];
        doc.rect(x, this.y, c.w, h);
        const tx = header ? x + c.w / 2 : c.align === 'right' ? x + c.w - 1.2 : x + 1.2;
        doc.text(lines, tx, this.y + 3.9, { align: header ? 'center' : c.align });
        x += c.w;
      });
      this.y += h;
    };
    drawRow(
      columns.map((c) => c.title),
      true,
      false,
    );
    rows.forEach((r, i) => drawRow(r, false, boldLast && i === rows.length - 1));
  }

  /** A wrapped paragraph; `lineHeight` in mm. */
  paragraph(text: string, { size = 10, style = 'normal' as FontStyle, lineHeight = 4.6, color = INK } = {}): void {
    this.font(style, size);
    this.doc.setTextColor(...color);
    for (const line of this.wrap(text)) {
      this.ensure(lineHeight);
      this.doc.text(line, MARGIN, this.y);
      this.y += lineHeight;
    }
    this.doc.setTextColor(...INK);
  }

  /** The amount due (or to be returned), in bold, and the amount in words under it. */
  amountDue(label: string, amount: string, words: string): void {
    this.ensure(40);
    this.paragraph(`${label}: ${amount}`, { size: 13, style: 'bold', lineHeight: 6 });
    this.paragraph(`Słownie: ${words}`);
    this.y += 3;
  }

  /** Rows of grey label and value (payment, refund, the order). */
  labelled(rows: [label: string, value: string][]): void {
    this.font('normal', 9);
    for (const [label, value] of rows) {
      this.ensure(4.8);
      this.doc.setTextColor(...GREY);
      this.doc.text(label, MARGIN, this.y);
      this.doc.setTextColor(...INK);
      this.doc.text(value, MARGIN + 38, this.y);
      this.y += 4.8;
    }
  }

  /** The small grey note at the foot of the document. */
  note(text: string): void {
    this.y += 4;
    this.paragraph(text, { size: 8, lineHeight: 4, color: GREY });
  }
}

/** Columns from `[title, width in mm, alignment]` (numbers align right unless told). */
export function pdfColumns(specs: [title: string, w: number, align?: PdfColumn['align']][]): PdfColumn[] {
  return specs.map(([title, w, align = 'right']) => ({ title, w, align }));
}

/** The per-rate summary's columns (invoice: amounts; correction: the differences). */
export const RATE_COLUMNS = pdfColumns([
  ['Stawka VAT', 22],
  ['Wartość netto', 28],
  ['Kwota VAT', 26],
  ['Wartość brutto', 28],
]);
