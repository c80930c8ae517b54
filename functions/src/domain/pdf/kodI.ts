/**
 * The KSeF block of a PDF (jsPDF): KOD I as the Ministry describes it — the QR code of the verification
 * link with the KSeF number under it (4 modules of quiet zone, about 0.9 mm per module) — and the
 * number and the link as text beside it. Used by the invoice and the correction PDFs (web app and e-mail).
 */
import type { jsPDF } from 'jspdf';

export interface PdfKodI {
  number: string;
  link: string;
  /** The link's QR matrix (qrModules), rows of dark/light modules. */
  modules: boolean[][];
}

const PAGE_W = 210;
const PAGE_H = 297;

/** Draws the block at `top` (mm), on a new page when it does not fit; returns the y below it. */
export function drawKodI(doc: jsPDF, ksef: PdfKodI, top: number, font: (style: 'normal' | 'bold', size: number) => void, margin = 14): number {
  const size = ksef.modules.length;
  const module = Math.min(0.9, 36 / size);
  const side = (size + 8) * module;
  let y = top;
  if (y + side + 10 > PAGE_H - margin) {
    doc.addPage();
    y = margin;
  }
  doc.setFillColor(255, 255, 255);
  doc.rect(margin, y, side, side, 'F');
  doc.setFillColor(0, 0, 0);
  ksef.modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(margin + (c + 4) * module, y + (r + 4) * module, module, module, 'F');
    }),
  );
  doc.setTextColor(20, 20, 20);
  font('normal', 7);
  doc.text(ksef.number, margin + side / 2, y + side + 3, { align: 'center' });
  const x = margin + side + 6;
  font('bold', 11);
  doc.text('Faktura w KSeF', x, y + 6);
  font('normal', 9);
  doc.text(`Numer KSeF: ${ksef.number}`, x, y + 12);
  doc.setTextColor(90, 90, 90);
  doc.text(doc.splitTextToSize('Zeskanuj kod QR (KOD I), aby sprawdzić fakturę w Krajowym Systemie e-Faktur:', PAGE_W - margin - x) as string[], x, y + 18);
  doc.setTextColor(10, 42, 102);
  font('normal', 7.5);
  const linkLines = doc.splitTextToSize(ksef.link, PAGE_W - margin - x) as string[];
  linkLines.forEach((line, i) => doc.textWithLink(line, x, y + 27 + i * 3.4, { url: ksef.link }));
  doc.setTextColor(20, 20, 20);
  return y + side + 6;
}
