import type { ReactNode } from 'react';
import type { CorrectionInvoice } from '@domain/refunds';
import { correctionLineRows, correctionRefundMethod, isoToPolishDate } from '@domain/pdf/format';
import { formatMoney } from '../../shared/format/pl';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { PageFrame } from '../../shared/ui/PageFrame';
import {
  AccountingDocument,
  BackToInvoices,
  DocumentPage,
  downloadCorrectionPdf,
  type DocumentColumn,
} from '../documents';
import { KsefCorrectionXmlButton, KsefKodI, useGetKsefRecordQuery, useInvoiceKsef } from '../ksef';
import { useGetCorrectionQuery } from './api';

const LINE_COLUMNS: DocumentColumn[] = [
  { title: 'Lp.', num: true },
  { title: 'Nazwa' },
  { title: 'Ilość przed', num: true },
  { title: 'Ilość po', num: true },
  { title: 'Cena jedn. brutto', num: true },
  { title: 'Stawka VAT', num: true },
  { title: 'Netto', num: true },
  { title: 'VAT', num: true },
  { title: 'Brutto', num: true },
];

/** A correction invoice (faktura korygująca) on an A4 sheet, printable like the invoice; the same sections and cells as its PDF. */
export function CorrectionDocument({ correction, children }: { correction: CorrectionInvoice; children?: ReactNode }) {
  const { corrected } = correction;
  return (
    <AccountingDocument
      label={`Faktura korygująca ${correction.number}`}
      testId="correction-document"
      title="Faktura korygująca"
      number={correction.number}
      numberTestId="correction-number"
      meta={[
        { label: 'Data wystawienia:', value: isoToPolishDate(correction.issueDate) },
        { label: 'Miejsce wystawienia:', value: correction.issuePlace },
        {
          label: 'Do faktury:',
          value: `${corrected.number} z ${isoToPolishDate(corrected.issueDate)}`,
          testId: 'correction-corrected',
        },
      ]}
      seller={correction.seller}
      buyer={correction.buyer}
      intro={
        <p>
          Przyczyna korekty: <strong data-testid="correction-reason">{correction.reason}</strong>
        </p>
      }
      lines={{
        caption: 'Pozycje korygowane (różnice)',
        testId: 'correction-lines',
        columns: LINE_COLUMNS,
        rows: correctionLineRows(correction),
      }}
      rates={{
        caption: 'Różnice według stawek VAT',
        testId: 'correction-rates',
        columns: ['Stawka VAT', 'Netto', 'VAT', 'Brutto'],
      }}
      amounts={{ perRate: correction.perRate, totals: correction.totals, words: correction.amountInWords }}
      due={{ label: 'Do zwrotu', amount: formatMoney(correction.refundAmount), amountTestId: 'correction-refund' }}
      dueNote={correction.fee > 0 && <p>Potrącona opłata: {formatMoney(correction.fee)}</p>}
      payment={[
        { label: 'Sposób zwrotu:', value: correctionRefundMethod(correction), testId: 'correction-refund-method' },
        { label: 'Dotyczy zamówienia:', value: correction.orderNumber },
      ]}
      note={`${correction.vatMethod}. Faktura korygująca wystawiona elektronicznie, nie wymaga podpisu.`}
    >
      {children}
    </AccountingDocument>
  );
}

/** `/dashboard/faktury/{uid}-KOR-…`: the invoices page hands correction ids to this view. */
export function CorrectionDetail({ uid, correctionId }: { uid: string; correctionId: string }) {
  const query = useGetCorrectionQuery({ uid, correctionId });
  return (
    <DataGate
      query={query}
      what="faktury korygującej"
      rows={6}
      onRetry={() => void query.refetch()}
      isEmpty={!query.data}
      empty={<EmptyState title="Nie znaleziono faktury korygującej" />}
      frame={(state) => (
        <PageFrame title="Faktura korygująca">
          {state}
          <BackToInvoices />
        </PageFrame>
      )}
    >
      {query.data && <LoadedCorrection uid={uid} correctionId={correctionId} correction={query.data} />}
    </DataGate>
  );
}

/**
 * The correction with its downloads: PDF, the FA(3) XML for KSeF (naming the corrected invoice's KSeF
 * number once there is one) and, after the admin recorded the correction's own KSeF number, that number
 * with the KOD I code — on screen and in the PDF.
 */
function LoadedCorrection({
  uid,
  correctionId,
  correction,
}: {
  uid: string;
  correctionId: string;
  correction: CorrectionInvoice;
}) {
  const ref = { uid, invoiceId: correctionId };
  const ksef = useInvoiceKsef(ref, correction);
  const { data: record } = useGetKsefRecordQuery(ref);
  const { data: corrected } = useGetKsefRecordQuery({ uid, invoiceId: correction.corrected.invoiceId });
  async function downloadPdf() {
    await downloadCorrectionPdf(correction, ksef);
  }
  return (
    <DocumentPage
      title={`Faktura korygująca ${correction.number}`}
      downloadPdf={downloadPdf}
      xmlButton={<KsefCorrectionXmlButton correction={correction} corrected={corrected} record={record} />}
    >
      <CorrectionDocument correction={correction}>{ksef && <KsefKodI info={ksef} />}</CorrectionDocument>
    </DocumentPage>
  );
}
