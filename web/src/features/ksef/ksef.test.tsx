import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fa3FromCorrection, fa3FromInvoice, requireFa3Xml, withKsefChecksum, type KsefRecord } from '@domain/ksef/index';
import { computeCorrection, correctionInvoice, planRefund, type CorrectionInvoice } from '@domain/refunds';
import type { Order } from '@domain/schemas';
import { kodIForRecord } from '@domain/ksef/record';
import { TEST_COMPANY, TEST_PERSON, testInvoice } from '@domain/ksef/testing';
import { renderWithTheme } from '../../test/render';
import { filterKsefRows, ksefRows, monthLabel } from './KsefAdminTab';
import { KsefKodI } from './InvoiceKsef';
import type { StoredInvoice } from './api';
import { toKsefRecords, toStoredCorrections, toStoredInvoices } from './api';

const company = testInvoice({ number: 'FV/2026/000003', buyer: TEST_COMPANY, lines: [{ name: 'Bilet', unitGross: 14900, quantity: 1, vatRate: 8 }] });
const consumer = testInvoice({ number: 'FV/2026/000004', buyer: TEST_PERSON, lines: [{ name: 'Koszulka', unitGross: 8900, quantity: 1, vatRate: 23 }] });
const march = testInvoice({ number: 'FV/2026/000005', buyer: TEST_PERSON, issuedAt: Date.UTC(2026, 2, 2, 10), lines: [{ name: 'Kubek', unitGross: 3000, quantity: 1, vatRate: 23 }] });
const broken = { ...testInvoice({ number: 'FV/2026/000006', lines: [{ name: 'Bilet', unitGross: 100, quantity: 1, vatRate: 8 }] }), seller: { ...company.seller, nip: '' } };

function record(xml: string): KsefRecord {
  return { ksefNumber: withKsefChecksum('1234563218-20260203-0100001AF629'), submittedOn: '2026-02-03', xml, sha256: createHash('sha256').update(xml).digest('base64url'), recordedAt: 1, recordedBy: 'admin' };
}

describe('admin KSeF list', () => {
  const raw = { u1: { 'FV-2026-000003': company, 'FV-2026-000006': broken }, u2: { 'FV-2026-000004': consumer, 'FV-2026-000005': march } };
  const invoices: StoredInvoice[] = toStoredInvoices(raw);
  const records = toKsefRecords({ u1: { 'FV-2026-000003': record(requireFa3Xml(fa3FromInvoice(company))) } });
  const rows = ksefRows(invoices, [], records);

  it('names months in Polish and lists newest first', () => {
    expect(monthLabel('2026-02')).toBe('luty 2026');
    expect(monthLabel('2026-12')).toBe('grudzień 2026');
    expect(invoices.map((i) => i.invoice.number)).toEqual(['FV/2026/000005', 'FV/2026/000006', 'FV/2026/000004', 'FV/2026/000003']);
  });

  it('buyer type, KSeF required for companies, status from the record, problems instead of files', () => {
    const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
    expect(byNumber['FV/2026/000003']).toMatchObject({ required: true, status: 'sent', file: { ok: true, fromRecord: true } });
    expect(byNumber['FV/2026/000004']).toMatchObject({ required: false, status: 'pending', file: { ok: true, fromRecord: false } });
    expect(byNumber['FV/2026/000006'].file).toEqual({ ok: false, problems: [{ field: 'seller.nip', message: 'brak NIP sprzedawcy' }] });
  });

  it('filters by month, buyer type and status', () => {
    const numbers = (list: typeof rows) => list.map((r) => r.number);
    expect(numbers(filterKsefRows(rows, '2026-02', 'all', 'all'))).toEqual(['FV/2026/000006', 'FV/2026/000004', 'FV/2026/000003']);
    expect(numbers(filterKsefRows(rows, '2026-02', 'company', 'all'))).toEqual(['FV/2026/000006', 'FV/2026/000003']);
    expect(numbers(filterKsefRows(rows, '2026-02', 'person', 'pending'))).toEqual(['FV/2026/000004']);
    expect(numbers(filterKsefRows(rows, '2026-02', 'all', 'sent'))).toEqual(['FV/2026/000003']);
    expect(numbers(filterKsefRows(rows, '2026-03', 'all', 'all'))).toEqual(['FV/2026/000005']);
  });
});

