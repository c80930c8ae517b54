import { useMemo, useState } from 'react';
import { Group, SegmentedControl } from '@mantine/core';
import { choicesOf } from '../../shared/ui/choices';
import { DataTable } from '../../shared/ui/DataTable';
import { ResultAlert, type ActionResult } from '../../shared/ui/ResultAlert';
import { useGetAllOrdersQuery, type OrderEntry } from '../orders';
import { useGetAllRefundsQuery } from '../refunds';
import { ExpiryRun } from './ExpiryRun';
import { orderColumns, useOrderActions } from './orderParts';
import { ReservationCheck } from './ReservationCheck';
import { useSearchField } from './ui';
import { TitledStack } from '../../shared/ui/TitledStack';

const PAGE = 100;
const STATUS_FILTERS = choicesOf({ pending: 'Oczekujące', paid: 'Opłacone', cancelled: 'Anulowane', all: 'Wszystkie' });

function filterOrders(orders: readonly OrderEntry[], status: string, search: string): OrderEntry[] {
  const q = search.trim().toLowerCase();
  return orders.filter(
    (o) =>
      (status === 'all' || o.status === status) &&
      (!q || o.number.toLowerCase().includes(q) || o.buyer.email.toLowerCase().includes(q)),
  );
}

export function OrdersTab() {
  const orders = useGetAllOrdersQuery();
  const refunds = useGetAllRefundsQuery();
  const [status, setStatus] = useState('pending');
  const { query, field: searchField } = useSearchField({
    label: 'Szukaj po numerze lub e-mailu',
    placeholder: 'Numer zamówienia lub e-mail',
    style: { flex: 1, minWidth: 220 },
    testId: 'orders-search',
  });
  const [result, setResult] = useState<ActionResult | null>(null);
  const { actions, dialog } = useOrderActions(setResult);
  const shown = useMemo(() => filterOrders(orders.data ?? [], status, query), [orders.data, status, query]);
  // Read once when the tab opens: a deadline that passes while it is open turns red on the next visit.
  const [openedAt] = useState(() => Date.now());

  return (
    <TitledStack title="Zamówienia" titleSize="xl">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl value={status} onChange={setStatus} aria-label="Status zamówienia" data={STATUS_FILTERS} />
        {searchField}
      </Group>
      <ResultAlert result={result} onClose={() => setResult(null)} />
      <DataTable
        label="Lista zamówień"
        columns={orderColumns(openedAt, (o) => refunds.data?.[o.id]?.refunded, actions)}
        rows={shown}
        rowKey={(o) => o.id}
        rowProps={(o) => ({ 'data-testid': 'order-row', 'data-number': o.number })}
        minWidth={900}
        limit={PAGE}
        overflow={(limit, total) => `Pokazano ${limit} z ${total} zamówień — zawęź wyszukiwanie.`}
        source={orders}
        what="zamówień"
        loadingRows={5}
        empty={{
          title: 'Brak zamówień',
          children:
            query || status !== 'all' ? 'Żadne zamówienie nie pasuje do filtrów.' : 'Nikt jeszcze nic nie zamówił.',
        }}
      />
      <ExpiryRun />
      <ReservationCheck />
      {dialog}
    </TitledStack>
  );
}
