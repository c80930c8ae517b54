// Accounting documents (invoice and correction sheet, their page frame, PDF files with their fonts),
// used by both invoices and refunds. The PDF builders load on the first download only.
import type { Invoice } from '@domain/schemas';
import type { CorrectionInvoice } from '@domain/refunds';
import type { KsefInfo } from '../ksef';

export { AccountingDocument, type DocumentColumn } from './DocumentSheet';
export { BackToInvoices, DocumentPage, INVOICES_PATH } from './DocumentPage';

/** The KSeF number and KOD I (or OFFLINE with KOD II) printed on the PDF. */
type KsefMark = KsefInfo | null;

/** „Pobierz PDF” of an invoice: jsPDF and the fonts are fetched on the click, not with the page. */
export async function downloadInvoicePdf(invoice: Invoice, ksef?: KsefMark): Promise<void> {
  return (await import('./pdf/invoicePdf')).downloadInvoicePdf(invoice, ksef);
}

/** „Pobierz PDF” of a correction invoice, loaded the same way. */
export async function downloadCorrectionPdf(correction: CorrectionInvoice, ksef?: KsefMark): Promise<void> {
  return (await import('./pdf/correctionPdf')).downloadCorrectionPdf(correction, ksef);
}
