import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testInvoice } from '../ksef/testing.js';
import { buildInvoicePdf } from './invoicePdf.js';
import type { KsefOfflineMode } from '../ksef/offline.js';

const fontDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/fonts');
const fonts = {
  regular: readFileSync(path.join(fontDir, 'LiberationSans-Regular.ttf')).toString('base64'),
  bold: readFileSync(path.join(fontDir, 'LiberationSans-Bold.ttf')).toString('base64'),
};
const invoice = testInvoice({ lines: [{ name: 'Karnet 3-dniowy', unitGross: 18900, quantity: 1, vatRate: 8 }] });
const qr = { link: 'https://qr-test.ksef.mf.gov.pl/invoice/1234563218/03-02-2026/abc', modules: [[true, false]] };

/** The PDF's text as a reader's tool extracts it (pdftotext), lines joined by spaces. */
function offlinePdfText(offlineMode?: KsefOfflineMode): string {
  const doc = buildInvoicePdf(invoice, fonts, {
    ...qr,
    number: null,
    offlineDeadline: '04.02.2026',
    ...(offlineMode ? { offlineMode } : {}),
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kodi-pdf-')), 'faktura.pdf');
  writeFileSync(file, Buffer.from(doc.output('arraybuffer')));
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('the KSeF block of an invoice PDF handed out offline', () => {
  it('names the mode it was issued in: offline24, an announced unavailability, the emergency mode', () => {
    expect(offlinePdfText('offline24')).toContain('Faktura wystawiona w trybie offline24');
    const unavailable = offlinePdfText('unavailability');
    expect(unavailable).toContain('Faktura wystawiona offline — ogłoszona niedostępność KSeF');
    expect(unavailable).not.toContain('offline24');
    const emergency = offlinePdfText('emergency');
    expect(emergency).toContain('Faktura wystawiona w trybie awaryjnym KSeF');
    expect(emergency).not.toContain('offline24');
    // A document marked before the modes were told apart was offline24.
    expect(offlinePdfText()).toContain('Faktura wystawiona w trybie offline24');
    expect(emergency).toContain('najpóźniej 04.02.2026');
  });
});
