import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  fa3FromCorrection,
  fa3FromInvoice,
  requireFa3Xml,
  withKsefChecksum,
  type KsefRecord,
} from '@domain/ksef/index';
import { computeCorrection, correctionInvoice, planRefund, type CorrectionInvoice } from '@domain/refunds';
import type { InvoiceData, Order } from '@domain/schemas';
import { kodIForRecord } from '@domain/ksef/record';
import { TEST_COMPANY, TEST_PERSON, testInvoice, type TestLine } from '@domain/ksef/testing';
import { renderWithTheme } from '../../test/render';
import { ThemeProviders } from '../../app/providers';
import { filterKsefRows, ksefRows, monthLabel, offlineAlarms } from './ksefRows';
import type { KsefOutboxEntry } from '@domain/ksef/outbox';
import { KsefKodI, ksefInfoOf } from './InvoiceKsef';
import { KsefRowActions } from './KsefRowActions';
import { KsefStateCell } from './KsefStateCell';
import type { StoredInvoice } from './api';
import { toKsefRecords, toStoredCorrections, toStoredInvoices } from './api';

/** An invoice of one line (one unit) for the buyer. */
const oneLineInvoice = (number: string, buyer: InvoiceData, line: Omit<TestLine, 'quantity'>, issuedAt?: number) =>
  testInvoice({ number, buyer, issuedAt, lines: [{ ...line, quantity: 1 }] });

const company = oneLineInvoice('FV/2026/000003', TEST_COMPANY, { name: 'Bilet', unitGross: 14900, vatRate: 8 });
const consumer = oneLineInvoice('FV/2026/000004', TEST_PERSON, { name: 'Koszulka', unitGross: 8900, vatRate: 23 });
const march = oneLineInvoice(
  'FV/2026/000005',
  TEST_PERSON,
  { name: 'Kubek', unitGross: 3000, vatRate: 23 },
  Date.UTC(2026, 2, 2, 10),
);
const broken = {
  ...testInvoice({ number: 'FV/2026/000006', lines: [{ name: 'Bilet', unitGross: 100, quantity: 1, vatRate: 8 }] }),
  seller: { ...company.seller, nip: '' },
};

function record(xml: string): KsefRecord {
  return {
    ksefNumber: withKsefChecksum('1234563218-20260203-0100001AF629'),
    submittedOn: '2026-02-03',
    xml,
    sha256: createHash('sha256').update(xml).digest('base64url'),
    recordedAt: 1,
    recordedBy: 'admin',
  };
}

describe('admin KSeF list', () => {
  const raw = {
    u1: { 'FV-2026-000003': company, 'FV-2026-000006': broken },
    u2: { 'FV-2026-000004': consumer, 'FV-2026-000005': march },
  };
  const invoices: StoredInvoice[] = toStoredInvoices(raw);
  const records = toKsefRecords({ u1: { 'FV-2026-000003': record(requireFa3Xml(fa3FromInvoice(company))) } });
  const rows = ksefRows(invoices, [], records, {}, '2026-02-10');

  it('names months in Polish and lists newest first', () => {
    expect(monthLabel('2026-02')).toBe('luty 2026');
    expect(monthLabel('2026-12')).toBe('grudzień 2026');
    expect(invoices.map((i) => i.invoice.number)).toEqual([
      'FV/2026/000005',
      'FV/2026/000006',
      'FV/2026/000004',
      'FV/2026/000003',
    ]);
  });

  it('buyer type, KSeF required for companies, state from the record, problems instead of files', () => {
    const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]));
    expect(byNumber['FV/2026/000003']).toMatchObject({
      required: true,
      state: 'accepted',
      file: { ok: true, fromRecord: true },
    });
    expect(byNumber['FV/2026/000004']).toMatchObject({
      required: false,
      state: 'pending',
      file: { ok: true, fromRecord: false },
    });
    expect(byNumber['FV/2026/000006'].file).toEqual({
      ok: false,
      problems: [{ field: 'seller.nip', message: 'brak NIP sprzedawcy' }],
    });
  });

  it('filters by month, buyer type and status', () => {
    const numbers = (list: typeof rows) => list.map((r) => r.number);
    expect(numbers(filterKsefRows(rows, '2026-02', 'all', 'all'))).toEqual([
      'FV/2026/000006',
      'FV/2026/000004',
      'FV/2026/000003',
    ]);
    expect(numbers(filterKsefRows(rows, '2026-02', 'company', 'all'))).toEqual(['FV/2026/000006', 'FV/2026/000003']);
    expect(numbers(filterKsefRows(rows, '2026-02', 'person', 'pending'))).toEqual(['FV/2026/000004']);
    expect(numbers(filterKsefRows(rows, '2026-02', 'all', 'accepted'))).toEqual(['FV/2026/000003']);
    expect(numbers(filterKsefRows(rows, '2026-03', 'all', 'all'))).toEqual(['FV/2026/000005']);
  });
});

