// KOD I in a PDF: shared with the e-mail attachments, so it lives with the PDF builders in the domain.
export { drawKodI, type PdfKodI } from '@domain/pdf/kodI';
