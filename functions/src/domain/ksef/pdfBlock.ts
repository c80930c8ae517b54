/**
 * The KSeF block of a document's PDF (pdf/kodI.ts) from its stored records, for the PDFs the e-mails carry: what the
 * Ministry puts on the visualisation of an invoice (kody-qr.md) — KOD I with the KSeF number under it once the document
 * is in KSeF, or OFFLINE under it while a document handed out offline has no number yet; and for an offline invoice
 * (handed out offline, or recorded offline by KSeF) KOD II, the certificate link, beside it, labelled CERTYFIKAT, for
 * good: „w trybie offline — dwa kody QR”. The same rules as the invoice screen's block (web/src/features/ksef).
 */
import qrcode from 'qrcode-generator';
import { isoToPolishDate } from '../pdf/format.js';
import type { PdfKodI } from '../pdf/kodI.js';
import { kodILinkFromHash, ksefQrBase } from './kodI.js';
import type { KsefOffline } from './offline.js';
import { kodIForRecord, type KsefRecord } from './record.js';

/** A link's QR matrix: the library, error level and mode of the app's other QR codes (ISO/IEC 18004). */
function qrOf(link: string): { link: string; modules: boolean[][] } {
  const qr = qrcode(0, 'M');
  qr.addData(link, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  const modules = Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => qr.isDark(row, col)),
  );
  return { link, modules };
}

/** The block of a document (its seller and issue date), or null when it is neither in KSeF nor handed out offline. */
export function ksefPdfBlock(
  document: { seller: { nip: string }; issueDate: string },
  record: KsefRecord | null,
  offline: KsefOffline | null,
): PdfKodI | null {
  const offlineParts = offline
    ? { ...(offline.kodII ? { kodII: qrOf(offline.kodII) } : {}), offlineMode: offline.mode ?? 'offline24' }
    : {};
  if (record) return { ...qrOf(kodIForRecord(document, record)), number: record.ksefNumber, ...offlineParts };
  if (!offline) return null;
  const kodI = kodILinkFromHash(
    document.seller.nip,
    document.issueDate,
    offline.sha256,
    ksefQrBase(offline.environment),
  );
  return {
    ...qrOf(kodI),
    number: null,
    ...offlineParts,
    ...(offline.deadline ? { offlineDeadline: isoToPolishDate(offline.deadline) } : {}),
  };
}