/** A correction of `invoice` refunding its only line with a fee, as approveRefund stores it. */
function correctionOf(invoice: typeof company, number: string): CorrectionInvoice {
  const line = invoice.lines.l1;
  const lines: Order['lines'] = {
    l1: {
      type: 'merch',
      name: line.name,
      unitGross: line.unitGross,
      quantity: line.quantity,
      vatRate: line.vatRate,
      productId: 'p',
      variantId: 'v',
      variantLabel: 'M',
    },
  };
  const plan = planRefund({ lines }, undefined, undefined, line.gross - 1000);
  if (!plan.ok) throw new Error(plan.refusal.message);
  const amounts = computeCorrection({
    order: { lines },
    rateGross: Object.fromEntries(Object.entries(invoice.totals.perRate).map(([k, r]) => [k, r.gross])),
    plan: plan.plan,
  });
  return correctionInvoice({
    number,
    orderId: 'o1',
    order: { uid: 'u1', number: invoice.orderNumber },
    invoiceId: invoice.number.replaceAll('/', '-'),
    invoice,
    issuedAt: invoice.issuedAt + 86_400_000,
    issueDate: '2026-02-04',
    issuedBy: 'admin',
    reason: 'Rezygnacja',
    amounts,
    refundAccount: '61109010140000071219812874',
  });
}

