/**
 * The KSeF block of a document's PDF (pdf/kodI.ts): its KSeF codes (ksefCodes.ts) with their QR matrices. The e-mails'
 * PDFs build it from the stored records; the web app's from the codes its page shows.
 */
import qrcode from 'qrcode-generator';
import { isoToPolishDate } from '../pdf/format.js';
import type { PdfKodI } from '../pdf/kodI.js';
import { ksefCodesOf, type KsefCodes } from './ksefCodes.js';
import type { KsefOffline } from './offline.js';
import type { KsefRecord } from './record.js';

/** A link's QR matrix, rows of dark/light modules: the library, error level and mode of the app's other QR codes (ISO/IEC 18004). */
export function qrMatrix(link: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(link, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
}

/** The PDF's block for these codes. */
export function pdfBlockOf(codes: KsefCodes): PdfKodI {
  return {
    number: codes.number,
    link: codes.link,
    modules: qrMatrix(codes.link),
    ...(codes.kodII ? { kodII: { link: codes.kodII, modules: qrMatrix(codes.kodII) } } : {}),
    ...(codes.deadline ? { offlineDeadline: isoToPolishDate(codes.deadline) } : {}),
    ...(codes.mode ? { offlineMode: codes.mode } : {}),
  };
}

/** The block of a document (its seller and issue date), or null when it is neither in KSeF nor handed out offline. */
export function ksefPdfBlock(
  document: { seller: { nip: string }; issueDate: string },
  record: KsefRecord | null,
  offline: KsefOffline | null,
): PdfKodI | null {
  const codes = ksefCodesOf(document, record, offline);
  return codes ? pdfBlockOf(codes) : null;
}
