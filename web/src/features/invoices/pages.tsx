import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/store/hooks';
import { formatMoney } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { ErrorPage } from '../../shared/ui/ErrorPage';
import { PageFrame } from '../../shared/ui/PageFrame';
import { selectUser } from '../auth';
import { CorrectionDetail, useGetMyCorrectionsQuery } from '../refunds';
import type { Invoice } from '@domain/schemas';
import { KsefKodI, KsefXmlButton, useGetKsefRecordQuery, useInvoiceKsef } from '../ksef';
import { parseInvoiceKey, useGetInvoiceQuery, useGetMyInvoicesQuery, type InvoiceKey } from './api';
import { InvoiceDocument, isoToPolishDate } from './InvoiceDocument';

const INVOICES = '/dashboard/faktury';

export function InvoicesPage() {
  const uid = useAppSelector(selectUser)?.uid ?? '';
  const { data, isLoading, isError, refetch } = useGetMyInvoicesQuery(uid, { skip: !uid });
  const corrections = useGetMyCorrectionsQuery(uid, { skip: !uid }).data ?? [];
  return (
    <PageFrame>
      {isLoading || !uid ? (
        <LoadingRows label="Wczytywanie faktur" rows={3} />
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Nie udało się wczytać faktur.</LoadError>
      ) : !data || data.length === 0 ? (
        <EmptyState title="Nie masz jeszcze faktur">
          Fakturę VAT wystawiamy automatycznie, gdy organizator zaksięguje Twój przelew. Pojawi się tutaj od razu.
        </EmptyState>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
          <Table.ScrollContainer minWidth={340}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Moje faktury" data-testid="invoice-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Numer</Table.Th>
                  <Table.Th>Data wystawienia</Table.Th>
                  <Table.Th ta="right">Kwota brutto</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((inv) => (
                  <Table.Tr key={inv.id} data-testid="invoice-row">
                    <Table.Td>
                      <Button component={Link} to={`${INVOICES}/${uid}-${inv.id}`} variant="subtle" px={4} aria-label={`Faktura ${inv.number}`}>
                        {inv.number}
                      </Button>
                      <Text size="xs" c="dimmed" px={4}>
                        zamówienie {inv.orderNumber}
                      </Text>
                      {corrections
                        .filter((c) => c.corrected.invoiceId === inv.id)
                        .map((c) => (
                          <Button key={c.id} component={Link} to={`${INVOICES}/${uid}-${c.id}`} variant="subtle" size="xs" px={4} display="block" data-testid="correction-link">
                            Faktura korygująca {c.number} ({formatMoney(c.totals.gross)})
                          </Button>
                        ))}
                    </Table.Td>
                    <Table.Td>{isoToPolishDate(inv.issueDate)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(inv.totals.gross)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </PageFrame>
  );
}

/** Same view for "someone else's invoice" and "no such invoice": nothing tells the two apart, no data is shown. */
function InvoiceUnavailable({ invoiceKey }: { invoiceKey: string }) {
  return (
    <ErrorPage
      status={404}
      message={`Faktura niedostępna: ${invoiceKey}`}
      description="Nie znaleziono takiej faktury na Twoim koncie. Sprawdź adres albo wróć do listy faktur."
      homeHref={INVOICES}
    />
  );
}

export function InvoiceDetailPage() {
  const uid = useAppSelector(selectUser)?.uid ?? '';
  const { invoiceKey = '' } = useParams();
  const key = parseInvoiceKey(invoiceKey);
  const own = key !== null && key.uid === uid;
  // Another user's invoice is never even requested: the rules would refuse it, and the page must not depend on that alone.
  const { data, isLoading, isError, error, refetch } = useGetInvoiceQuery(key ?? { uid: '', invoiceId: '' }, { skip: !own || key.invoiceId.startsWith('KOR-') });

  if (!uid) return <LoadingRows label="Wczytywanie faktury" rows={4} />;
  if (!own || !key) return <InvoiceUnavailable invoiceKey={invoiceKey} />;
  if (key.invoiceId.startsWith('KOR-')) return <CorrectionDetail uid={uid} correctionId={key.invoiceId} />;
  if (isLoading) return <LoadingRows label="Wczytywanie faktury" rows={6} />;
  if (isError && error && 'code' in error && /permission/i.test(String(error.code))) return <InvoiceUnavailable invoiceKey={invoiceKey} />;
  if (isError)
    return (
      <PageFrame>
        <LoadError onRetry={() => void refetch()}>Nie udało się wczytać faktury.</LoadError>
      </PageFrame>
    );
  if (!data) return <InvoiceUnavailable invoiceKey={invoiceKey} />;
  return <LoadedInvoice invoice={data} invoiceRef={key} />;
}

function LoadedInvoice({ invoice, invoiceRef }: { invoice: Invoice; invoiceRef: InvoiceKey }) {
  const [pdfState, setPdfState] = useState<'idle' | 'busy' | 'error'>('idle');
  const ksef = useInvoiceKsef(invoiceRef, invoice);
  const { data: ksefRecord } = useGetKsefRecordQuery(invoiceRef);

  async function downloadPdf() {
    setPdfState('busy');
    try {
      const { downloadInvoicePdf } = await import('./pdf/invoicePdf');
      await downloadInvoicePdf(invoice, ksef ? { number: ksef.record.ksefNumber, link: ksef.link } : undefined);
      setPdfState('idle');
    } catch {
      setPdfState('error');
    }
  }

  return (
    <PageFrame
      title={`Faktura ${invoice.number}`}
      actions={
        <Group gap="xs" data-print-hide>
          <Button onClick={() => void downloadPdf()} loading={pdfState === 'busy'}>
            Pobierz PDF
          </Button>
          <KsefXmlButton invoice={invoice} record={ksefRecord} />
          <Button variant="default" onClick={() => window.print()}>
            Drukuj
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        {pdfState === 'error' && (
          <Alert color="red" variant="light" role="alert" data-print-hide>
            Nie udało się przygotować pliku PDF. Możesz użyć przycisku „Drukuj” i wybrać „Zapisz jako PDF”.
          </Alert>
        )}
        <InvoiceDocument invoice={invoice}>{ksef && <KsefKodI info={ksef} />}</InvoiceDocument>
        <Group data-print-hide>
          <Button component={Link} to={INVOICES} variant="subtle">
            ← Wszystkie faktury
          </Button>
        </Group>
      </Stack>
    </PageFrame>
  );
}