describe('admin KSeF list with correction invoices', () => {
  const ofCompany = correctionOf(company, 'KOR/2026/000001');
  const ofConsumer = correctionOf(consumer, 'KOR/2026/000002');
  const invoices = toStoredInvoices({ u1: { 'FV-2026-000003': company }, u2: { 'FV-2026-000004': consumer } });
  const corrections = toStoredCorrections({
    u1: { 'KOR-2026-000001': ofCompany },
    u2: { 'KOR-2026-000002': ofConsumer },
  });

  it("lists corrections with the invoice they correct; a company correction waits for the invoice's KSeF number", () => {
    const rows = ksefRows(invoices, corrections, {}, {}, '2026-02-10');
    expect(rows.map((r) => [r.number, r.kind])).toEqual([
      ['KOR/2026/000002', 'correction'],
      ['KOR/2026/000001', 'correction'],
      ['FV/2026/000004', 'invoice'],
      ['FV/2026/000003', 'invoice'],
    ]);
    const kor1 = rows.find((r) => r.number === 'KOR/2026/000001')!;
    expect(kor1).toMatchObject({
      documentId: 'KOR-2026-000001',
      required: true,
      state: 'waiting',
      waitsFor: 'FV/2026/000003',
      corrected: { number: 'FV/2026/000003' },
      gross: -(company.totals.gross - 1000),
    });
    // A consumer's invoice need not be in KSeF: its correction's file says so (NrKSeFN) and is ready.
    const kor2 = rows.find((r) => r.number === 'KOR/2026/000002')!;
    expect(kor2.waitsFor).toBeNull();
    expect(kor2.file.ok && kor2.file.xml).toBe(requireFa3Xml(fa3FromCorrection(ofConsumer)));
    expect(kor2.file.ok && kor2.file.fileName).toBe('KOR-2026-000002.xml');
  });

  it("once the invoice has its KSeF number, the correction's file names it; a recorded correction hands out its stored file", () => {
    const invoiceRecord = record(requireFa3Xml(fa3FromInvoice(company)));
    const rows = ksefRows(
      invoices,
      corrections,
      toKsefRecords({ u1: { 'FV-2026-000003': invoiceRecord } }),
      {},
      '2026-02-10',
    );
    const kor1 = rows.find((r) => r.number === 'KOR/2026/000001')!;
    expect(kor1.waitsFor).toBeNull();
    const xml = kor1.file.ok ? kor1.file.xml : '';
    expect(xml).toBe(requireFa3Xml(fa3FromCorrection(ofCompany, invoiceRecord.ksefNumber)));
    expect(xml).toContain(`<NrKSeFFaKorygowanej>${invoiceRecord.ksefNumber}</NrKSeFFaKorygowanej>`);
    const stored = { ...record(xml), ksefNumber: withKsefChecksum('1234563218-20260204-0100001AF630') };
    const after = ksefRows(
      invoices,
      corrections,
      toKsefRecords({ u1: { 'FV-2026-000003': invoiceRecord, 'KOR-2026-000001': stored } }),
      {},
      '2026-02-10',
    );
    expect(after.find((r) => r.number === 'KOR/2026/000001')).toMatchObject({
      state: 'accepted',
      file: { ok: true, fromRecord: true, xml },
    });
    expect(filterKsefRows(after, '2026-02', 'company', 'accepted').map((r) => r.number)).toEqual([
      'KOR/2026/000001',
      'FV/2026/000003',
    ]);
  });
});

it('the invoice shows the KSeF number and the KOD I computed from the stored file', async () => {
  const xml = requireFa3Xml(fa3FromInvoice(company));
  const rec = record(xml);
  const link = kodIForRecord(company, rec);
  expect(link).toBe(
    `https://qr.ksef.mf.gov.pl/invoice/1234563218/03-02-2026/${createHash('sha256').update(Buffer.from(xml, 'utf8')).digest('base64url')}`,
  );
  renderWithTheme(<KsefKodI info={{ number: rec.ksefNumber, link, submittedOn: rec.submittedOn }} />);
  expect(screen.getByTestId('ksef-number').textContent).toBe(rec.ksefNumber);
  expect(screen.getByTestId('ksef-kod-i-link').getAttribute('href')).toBe(link);
  expect(screen.getByTestId('ksef-kod-i').getAttribute('data-link')).toBe(link);
  await waitFor(() => expect(screen.getByTestId('qr-code').getAttribute('aria-label')).toContain(rec.ksefNumber));
});

it('an offline24 invoice shows OFFLINE under KOD I, KOD II labelled CERTYFIKAT and the deadline', async () => {
  const link = 'https://qr.ksef.mf.gov.pl/invoice/1234563218/03-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE';
  const kodII =
    'https://qr.ksef.mf.gov.pl/certificate/Nip/1234563218/1234563218/01AB/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE/c2ln';
  renderWithTheme(<KsefKodI info={{ number: null, link, kodII, deadline: '2026-02-04' }} />);
  expect(screen.getByTestId('ksef-number-under-qr').textContent).toBe('OFFLINE');
  expect(screen.getByTestId('ksef-kod-ii').getAttribute('data-link')).toBe(kodII);
  expect(screen.getByTestId('ksef-offline-note').textContent).toContain('najpóźniej 4 lutego 2026');
  expect(screen.queryByTestId('ksef-number')).toBeNull();
  await waitFor(() => expect(screen.getAllByTestId('qr-code')).toHaveLength(2));
});

