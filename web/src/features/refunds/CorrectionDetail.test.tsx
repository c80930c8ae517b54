import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { VAT_METHOD_NOTE, type Order } from '@domain/index';
import { computeCorrection, planRefund, type CorrectionInvoice } from '@domain/refunds';
import { renderWithTheme } from '../../test/render';
import { expectOnePagePdfWithFont, pdfFontsFromDisk, ticketLine } from '../../test/documents';
import { CorrectionDocument } from './CorrectionDetail';
import { MalformedRecordError } from '../../shared/api/realtime';
import { toCorrections } from './api';
import { buildCorrectionPdf, correctionPdfFileName } from '../documents/pdf/correctionPdf';
import { qrMatrix } from '@domain/ksef/pdfBlock';

const lines: Order['lines'] = { l1: ticketLine(), l2: ticketLine({ memberId: 'm-1', memberName: 'Ola Kowalska' }) };

/** A correction exactly as approveRefund writes it: one ticket of two refunded with a 20 zł fee. */
function correction(): CorrectionInvoice {
  const result = planRefund({ lines }, undefined, { l2: 1 }, 12900);
  if (!result.ok) throw new Error(result.refusal.message);
  const amounts = computeCorrection({ order: { lines }, rateGross: { r8: 29800 }, plan: result.plan });
  return {
    kind: 'correction',
    number: 'KOR/2026/000001',
    uid: 'u1',
    orderId: 'o1',
    orderNumber: 'ZAM/2026/000042',
    corrected: { invoiceId: 'FV-2026-000123', number: 'FV/2026/000123', issueDate: '2026-11-20' },
    issueDate: '2026-11-22',
    issuePlace: 'Ustka',
    issuedAt: 1,
    issuedBy: 'admin',
    seller: {
      name: 'Stowarzyszenie Żeglarskie „Bryza”',
      street: 'ul. Portowa 1',
      postalCode: '76-270',
      city: 'Ustka',
      nip: '1234563218',
      bankName: 'Bank',
      bankAccount: '61109010140000071219812874',
    },
    buyer: {
      kind: 'person',
      name: 'Jan Kowalski',
      street: 'ul. Morska 1',
      postalCode: '81-300',
      city: 'Gdynia',
      country: 'PL',
    },
    reason: 'Rezygnacja — opłata za anulowanie 20 zł',
    ...amounts,
    refundAccount: '61109010140000071219812874',
    paymentMethod: 'przelew',
    vatMethod: VAT_METHOD_NOTE,
  };
}

describe('CorrectionDocument', () => {
  it('shows the corrected invoice, the reason, the lines before/after and the differences per rate', () => {
    renderWithTheme(<CorrectionDocument correction={correction()} />);
    const doc = screen.getByTestId('correction-document');
    expect(within(doc).getByRole('heading', { level: 1 }).textContent).toContain('Faktura korygująca');
    expect(screen.getByTestId('correction-corrected').textContent).toContain('FV/2026/000123 z 20.11.2026');
    expect(screen.getByTestId('correction-reason').textContent).toContain('opłata za anulowanie 20 zł');
    const rows = within(screen.getByTestId('correction-lines')).getAllByRole('row');
    expect(rows[1].textContent).toContain('Karnet — Ola Kowalska');
    expect(rows[1].textContent).toContain('-149,00');
    expect(rows[2].textContent).toContain('Opłata za anulowanie');
    expect(within(screen.getByTestId('correction-rates')).getAllByRole('row')[1].textContent).toContain('-129,00');
    expect(screen.getByTestId('correction-refund').textContent).toContain('129,00\u00a0zł');
    expect(doc.textContent).toContain('sto dwadzieścia dziewięć złotych 00/100');
  });
});

describe('how the money goes back', () => {
  it('a correction of a transfer-paid order names the transfer to the buyer’s account', () => {
    renderWithTheme(<CorrectionDocument correction={correction()} />);
    expect(screen.getByTestId('correction-refund-method').textContent).toBe(
      'przelew na konto 61 1090 1014 0000 0712 1981 2874',
    );
  });

  it('a correction of an order paid online says it goes back through Przelewy24, with no account and no transfer', () => {
    renderWithTheme(<CorrectionDocument correction={{ ...correction(), refundThrough: 'przelewy24' }} />);
    const method = screen.getByTestId('correction-refund-method').textContent;
    expect(method).toBe('zwrot przez Przelewy24 na rachunek lub kartę, z których zapłacono');
    expect(screen.getByTestId('correction-document').textContent).not.toContain('na konto');
  });
});

describe('correction PDF', () => {
  it('builds a real PDF file with the Polish font embedded', () => {
    const c = correction();
    expectOnePagePdfWithFont(buildCorrectionPdf(c, pdfFontsFromDisk()));
    expect(correctionPdfFileName(c)).toBe('Faktura-korygujaca-KOR-2026-000001.pdf');
  });

  it('with a recorded KSeF number prints the number and the KOD I link (a clickable link) under the correction', async () => {
    const link = 'https://qr.ksef.mf.gov.pl/invoice/1234563218/22-11-2026/yzgH5uXhYEnh67V7qsWJXJT6mt7ngweQKfLkckxZSuU';
    const modules = qrMatrix(link);
    const doc = buildCorrectionPdf(correction(), pdfFontsFromDisk(), {
      number: '1234563218-20261122-0100001AF629-AF',
      link,
      modules,
    });
    const bytes = doc.output();
    expect(bytes).toContain(`/URI (${link})`);
    const without = buildCorrectionPdf(correction(), pdfFontsFromDisk()).output();
    expect(without).not.toContain('/URI');
  });
});

describe('corrections read from the database', () => {
  it('are parsed with the domain schema: a correction as approveRefund writes it passes, one with the amount stored as text is refused with its path', () => {
    const stored = correction();
    expect(toCorrections({ 'KOR-2026-000001': stored }, 'u1')).toEqual([{ ...stored, id: 'KOR-2026-000001' }]);
    const read = () =>
      toCorrections(
        {
          'KOR-2026-000001': stored,
          'KOR-2026-000002': { ...stored, number: 'KOR/2026/000002', refundAmount: '129,00' },
        },
        'u1',
      );
    expect(read).toThrow(MalformedRecordError);
    expect(read).toThrow(/^Zapisane dane mają nieprawidłowy format \(corrections\/u1\/KOR-2026-000002\/refundAmount: /);
  });
});