/** A correction of `invoice` refunding its only line with a fee, as approveRefund stores it. */
function correctionOf(invoice: typeof company, number: string): CorrectionInvoice {
  const line = invoice.lines.l1;
  const lines: Order['lines'] = { l1: { type: 'merch', name: line.name, unitGross: line.unitGross, quantity: line.quantity, vatRate: line.vatRate, productId: 'p', variantId: 'v', variantLabel: 'M' } };
  const plan = planRefund({ lines }, undefined, undefined, line.gross - 1000);
  if (!plan.ok) throw new Error(plan.refusal.message);
  const amounts = computeCorrection({ order: { lines }, rateGross: Object.fromEntries(Object.entries(invoice.totals.perRate).map(([k, r]) => [k, r.gross])), plan: plan.plan });
  return correctionInvoice({ number, orderId: 'o1', order: { uid: 'u1', number: invoice.orderNumber }, invoiceId: invoice.number.replaceAll('/', '-'), invoice, issuedAt: invoice.issuedAt + 86_400_000, issueDate: '2026-02-04', issuedBy: 'admin', reason: 'Rezygnacja', amounts, refundAccount: '61109010140000071219812874' });
}

describe('admin KSeF list with correction invoices', () => {
  const ofCompany = correctionOf(company, 'KOR/2026/000001');
  const ofConsumer = correctionOf(consumer, 'KOR/2026/000002');
  const invoices = toStoredInvoices({ u1: { 'FV-2026-000003': company }, u2: { 'FV-2026-000004': consumer } });
  const corrections = toStoredCorrections({ u1: { 'KOR-2026-000001': ofCompany }, u2: { 'KOR-2026-000002': ofConsumer } });

  it('lists corrections with the invoice they correct; a company correction waits for the invoice\'s KSeF number', () => {
    const rows = ksefRows(invoices, corrections, {});
    expect(rows.map((r) => [r.number, r.kind])).toEqual([
      ['KOR/2026/000002', 'correction'],
      ['KOR/2026/000001', 'correction'],
      ['FV/2026/000004', 'invoice'],
      ['FV/2026/000003', 'invoice'],
    ]);
    const kor1 = rows.find((r) => r.number === 'KOR/2026/000001')!;
    expect(kor1).toMatchObject({ documentId: 'KOR-2026-000001', required: true, status: 'pending', waitsFor: 'FV/2026/000003', corrected: { number: 'FV/2026/000003' }, gross: -(company.totals.gross - 1000) });
    // A consumer's invoice need not be in KSeF: its correction's file says so (NrKSeFN) and is ready.
    const kor2 = rows.find((r) => r.number === 'KOR/2026/000002')!;
    expect(kor2.waitsFor).toBeNull();
    expect(kor2.file.ok && kor2.file.xml).toBe(requireFa3Xml(fa3FromCorrection(ofConsumer)));
    expect(kor2.file.ok && kor2.file.fileName).toBe('KOR-2026-000002.xml');
  });

  it('once the invoice has its KSeF number, the correction\'s file names it; a recorded correction hands out its stored file', () => {
    const invoiceRecord = record(requireFa3Xml(fa3FromInvoice(company)));
    const rows = ksefRows(invoices, corrections, toKsefRecords({ u1: { 'FV-2026-000003': invoiceRecord } }));
    const kor1 = rows.find((r) => r.number === 'KOR/2026/000001')!;
    expect(kor1.waitsFor).toBeNull();
    const xml = kor1.file.ok ? kor1.file.xml : '';
    expect(xml).toBe(requireFa3Xml(fa3FromCorrection(ofCompany, invoiceRecord.ksefNumber)));
    expect(xml).toContain(`<NrKSeFFaKorygowanej>${invoiceRecord.ksefNumber}</NrKSeFFaKorygowanej>`);
    const stored = { ...record(xml), ksefNumber: withKsefChecksum('1234563218-20260204-0100001AF630') };
    const after = ksefRows(invoices, corrections, toKsefRecords({ u1: { 'FV-2026-000003': invoiceRecord, 'KOR-2026-000001': stored } }));
    expect(after.find((r) => r.number === 'KOR/2026/000001')).toMatchObject({ status: 'sent', file: { ok: true, fromRecord: true, xml } });
    expect(filterKsefRows(after, '2026-02', 'company', 'sent').map((r) => r.number)).toEqual(['KOR/2026/000001', 'FV/2026/000003']);
  });
});

it('the invoice shows the KSeF number and the KOD I computed from the stored file', async () => {
  const xml = requireFa3Xml(fa3FromInvoice(company));
  const rec = record(xml);
  const link = kodIForRecord(company, rec);
  expect(link).toBe(`https://qr.ksef.mf.gov.pl/invoice/1234563218/03-02-2026/${createHash('sha256').update(Buffer.from(xml, 'utf8')).digest('base64url')}`);
  renderWithTheme(<KsefKodI info={{ record: rec, link }} />);
  expect(screen.getByTestId('ksef-number').textContent).toBe(rec.ksefNumber);
  expect(screen.getByTestId('ksef-kod-i-link').getAttribute('href')).toBe(link);
  expect(screen.getByTestId('ksef-kod-i').getAttribute('data-link')).toBe(link);
  await waitFor(() => expect(screen.getByTestId('qr-code').getAttribute('aria-label')).toContain(rec.ksefNumber));
});
