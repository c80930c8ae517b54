import { useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@domain/orderState';
import { CANCEL_REASON_LABELS } from '@domain/limits';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { callAdmin, useAdminOrdersQuery, type AdminOrder } from './api';
import { StartRefundButton } from '../refunds';
import { ExpiryRun } from './ExpiryRun';
import { ReservationCheck } from './ReservationCheck';
import { ResultAlert, useConfirm, type ActionResult } from './ui';

const STATUS_COLORS: Record<OrderStatus, string> = { pending: 'orange', paid: 'green', cancelled: 'gray' };
const PAGE = 100;

export function filterOrders(orders: readonly AdminOrder[], status: string, search: string): AdminOrder[] {
  const q = search.trim().toLowerCase();
  return orders.filter(
    (o) => (status === 'all' || o.status === status) && (!q || o.number.toLowerCase().includes(q) || o.buyer.email.toLowerCase().includes(q)),
  );
}

function lineSummary(o: AdminOrder): string {
  return Object.values(o.lines ?? {})
    .map((l) => (l.type === 'merch' ? `${l.name} (${l.variantLabel}) × ${l.quantity}` : `${l.name} — ${l.memberName}`))
    .join('; ');
}

export function OrdersTab() {
  const orders = useAdminOrdersQuery();
  const [status, setStatus] = useState('pending');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [result, setResult] = useState<ActionResult | null>(null);
  const { ask, dialog } = useConfirm(setResult);
  const shown = useMemo(() => filterOrders(orders.data ?? [], status, debounced), [orders.data, status, debounced]);
  // Read once when the tab opens: a deadline that passes while it is open turns red on the next visit.
  const [openedAt] = useState(() => Date.now());

  const confirmPayment = (o: AdminOrder) =>
    ask({
      title: 'Potwierdzenie płatności',
      body: (
        <>
          Potwierdzić wpływ przelewu <b>{formatMoney(o.totals.gross)}</b> za zamówienie <b>{o.number}</b> ({o.buyer.email})? Zostanie wystawiona faktura VAT — tej
          operacji nie można cofnąć.
        </>
      ),
      confirmLabel: 'Potwierdź płatność',
      color: 'green',
      run: async () => {
        const out = await callAdmin('confirmPayment', { orderId: o.id });
        return `Zamówienie ${o.number} opłacone. Wystawiono fakturę ${out.invoiceNumber}.`;
      },
    });
  const bookLatePayment = (o: AdminOrder) =>
    ask({
      title: 'Spóźniona wpłata',
      body: (
        <>
          Zamówienie <b>{o.number}</b> ({o.buyer.email}) zostało anulowane z braku wpłaty w terminie. Zaksięgować przelew <b>{formatMoney(o.totals.gross)}</b>? Bilety i
          sztuki zostaną zarezerwowane ponownie (jeśli są jeszcze dostępne) i zostanie wystawiona faktura VAT.
        </>
      ),
      confirmLabel: 'Zaksięguj wpłatę',
      color: 'green',
      run: async () => {
        const out = await callAdmin('confirmPayment', { orderId: o.id });
        return `Zamówienie ${o.number} opłacone po terminie. Wystawiono fakturę ${out.invoiceNumber}.`;
      },
    });
  const cancel = (o: AdminOrder) =>
    ask({
      title: 'Anulowanie zamówienia',
      body: (
        <>
          Anulować zamówienie <b>{o.number}</b> ({o.buyer.email}, {formatMoney(o.totals.gross)})? Bilety i sztuki wrócą do puli.
        </>
      ),
      confirmLabel: 'Anuluj zamówienie',
      color: 'red',
      run: async () => {
        await callAdmin('cancelOrder', { orderId: o.id });
        return `Zamówienie ${o.number} anulowane.`;
      },
    });

  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Zamówienia
      </Title>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          value={status}
          onChange={setStatus}
          aria-label="Status zamówienia"
          data={[
            { value: 'pending', label: 'Oczekujące' },
            { value: 'paid', label: 'Opłacone' },
            { value: 'cancelled', label: 'Anulowane' },
            { value: 'all', label: 'Wszystkie' },
          ]}
        />
        <TextInput
          aria-label="Szukaj po numerze lub e-mailu"
          placeholder="Numer zamówienia lub e-mail"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
          data-testid="orders-search"
        />
      </Group>
      <ResultAlert result={result} onClose={() => setResult(null)} />
      {orders.isLoading ? (
        <LoadingRows label="Wczytywanie zamówień" rows={5} />
      ) : orders.isError ? (
        <LoadError onRetry={orders.refetch}>Nie udało się wczytać zamówień.</LoadError>
      ) : shown.length === 0 ? (
        <EmptyState title="Brak zamówień">{debounced || status !== 'all' ? 'Żadne zamówienie nie pasuje do filtrów.' : 'Nikt jeszcze nic nie zamówił.'}</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" striped aria-label="Lista zamówień">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Numer</Table.Th>
                  <Table.Th>Złożone</Table.Th>
                  <Table.Th>Nabywca</Table.Th>
                  <Table.Th>Pozycje</Table.Th>
                  <Table.Th ta="right">Kwota</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.slice(0, PAGE).map((o) => (
                  <Table.Tr key={o.id} data-testid="order-row" data-number={o.number}>
                    <Table.Td ff="monospace" fw={600}>
                      {o.number}
                    </Table.Td>
                    <Table.Td>{formatDateTime(o.createdAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{o.buyer.email}</Text>
                      <Text size="xs" c="dimmed">
                        {o.buyer.invoice.name}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={280}>
                      <Text size="sm" lineClamp={2}>
                        {lineSummary(o)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(o.totals.gross)}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[o.status]} variant="light" data-testid="order-status">
                        {ORDER_STATUS_LABELS[o.status]}
                      </Badge>
                      {o.invoiceNumber && (
                        <Text size="xs" c="dimmed">
                          {o.invoiceNumber}
                        </Text>
                      )}
                      {o.status === 'pending' && o.payBy !== undefined && (
                        <Text size="xs" c={o.payBy < openedAt ? 'red' : 'dimmed'} data-testid="order-pay-by">
                          termin: {formatDate(o.payBy)}
                        </Text>
                      )}
                      {o.status === 'cancelled' && o.cancelReason && (
                        <Text size="xs" c="dimmed">
                          {CANCEL_REASON_LABELS[o.cancelReason]}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {o.status === 'pending' && (
                        <Group gap={6} wrap="nowrap" justify="flex-end">
                          <Button size="xs" color="green" onClick={() => confirmPayment(o)}>
                            Potwierdź płatność
                          </Button>
                          <Button size="xs" variant="subtle" color="red" onClick={() => cancel(o)}>
                            Anuluj
                          </Button>
                        </Group>
                      )}
                      {o.status === 'paid' && (
                        <Group gap={6} wrap="nowrap" justify="flex-end">
                          <StartRefundButton order={o} />
                        </Group>
                      )}
                      {o.status === 'cancelled' && o.cancelReason === 'expired' && o.released === true && (
                        <Group gap={6} wrap="nowrap" justify="flex-end">
                          <Button size="xs" variant="light" color="green" onClick={() => bookLatePayment(o)}>
                            Zaksięguj spóźnioną wpłatę
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {shown.length > PAGE && (
            <Text size="sm" c="dimmed" p="sm">
              Pokazano {PAGE} z {shown.length} zamówień — zawęź wyszukiwanie.
            </Text>
          )}
        </Paper>
      )}
      <ExpiryRun />
      <ReservationCheck />
      {dialog}
    </Stack>
  );
}