describe('admin KSeF board states', () => {
  const invoices = toStoredInvoices({ u1: { 'FV-2026-000003': company } });
  const entry = (e: Partial<KsefOutboxEntry>): Record<string, KsefOutboxEntry> => ({
    'FV-2026-000003': { uid: 'u1', documentId: 'FV-2026-000003', status: 'queued', queuedAt: 1, ...e },
  });
  const state = (outbox: Record<string, KsefOutboxEntry>, today = '2026-02-03') =>
    ksefRows(invoices, [], {}, outbox, today)[0];

  it("queued, sent, rejected with the Ministry's code, accepted", () => {
    expect(state(entry({})).state).toBe('queued');
    expect(state(entry({ status: 'sent', sent: { sessionReference: 's', invoiceReference: 'i', at: 1 } })).state).toBe(
      'sent',
    );
    expect(
      state(entry({ status: 'rejected', rejection: { code: 450, description: 'Błąd semantyki', at: 1 } })),
    ).toMatchObject({ state: 'rejected', entry: { rejection: { code: 450 } } });
    expect(state(entry({ status: 'accepted' })).state).toBe('accepted');
  });

  it("offline24: the deadline's alarm is raised on its last day and after it, across months", () => {
    const offline = entry({ offline: { since: 1, deadline: '2026-02-04', reason: '503', kodII: true } });
    expect(state(offline)).toMatchObject({ state: 'offline', alarm: 'upcoming' });
    expect(state(offline, '2026-02-04')).toMatchObject({ state: 'offline', alarm: 'today' });
    expect(offlineAlarms(ksefRows(invoices, [], {}, offline, '2026-02-05')).map((r) => r.alarm)).toEqual(['overdue']);
    expect(offlineAlarms(ksefRows(invoices, [], {}, offline, '2026-02-03'))).toEqual([]);
    // A declared outage's document has no deadline (and no alarm) until the outage ends.
    const open = entry({ offline: { since: 1, mode: 'emergency', reason: 'Komunikat MF', kodII: true } });
    expect(state(open, '2026-03-01')).toMatchObject({ state: 'offline', alarm: null });
    // Once in KSeF the alarm is gone.
    expect(
      state(
        entry({ status: 'accepted', offline: { since: 1, deadline: '2026-02-04', reason: '503', kodII: true } }),
        '2026-02-05',
      ),
    ).toMatchObject({ state: 'accepted', alarm: null });
  });
});

it('an offline invoice keeps KOD II once it has its number: handed out offline, or recorded offline by KSeF', () => {
  const rec = record(requireFa3Xml(fa3FromInvoice(company)));
  const kodII = `https://qr.ksef.mf.gov.pl/certificate/Nip/1234563218/1234563218/01AB/${rec.sha256}/c2ln`;
  const handedOut = { sha256: rec.sha256, markedAt: 1, deadline: '2026-02-04', mode: 'offline24' as const, kodII };
  expect(ksefInfoOf(company, null, handedOut)).toMatchObject({ number: null, kodII, deadline: '2026-02-04' });
  expect(ksefInfoOf(company, rec, handedOut)).toEqual({
    number: rec.ksefNumber,
    link: kodIForRecord(company, rec),
    submittedOn: rec.submittedOn,
    mode: 'offline24',
    kodII,
  });
  const byKsef = { sha256: rec.sha256, markedAt: 1, mode: 'offline24' as const, kodII, byKsef: true as const };
  expect(ksefInfoOf(company, rec, byKsef)).toMatchObject({ number: rec.ksefNumber, kodII, offlineByKsef: true });
  // Online: KOD I with the number only.
  expect(ksefInfoOf(company, rec, null)).toEqual({
    number: rec.ksefNumber,
    link: kodIForRecord(company, rec),
    submittedOn: rec.submittedOn,
  });
  expect(ksefInfoOf(company, null, null)).toBeNull();
});

