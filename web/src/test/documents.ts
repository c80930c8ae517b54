/** Fixtures for the tests of invoice and correction documents: order lines and the PDF fonts. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { OrderLine } from '@domain/index';

type TicketLine = Extract<OrderLine, { type: 'ticket' }>;
type MerchLine = Extract<OrderLine, { type: 'merch' }>;

/** A ticket line as an order holds it: one „Karnet” at 149,00 zł (8 %) for the buyer, unless said otherwise. */
export const ticketLine = (line: Partial<TicketLine> = {}): TicketLine => ({
  type: 'ticket',
  name: 'Karnet',
  unitGross: 14900,
  quantity: 1,
  vatRate: 8,
  ticketTypeId: 'karnet',
  memberId: 'self',
  memberName: 'Jan Kowalski',
  ...line,
});

/** A merch line as an order holds it: one shirt „Koszulka (M)” at 69,00 zł (23 %), unless said otherwise. */
export const merchLine = (line: Partial<MerchLine> = {}): MerchLine => ({
  type: 'merch',
  name: 'Koszulka',
  unitGross: 6900,
  quantity: 1,
  vatRate: 23,
  productId: 'koszulka',
  variantId: 'm',
  variantLabel: 'M',
  ...line,
});

/** The PDF fonts as `loadPdfFonts` hands them to the builders (base64), read from the repository. */
export function pdfFontsFromDisk(): { regular: string; bold: string } {
  // The tests run from the repository root or from web/ (npm -w web test).
  const dir = ['web/src/features/documents/pdf/fonts', 'src/features/documents/pdf/fonts']
    .map((d) => path.resolve(d))
    .find((d) => existsSync(d));
  if (!dir) throw new Error('The PDF fonts were not found from ' + process.cwd());
  const font = (name: string) => readFileSync(path.join(dir, name)).toString('base64');
  return { regular: font('LiberationSans-Regular.ttf'), bold: font('LiberationSans-Bold.ttf') };
}

/** A one-page PDF file with the Liberation Sans font embedded (so ą ę ł … print). */
export function expectOnePagePdfWithFont(doc: { output: () => string; getNumberOfPages: () => number }) {
  const bytes = doc.output();
  expect(bytes.startsWith('%PDF-')).toBe(true);
  expect(bytes).toContain('/FontFile2');
  expect(bytes).toContain('LiberationSans');
  expect(doc.getNumberOfPages()).toBe(1);
}
