import { memo, useState } from 'react';
import { Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CANCEL_REASON_LABELS } from '@domain/limits';
import { isCancellable, isPaidByDiscount, ORDER_STATUS_LABELS, type OrderStatus } from '@domain/orderState';
import { ORDER_REFUND_STATE_LABELS, orderRefundState, type OrderRefundState } from '@domain/refunds';
import type { Seller } from '@domain/schemas';
import { formatDateTime, formatMoney } from '../../shared/format/pl';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { OrderLinesTable } from './OrderLinesTable';
import { LiveStatus, useStatusAnnouncement } from '../../shared/ui/LiveStatus';
import { PageFrame } from '../../shared/ui/PageFrame';
import { payeeOf, TransferInstructions } from './TransferInstructions';
import { ConfirmDialog, useConfirm } from '../../shared/ui/ConfirmAction';
import { useUid } from '../auth';
import { OnlinePaymentChoice } from '../payments';
import { OrderRefundPanel, useGetOrderRefundsQuery } from '../refunds';
import { useGetPaymentSellerQuery } from '../catalogue';
import { cancelOrder, orderLines, useGetMyOrdersQuery, type OrderEntry } from './api';
import { PlainList } from '../../shared/ui/PlainList';
import { Hint } from '../../shared/ui/Hint';

const STATUS_COLORS: Record<OrderStatus, string> = { pending: 'orange', paid: 'teal', cancelled: 'gray' };