it('an offline invoice in KSeF shows its number under KOD I and keeps KOD II (CERTYFIKAT) beside it', async () => {
  const link = 'https://qr.ksef.mf.gov.pl/invoice/1234563218/03-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE';
  const kodII =
    'https://qr.ksef.mf.gov.pl/certificate/Nip/1234563218/1234563218/01AB/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE/c2ln';
  const number = withKsefChecksum('1234563218-20260204-0100001AF629');
  renderWithTheme(
    <KsefKodI info={{ number, link, submittedOn: '2026-02-04', kodII, mode: 'offline24', offlineByKsef: true }} />,
  );
  expect(screen.getByTestId('ksef-number-under-qr').textContent).toBe(number);
  expect(screen.getByTestId('ksef-kod-i').getAttribute('data-offline')).toBeNull();
  expect(screen.getByTestId('ksef-kod-ii').getAttribute('data-link')).toBe(kodII);
  expect(screen.getByTestId('ksef-offline-issued').textContent).toContain('KSeF zapisał ją jako fakturę offline');
  await waitFor(() => expect(screen.getAllByTestId('qr-code')).toHaveLength(2));
});

describe('admin KSeF board: what KSeF decided, and a missing UPO', () => {
  const invoices = toStoredInvoices({ u1: { 'FV-2026-000003': company } });
  const rowWith = (e: Partial<KsefOutboxEntry>) =>
    ksefRows(
      invoices,
      [],
      {},
      { 'FV-2026-000003': { uid: 'u1', documentId: 'FV-2026-000003', status: 'accepted', queuedAt: 1, ...e } },
      '2026-02-03',
    )[0];
  const handlers = { resend: vi.fn(() => Promise.resolve()), record: vi.fn(), fail: vi.fn() };

  it('an accepted document whose UPO is missing says so, with its next attempt, and offers to download it now', () => {
    const r = rowWith({
      ksefNumber: withKsefChecksum('1234563218-20260203-0100001AF629'),
      upoMissing: {
        sessionReference: 's',
        since: 1,
        attempts: 2,
        nextAttemptAt: Date.UTC(2026, 1, 3, 17, 5),
        lastError: { message: 'KSeF: GET … → 503', at: 1 },
      },
    });
    renderWithTheme(
      <>
        <KsefStateCell row={r} />
        <KsefRowActions row={r} on={handlers} />
      </>,
    );
    const note = screen.getByTestId('ksef-upo-missing').textContent;
    expect(note).toContain('UPO jeszcze nie pobrane z KSeF');
    expect(note).toContain('18:05');
    expect(note).toContain('503');
    expect(screen.queryByTestId('ksef-upo')).toBeNull();
    fireEvent.click(screen.getByTestId('ksef-upo-fetch'));
    expect(handlers.resend).toHaveBeenCalledWith(r);
  });

  it('a document KSeF recorded as offline says so, and whether its owner has KOD II', () => {
    // rerender keeps the wrapper, so every update stays inside the theme provider.
    const { rerender } = render(
      <KsefStateCell row={rowWith({ invoicingMode: 'Offline', offlineByKsef: { at: 1, kodII: true } })} />,
      { wrapper: ThemeProviders },
    );
    expect(screen.getByTestId('ksef-offline-by-ksef').textContent).toContain('KOD II przy fakturze uczestnika');
    rerender(<KsefStateCell row={rowWith({ invoicingMode: 'Offline', offlineByKsef: { at: 1, kodII: false } })} />);
    expect(screen.getByTestId('ksef-offline-by-ksef').textContent).toContain('brak KOD II');
    rerender(<KsefStateCell row={rowWith({ invoicingMode: 'Online' })} />);
    expect(screen.queryByTestId('ksef-offline-by-ksef')).toBeNull();
  });
});
