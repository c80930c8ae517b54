import { describe, expect, it } from 'vitest';
import { fa3FromInvoice, requireFa3Xml } from './fa3.js';
import { kodIForRecord, type KsefRecord } from './record.js';
import type { KsefOffline } from './offline.js';
import { ksefPdfBlock } from './pdfBlock.js';
import { testInvoice } from './testing.js';

const invoice = testInvoice({ lines: [{ name: 'Karnet', unitGross: 18900, quantity: 1, vatRate: 8 }] });
const xml = requireFa3Xml(fa3FromInvoice(invoice));
const record: KsefRecord = {
  ksefNumber: '1234563218-20260203-0100001AF629-F2',
  submittedOn: '2026-02-03',
  xml,
  sha256: 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
  recordedAt: 1,
  recordedBy: 'ksef-api',
  environment: 'test',
};
const kodII = 'https://qr-test.ksef.mf.gov.pl/certificate/Nip/1234563218/1234563218/01F20A5D352AE590/abc/sig';
const offline: KsefOffline = {
  sha256: 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
  markedAt: 1,
  deadline: '2026-02-04',
  kodII,
  environment: 'test',
};
const isQr = (modules: boolean[][] | undefined) =>
  Boolean(modules?.length && modules.every((row) => row.length === modules.length));

describe('the KSeF block of an e-mailed PDF (kody-qr.md)', () => {
  it('handed out offline, no number yet: KOD I of the file hash (OFFLINE under it), KOD II, the deadline', () => {
    const block = ksefPdfBlock(invoice, null, offline)!;
    expect(block).toMatchObject({
      number: null,
      link: `https://qr-test.ksef.mf.gov.pl/invoice/${invoice.seller.nip}/${invoice.issueDate.split('-').reverse().join('-')}/${offline.sha256}`,
      kodII: { link: kodII },
      offlineDeadline: '04.02.2026',
      offlineMode: 'offline24',
    });
    expect(isQr(block.modules) && isQr(block.kodII?.modules)).toBe(true);
  });

  it('an offline invoice in KSeF: the number under KOD I of the stored file, KOD II kept beside it', () => {
    const block = ksefPdfBlock(invoice, record, offline)!;
    expect(block).toMatchObject({
      number: record.ksefNumber,
      link: kodIForRecord(invoice, record),
      kodII: { link: kodII },
    });
    expect(block.offlineDeadline).toBeUndefined();
  });

  it('an online invoice in KSeF has KOD I only; a document neither in KSeF nor offline has no block', () => {
    const block = ksefPdfBlock(invoice, record, null)!;
    expect(block.number).toBe(record.ksefNumber);
    expect(block.kodII).toBeUndefined();
    expect(ksefPdfBlock(invoice, null, null)).toBeNull();
  });
});
