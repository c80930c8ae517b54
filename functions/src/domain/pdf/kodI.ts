/**
 * The KSeF block of a PDF (jsPDF): KOD I as the Ministry describes it (kody-qr.md) — the QR code of the
 * verification link with the KSeF number under it, or OFFLINE for a document handed out offline (offline24,
 * an announced unavailability or the emergency mode, named in the heading) before KSeF gave it a number (then KOD II, the certificate link, beside it labelled CERTYFIKAT) — with
 * 4 modules of quiet zone, about 0.9 mm per module, and the text beside. Used by the invoice and the
 * correction PDFs (web app and e-mail).
 */
import type { jsPDF } from 'jspdf';
import { KSEF_OFFLINE_TITLES, type KsefOfflineMode } from '../ksef/offline.js';

interface PdfQr {
  link: string;
  /** The link's QR matrix (qrModules), rows of dark/light modules. */
  modules: boolean[][];
}

export interface PdfKodI extends PdfQr {
  /** The KSeF number; null while a document handed out offline has none yet (OFFLINE goes under the code). */
  number: string | null;
  /** Offline: KOD II (absent when no offline certificate is configured). */
  kodII?: PdfQr;
  /** Offline: the day by which the document goes to KSeF (DD.MM.RRRR); absent while a declared outage lasts. */
  offlineDeadline?: string;
  /** Offline: the mode it was handed out in (absent on documents marked before the modes were told apart: offline24). */
  offlineMode?: KsefOfflineMode;
}

const PAGE_W = 210;
const PAGE_H = 297;
type Font = (style: 'normal' | 'bold', size: number) => void;

/** One QR code at (x, y) with its label under it; answers its side (mm). */
function drawQr(doc: jsPDF, qr: PdfQr, x: number, y: number, label: string, font: Font): number {
  const size = qr.modules.length;
  const module = Math.min(0.9, 36 / size);
  const side = (size + 8) * module;
  doc.setFillColor(255, 255, 255);
  doc.rect(x, y, side, side, 'F');
  doc.setFillColor(0, 0, 0);
  qr.modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(x + (c + 4) * module, y + (r + 4) * module, module, module, 'F');
    }),
  );
  doc.setTextColor(20, 20, 20);
  font(label.length < 12 ? 'bold' : 'normal', 7);
  doc.text(label, x + side / 2, y + side + 3, { align: 'center' });
  return side;
}

/** Draws the block at `top` (mm), on a new page when it does not fit; returns the y below it. */
export function drawKodI(doc: jsPDF, ksef: PdfKodI, top: number, font: Font, margin = 14): number {
  const side =
    (Math.max(ksef.modules.length, ksef.kodII?.modules.length ?? 0) + 8) * Math.min(0.9, 36 / ksef.modules.length);
  let y = top;
  if (y + side + 10 > PAGE_H - margin) {
    doc.addPage();
    y = margin;
  }
  let x = margin + drawQr(doc, ksef, margin, y, ksef.number ?? 'OFFLINE', font) + 6;
  if (ksef.kodII) x += drawQr(doc, ksef.kodII, x, y, 'CERTYFIKAT', font) + 6;
  const width = PAGE_W - margin - x;
  font('bold', 11);
  const heading = doc.splitTextToSize(
    ksef.number ? 'Faktura w KSeF' : KSEF_OFFLINE_TITLES[ksef.offlineMode ?? 'offline24'],
    width,
  ) as string[];
  doc.text(heading, x, y + 6);
  font('normal', 9);
  const lines = ksef.number
    ? [`Numer KSeF: ${ksef.number}`, 'Zeskanuj kod QR (KOD I), aby sprawdzić fakturę w Krajowym Systemie e-Faktur:']
    : [
        `KSeF był niedostępny. Faktura trafi do KSeF automatycznie${ksef.offlineDeadline ? `, najpóźniej ${ksef.offlineDeadline}` : ''}.`,
        ksef.kodII
          ? 'KOD I: weryfikacja faktury w KSeF. KOD II (CERTYFIKAT): potwierdzenie wystawcy.'
          : 'KOD I: weryfikacja faktury w KSeF po jej przesłaniu:',
      ];
  let lineY = y + 12 + (heading.length - 1) * 4.6;
  for (const text of lines) {
    const wrapped = doc.splitTextToSize(text, width) as string[];
    doc.text(wrapped, x, lineY);
    lineY += wrapped.length * 4;
    doc.setTextColor(90, 90, 90);
  }
  doc.setTextColor(10, 42, 102);
  font('normal', 7.5);
  const linkLines = doc.splitTextToSize(ksef.link, width) as string[];
  linkLines.forEach((line, i) => doc.textWithLink(line, x, lineY + 1 + i * 3.4, { url: ksef.link }));
  doc.setTextColor(20, 20, 20);
  return y + side + 6;
}
