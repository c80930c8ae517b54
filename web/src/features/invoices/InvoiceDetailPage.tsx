import { useParams } from 'react-router-dom';
import type { Invoice } from '@domain/schemas';
import { DataGate, LoadingRows } from '../../shared/ui/DataState';
import { ErrorPage } from '../../shared/ui/ErrorPage';
import { PageFrame } from '../../shared/ui/PageFrame';
import { useUid } from '../auth';
import { KsefKodI, KsefXmlButton, useGetKsefRecordQuery, useInvoiceKsef } from '../ksef';
import { CorrectionDetail } from '../refunds';
import { parseInvoiceKey, useGetInvoiceQuery, type InvoiceKey } from './api';
import { DocumentPage, downloadInvoicePdf, INVOICES_PATH } from '../documents';
import { InvoiceDocument } from './InvoiceDocument';

/** Same view for "someone else's invoice" and "no such invoice": nothing tells the two apart, no data is shown. */
function InvoiceUnavailable({ invoiceKey }: { invoiceKey: string }) {
  return (
    <ErrorPage
      status={404}
      message={`Faktura niedostępna: ${invoiceKey}`}
      description="Nie znaleziono takiej faktury na Twoim koncie. Sprawdź adres albo wróć do listy faktur."
      homeHref={INVOICES_PATH}
    />
  );
}

/** `/dashboard/faktury/{uid}-{invoiceId}`: one invoice, or a correction invoice (`KOR-…`) of the signed-in account. */
export function InvoiceDetailPage() {
  const uid = useUid() ?? '';
  const { invoiceKey = '' } = useParams();
  const key = parseInvoiceKey(invoiceKey);
  const own = key !== null && key.uid === uid;
  // Another user's invoice is never even requested: the rules would refuse it, and the page must not depend on that alone.
  const query = useGetInvoiceQuery(key ?? { uid: '', invoiceId: '' }, {
    skip: !own || key.invoiceId.startsWith('KOR-'),
  });

  if (!uid) return <LoadingRows label="Wczytywanie faktury" rows={4} />;
  if (!own || !key) return <InvoiceUnavailable invoiceKey={invoiceKey} />;
  if (key.invoiceId.startsWith('KOR-')) return <CorrectionDetail uid={uid} correctionId={key.invoiceId} />;
  const refused = query.isError && /permission/i.test(String(query.error?.code));
  if (refused || (query.isSuccess && !query.data)) return <InvoiceUnavailable invoiceKey={invoiceKey} />;
  return (
    <DataGate
      query={query}
      what="faktury"
      rows={6}
      onRetry={() => void query.refetch()}
      frame={(state) => <PageFrame>{state}</PageFrame>}
    >
      {query.data && <LoadedInvoice invoice={query.data} invoiceRef={key} />}
    </DataGate>
  );
}

function LoadedInvoice({ invoice, invoiceRef }: { invoice: Invoice; invoiceRef: InvoiceKey }) {
  const ksef = useInvoiceKsef(invoiceRef, invoice);
  const { data: ksefRecord } = useGetKsefRecordQuery(invoiceRef);
  async function downloadPdf() {
    await downloadInvoicePdf(invoice, ksef);
  }
  return (
    <DocumentPage
      title={`Faktura ${invoice.number}`}
      downloadPdf={downloadPdf}
      xmlButton={<KsefXmlButton invoice={invoice} record={ksefRecord} />}
    >
      <InvoiceDocument invoice={invoice}>{ksef && <KsefKodI info={ksef} />}</InvoiceDocument>
    </DocumentPage>
  );
}
