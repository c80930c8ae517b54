/**
 * The correction invoice as a PDF file. The layout is shared with the e-mail of an approved refund,
 * which attaches the same document (functions/src/domain/pdf/correctionPdf.ts, with the same embedded
 * Liberation Sans as the invoice PDF). Loaded on click only.
 */
import type { CorrectionInvoice } from '@domain/refunds';
import { buildCorrectionPdf, correctionPdfFileName } from '@domain/pdf/correctionPdf';
import { pdfKsefOf, type KsefInfo } from '../../ksef';
import { loadPdfFonts } from './fonts';

export { buildCorrectionPdf, correctionPdfFileName } from '@domain/pdf/correctionPdf';

export async function downloadCorrectionPdf(correction: CorrectionInvoice, ksef?: KsefInfo | null): Promise<void> {
  const kodI = ksef ? await pdfKsefOf(ksef) : undefined;
  buildCorrectionPdf(correction, await loadPdfFonts(), kodI).save(correctionPdfFileName(correction));
}
