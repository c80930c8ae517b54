// Public API of the invoices feature for other features (pages load lazily from ./pages).
export { loadPdfFonts, type PdfFonts } from './pdf/fonts';
export { AccountingDocument, type DocumentColumn } from './DocumentSheet';
export { BackToInvoices, DocumentPage } from './DocumentPage';
