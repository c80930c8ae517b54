/**
 * The invoice as a real PDF file. The layout is shared with the e-mail of a booked payment, which
 * attaches the same document (functions/src/domain/pdf/invoicePdf.ts, jsPDF with the embedded
 * Liberation Sans for ą ę ł ś ż ź ć ń). Loaded only when the user clicks "Pobierz PDF" (dynamic
 * import), so jsPDF and the fonts never weigh on the invoices page itself.
 */
import type { Invoice } from '@domain/schemas';
import { buildInvoicePdf, pdfFileName } from '@domain/pdf/invoicePdf';
import { pdfKsefOf, type KsefInfo } from '../../ksef';
import { loadPdfFonts } from './fonts';

export { buildInvoicePdf, pdfFileName, type PdfKsef } from '@domain/pdf/invoicePdf';

/** Builds the PDF and hands it to the browser as a file download; with `ksef`, the KSeF number and KOD I are printed on it. */
export async function downloadInvoicePdf(invoice: Invoice, ksef?: KsefInfo | null): Promise<void> {
  const pdfKsef = ksef ? await pdfKsefOf(ksef) : undefined;
  const doc = buildInvoicePdf(invoice, await loadPdfFonts(), pdfKsef);
  doc.save(pdfFileName(invoice));
}
