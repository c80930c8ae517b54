// Public API of the invoices feature for other features (pages load lazily from ./pages).
export { amount, formatNip, isoToPolishDate } from './InvoiceDocument';
export { loadPdfFonts, type PdfFonts } from './pdf/fonts';
export { default as invoiceClasses } from './invoice.module.css';