/** The order's status; a paid order its corrections took back (in part or whole) says so instead of „opłacone”. */
function OrderStatusBadge({ status, refundState = 'none' }: { status: OrderStatus; refundState?: OrderRefundState }) {
  const refunded = status === 'paid' && refundState !== 'none' ? refundState : null;
  return (
    <Badge
      color={refunded ? 'grape' : STATUS_COLORS[status]}
      variant="light"
      size="lg"
      data-testid="order-status"
      data-status={status}
      data-refund={refunded ?? undefined}
    >
      {refunded ? ORDER_REFUND_STATE_LABELS[refunded] : ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

function LiveOrderStatusBadge({ order }: { order: OrderEntry }) {
  const { data: refunds } = useGetOrderRefundsQuery(order.id, { skip: order.status !== 'paid' || !order.invoiceId });
  return <OrderStatusBadge status={order.status} refundState={orderRefundState(order.lines, refunds?.refunded)} />;
}

function OrderLines({ order }: { order: OrderEntry }) {
  return (
    <OrderLinesTable
      lines={orderLines(order)}
      label={`Pozycje zamówienia ${order.number}`}
      verticalSpacing={6}
      fz="sm"
    />
  );
}

/** Memoised: the live list keeps unchanged orders' objects (structural sharing), so one order turning paid re-renders one card. */
const OrderCard = memo(function OrderCard({
  order,
  seller,
  uid,
  onCancel,
}: {
  order: OrderEntry;
  seller: Seller | null;
  uid: string;
  onCancel: (o: OrderEntry) => void;
}) {
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="order-card"
      data-order-id={order.id}
      data-order-number={order.number}
      data-status={order.status}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              Zamówienie {order.number}
            </Title>
            <Hint>
              {order.kind === 'tickets' ? 'Bilety' : 'Sklepik'} · złożone {formatDateTime(order.createdAt)}
              {order.paidAt ? ` · opłacone ${formatDateTime(order.paidAt)}` : ''}
              {order.cancelledAt ? ` · anulowane ${formatDateTime(order.cancelledAt)}` : ''}
            </Hint>
            {order.status === 'cancelled' && order.cancelReason && (
              <Text size="sm" c="red" data-testid="order-cancel-reason">
                anulowane: {CANCEL_REASON_LABELS[order.cancelReason]}
              </Text>
            )}
          </Stack>
          <LiveOrderStatusBadge order={order} />
        </Group>
        <OrderLines order={order} />
        <Group justify="space-between">
          <Hint>w tym VAT {formatMoney(order.totals.vat)}</Hint>
          <Text fw={800} fz="lg" data-testid="order-total">
            Razem: {formatMoney(order.totals.gross)}
          </Text>
        </Group>
        {order.status === 'pending' && (
          <>
            <Divider />
            <OnlinePaymentChoice orderId={order.id} />
            {seller ? (
              <TransferInstructions
                {...payeeOf(seller)}
                amountGrosze={order.totals.gross}
                title={order.number}
                payBy={order.payBy}
              />
            ) : (
              <Hint>Dane do przelewu pojawią się, gdy organizator uzupełni numer konta.</Hint>
            )}
            {order.lock ? (
              <Hint>Płatność jest właśnie potwierdzana.</Hint>
            ) : (
              <CancelButton order={order} onCancel={onCancel} />
            )}
          </>
        )}
        {/* Paid by a discount code, no invoice: cancelled like a pending order (domain/orderState.ts). */}
        {order.status === 'paid' && <CancelButton order={order} onCancel={onCancel} />}
        {order.status === 'paid' && order.invoiceId && (
          <Group justify="flex-end">
            <Button component={Link} to={`/dashboard/faktury/${uid}-${order.invoiceId}`} variant="light">
              Faktura {order.invoiceNumber}
            </Button>
          </Group>
        )}
        {order.status === 'paid' && order.invoiceId && <OrderRefundPanel order={order} orderId={order.id} uid={uid} />}
      </Stack>
    </Paper>
  );
});

/** „Anuluj zamówienie” for an order the state machine lets its owner cancel (a pending one, or one a discount code paid). */
function CancelButton({ order, onCancel }: { order: OrderEntry; onCancel: (o: OrderEntry) => void }) {
  if (!isCancellable(order)) return null;
  return (
    <Group justify="flex-end">
      <Button variant="subtle" color="red" onClick={() => onCancel(order)}>
        Anuluj zamówienie
      </Button>
    </Group>
  );
}

function CancelModal({ order, onClose }: { order: OrderEntry | null; onClose: () => void }) {
  const { busy, error, setError, run } = useConfirm();
  async function confirm() {
    if (order && (await run(() => cancelOrder(order.id)))) onClose();
  }
  return (
    <ConfirmDialog
      opened={order !== null}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={<Text fw={700}>Anulować zamówienie {order?.number}?</Text>}
      busy={busy}
      error={error}
      cancelLabel="Nie, zostaw"
      confirmLabel="Tak, anuluj zamówienie"
      onConfirm={() => void confirm()}
    >
      {order && isPaidByDiscount(order) ? (
        <Text size="sm" data-testid="cancel-free-order">
          Zamówienie zostanie anulowane, a jego bilety i produkty wrócą do puli.
          {order.discount && (
            <>
              {' '}
              Kodu rabatowego <b>{order.discount.code}</b> będzie można użyć ponownie.
            </>
          )}
        </Text>
      ) : (
        <Text size="sm">
          Zamówienie zostanie anulowane, a zarezerwowane produkty i bilety wrócą do puli. Jeśli przelew został już
          wysłany, nie anuluj zamówienia — skontaktuj się z organizatorem.
        </Text>
      )}
    </ConfirmDialog>
  );
}

export function OrdersPage() {
  const uid = useUid() ?? '';
  const { data, isLoading, isError, refetch } = useGetMyOrdersQuery(uid, { skip: !uid });
  const seller = useGetPaymentSellerQuery();
  const [cancelling, setCancelling] = useState<OrderEntry | null>(null);
  const announcement = useStatusAnnouncement(
    data,
    (o) => o.id,
    (o) => o.status,
    (changed) => changed.map((o) => `Zamówienie ${o.number}: ${ORDER_STATUS_LABELS[o.status]}.`).join(' '),
  );
  // The modal keeps the order it was opened for even if the live list changes underneath.
  return (
    <PageFrame>
      <LiveStatus message={announcement} />
      <DataGate
        query={{ isLoading: isLoading || !uid, isError }}
        what="zamówień"
        onRetry={() => void refetch()}
        isEmpty={!data || data.length === 0}
        empty={
          <EmptyState
            title="Nie masz jeszcze zamówień"
            action={
              <Group justify="center">
                <Button component={Link} to="/dashboard/uczestnicy">
                  Kup bilety
                </Button>
                <Button component={Link} to="/dashboard/sklepik" variant="light">
                  Przejdź do sklepiku
                </Button>
              </Group>
            }
          >
            Tu pojawią się zamówienia biletów i gadżetów wraz z danymi do przelewu.
          </EmptyState>
        }
      >
        {uid && data && (
          <PlainList label="Moje zamówienia">
            {data.map((o) => (
              <OrderCard key={o.id} order={o} seller={seller.data ?? null} uid={uid} onCancel={setCancelling} />
            ))}
          </PlainList>
        )}
      </DataGate>
      <CancelModal order={cancelling} onClose={() => setCancelling(null)} />
    </PageFrame>
  );
}
