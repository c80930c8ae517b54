import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { lineLabel, REFUND_REQUEST_STATUS_LABELS, REFUND_TRANSFER_STATUS_LABELS, type OrderRefunds, type RefundRequest } from '@domain/refunds';
import type { Order } from '@domain/schemas';
import { formatDateTime, formatMoney } from '../../shared/format/pl';
import { useAdminOrdersQuery } from '../admin';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { refusalOf } from '../../shared/ui/formErrors';
import { approveRefund, markRefundTransferred, parseZloty, rejectRefund, useGetAllRefundsQuery } from './api';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());

/** Admin „Zwroty”: open requests to decide, refunds to transfer, and what was refunded. */
export function RefundsTab() {
  const { data, isLoading, isError, refetch } = useGetAllRefundsQuery();
  // Line names come from the orders (a refund record keeps only line ids).
  const orders = useAdminOrdersQuery().data;
  const orderById = new Map((orders ?? []).map((o) => [o.id, o]));
  if (isLoading) return <LoadingRows label="Wczytywanie zwrotów" rows={3} />;
  if (isError) return <LoadError onRetry={() => void refetch()}>Nie udało się wczytać zwrotów.</LoadError>;
  const entries = Object.entries(data ?? {});
  const open = entries.flatMap(([orderId, r]) => Object.entries(r.requests ?? {}).filter(([, q]) => q.status === 'open').map(([requestId, q]) => ({ orderId, refunds: r, requestId, request: q })));
  const transfers = entries
    .flatMap(([orderId, r]) => Object.entries(r.corrections ?? {}).map(([correctionId, c]) => ({ orderId, orderNumber: r.orderNumber, correctionId, transfer: c })))
    .sort((a, b) => b.transfer.createdAt - a.transfer.createdAt);
  const refunded = transfers.reduce((s, t) => s + t.transfer.amount, 0);
  return (
    <Stack gap="lg" data-testid="refunds-tab">
      <Title order={2} fz="lg">
        Prośby o zwrot ({open.length})
      </Title>
      {open.length === 0 ? (
        <EmptyState title="Brak próśb o zwrot">Nowe prośby uczestników pojawią się tutaj od razu.</EmptyState>
      ) : (
        open.map((o) => <RequestCard key={o.requestId} {...o} order={orderById.get(o.orderId)} />)
      )}
      <Title order={2} fz="lg">
        Zwroty ({transfers.length}) · razem {formatMoney(refunded)}
      </Title>
      {transfers.map((t) => (
        <TransferRow key={t.correctionId} {...t} />
      ))}
    </Stack>
  );
}

function RequestCard({ orderId, refunds, requestId, request, order }: { orderId: string; refunds: OrderRefunds; requestId: string; request: RefundRequest; order?: Order }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [goodsNotReturned, setGoodsNotReturned] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(refusalOf(e).message);
    } finally {
      setBusy(false);
    }
  }
  function approve() {
    const grosze = amount.trim() ? parseZloty(amount) : undefined;
    if (grosze === null) return setError('Podaj kwotę, np. 129,00');
    return run(() => approveRefund({ orderId, requestId, ...(grosze !== undefined ? { amount: grosze } : {}), ...(reason.trim() ? { reason } : {}), ...(goodsNotReturned ? { goodsNotReturned } : {}) }));
  }
  function reject() {
    if (!reason.trim()) return setError('Podaj powód odrzucenia');
    return run(() => rejectRefund({ orderId, requestId, reason }));
  }
  return (
    <Paper withBorder radius="lg" p="md" data-testid="refund-request-card" data-order-number={refunds.orderNumber}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>
            Zamówienie {refunds.orderNumber} · faktura {refunds.invoiceNumber}
          </Text>
          <Badge color="orange" variant="light">
            {REFUND_REQUEST_STATUS_LABELS[request.status]}
          </Badge>
        </Group>
        <Text size="sm">
          Pozycje: {Object.entries(request.lines).map(([lineId, q]) => `${order?.lines[lineId] ? lineLabel(order.lines[lineId]) : lineId} × ${q}`).join(', ')} · konto {request.bankAccount}
        </Text>
        {Object.keys(request.lines)
          .filter((lineId) => refunds.returns?.[lineId])
          .map((lineId) => (
            <Text key={lineId} size="sm" c="teal.8" data-testid="refund-goods-returned">
              Przyjęto zwrot w punkcie odbioru: {order?.lines[lineId] ? lineLabel(order.lines[lineId]) : lineId} ({refunds.returns![lineId].byName}, {formatDateTime(refunds.returns![lineId].at)})
            </Text>
          ))}
        {request.note && <Text size="sm" c="dimmed">„{request.note}”</Text>}
        <Group align="flex-end" gap="xs">
          <TextInput label="Kwota zwrotu (zł)" description="puste = całość" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} w={160} />
          <TextInput label="Powód" description="wymagany przy niższej kwocie i odrzuceniu" value={reason} onChange={(e) => setReason(e.currentTarget.value)} style={{ flex: 1 }} />
        </Group>
        <Checkbox label="Zwrot pieniędzy bez zwrotu towaru" checked={goodsNotReturned} onChange={(e) => setGoodsNotReturned(e.currentTarget.checked)} />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" color="red" onClick={() => void reject()} loading={busy}>
            Odrzuć
          </Button>
          <Button onClick={() => void approve()} loading={busy}>
            Zatwierdź zwrot
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function TransferRow({ orderId, orderNumber, correctionId, transfer }: { orderId: string; orderNumber: string; correctionId: string; transfer: NonNullable<OrderRefunds['corrections']>[string] }) {
  const [date, setDate] = useState(today());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function mark() {
    setBusy(true);
    setError(null);
    try {
      await markRefundTransferred({ orderId, correctionId, transferredOn: date });
    } catch (e) {
      setError(refusalOf(e).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder radius="md" p="sm" data-testid="refund-transfer-row" data-status={transfer.status} data-correction={transfer.number}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {transfer.number} · zamówienie {orderNumber} · {formatMoney(transfer.amount)}
          {transfer.fee > 0 ? ` (potrącono ${formatMoney(transfer.fee)})` : ''} · konto {transfer.bankAccount}
          {transfer.goodsNotReturned ? ' · bez zwrotu towaru' : ''}
        </Text>
        {transfer.status === 'due' ? (
          <Group gap="xs">
            <TextInput type="date" aria-label="Data przelewu" value={date} onChange={(e) => setDate(e.currentTarget.value)} size="xs" />
            <Button size="xs" onClick={() => void mark()} loading={busy}>
              Oznacz jako przelane
            </Button>
          </Group>
        ) : (
          <Badge color="teal" variant="light">
            {REFUND_TRANSFER_STATUS_LABELS[transfer.status]} {transfer.transferredOn?.split('-').reverse().join('.')}
          </Badge>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Paper>
  );
}
