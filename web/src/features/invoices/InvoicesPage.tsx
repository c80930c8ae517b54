import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMoney, isoToPolishDate } from '../../shared/format/pl';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { moneyColumn } from '../../shared/ui/moneyColumn';
import { LoadingRows } from '../../shared/ui/DataState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { useUid } from '../auth';
import { useGetMyCorrectionsQuery, type CorrectionEntry } from '../refunds';
import { useGetMyInvoicesQuery, type InvoiceEntry } from './api';
import { INVOICES_PATH } from '../documents';
import { Hint } from '../../shared/ui/Hint';

/** `/dashboard/faktury`: the account's invoices, newest first, each with the corrections issued to it. */
export function InvoicesPage() {
  const uid = useUid() ?? '';
  const invoices = useGetMyInvoicesQuery(uid, { skip: !uid });
  const corrections = useGetMyCorrectionsQuery(uid, { skip: !uid }).data ?? [];
  if (!uid)
    return (
      <PageFrame>
        <LoadingRows label="Wczytywanie faktur" rows={3} />
      </PageFrame>
    );
  const columns: DataColumn<InvoiceEntry>[] = [
    {
      key: 'number',
      header: 'Numer',
      cell: (inv) => <InvoiceNumberCell uid={uid} invoice={inv} corrections={corrections} />,
    },
    { key: 'issued', header: 'Data wystawienia', cell: (inv) => isoToPolishDate(inv.issueDate) },
    moneyColumn('gross', 'Kwota brutto', (inv) => inv.totals.gross),
  ];
  return (
    <PageFrame>
      <DataTable
        label="Moje faktury"
        columns={columns}
        rows={invoices.data ?? []}
        rowKey={(inv) => inv.id}
        rowProps={() => ({ 'data-testid': 'invoice-row' })}
        minWidth={340}
        striped={false}
        source={invoices}
        what="faktur"
        empty={{
          title: 'Nie masz jeszcze faktur',
          children:
            'Fakturę VAT wystawiamy automatycznie, gdy organizator zaksięguje Twój przelew. Pojawi się tutaj od razu.',
        }}
      />
    </PageFrame>
  );
}

function InvoiceNumberCell({
  uid,
  invoice,
  corrections,
}: {
  uid: string;
  invoice: InvoiceEntry;
  corrections: CorrectionEntry[];
}) {
  return (
    <>
      <Button
        component={Link}
        to={`${INVOICES_PATH}/${uid}-${invoice.id}`}
        variant="subtle"
        px={4}
        aria-label={`Faktura ${invoice.number}`}
      >
        {invoice.number}
      </Button>
      <Hint size="xs" px={4}>
        zamówienie {invoice.orderNumber}
      </Hint>
      {corrections
        .filter((c) => c.corrected.invoiceId === invoice.id)
        .map((c) => (
          <Button
            key={c.id}
            component={Link}
            to={`${INVOICES_PATH}/${uid}-${c.id}`}
            variant="subtle"
            size="xs"
            px={4}
            display="block"
            data-testid="correction-link"
          >
            Faktura korygująca {c.number} ({formatMoney(c.totals.gross)})
          </Button>
        ))}
    </>
  );
}
