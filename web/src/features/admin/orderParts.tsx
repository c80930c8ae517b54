// The orders tab's parts: the status cell, the row actions behind confirmations, the columns.
import type { ReactNode } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { isCancellable, isPaidByDiscount, ORDER_STATUS_LABELS, type OrderStatus } from '@domain/orderState';
import { CANCEL_REASON_LABELS } from '@domain/limits';
import { orderLineSummary } from '@domain/orderLines';
import { ORDER_REFUND_STATE_LABELS, orderRefundState, type OrderRefundState } from '@domain/refunds';
import { formatDateTime, formatDeadline, formatMoney } from '../../shared/format/pl';
import type { DataColumn } from '../../shared/ui/DataTable';
import { useConfirm } from '../../shared/ui/ConfirmAction';
import type { ActionResult } from '../../shared/ui/ResultAlert';
import { callFunction } from '../../shared/firebase';
import type { OrderEntry } from '../orders';
import { StartRefundButton } from '../refunds';
import { moneyColumn } from '../../shared/ui/moneyColumn';
import { Hint } from '../../shared/ui/Hint';

const STATUS_COLORS: Record<OrderStatus, string> = { pending: 'orange', paid: 'green', cancelled: 'gray' };

function lineSummary(o: OrderEntry): string {
  return Object.entries(o.lines ?? {})
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([, l]) => orderLineSummary(l))
    .join('; ');
}

function OrderStatusCell({
  order: o,
  openedAt,
  refundState,
}: {
  order: OrderEntry;
  openedAt: number;
  refundState: OrderRefundState;
}) {
  // A paid order its corrections took back (in part or whole) is no longer plainly „opłacone”.
  const refunded = o.status === 'paid' && refundState !== 'none' ? refundState : null;
  return (
    <>
      <Badge
        color={refunded ? 'grape' : STATUS_COLORS[o.status]}
        variant="light"
        data-testid="order-status"
        data-refund={refunded ?? undefined}
      >
        {refunded ? ORDER_REFUND_STATE_LABELS[refunded] : ORDER_STATUS_LABELS[o.status]}
      </Badge>
      {o.invoiceNumber && <Hint size="xs">{o.invoiceNumber}</Hint>}
      {o.status === 'pending' && o.payBy !== undefined && (
        <Text size="xs" c={o.payBy < openedAt ? 'red' : 'dimmed'} data-testid="order-pay-by">
          termin: {formatDeadline(o.payBy)}
        </Text>
      )}
      {o.status === 'cancelled' && o.cancelReason && <Hint size="xs">{CANCEL_REASON_LABELS[o.cancelReason]}</Hint>}
    </>
  );
}

/** What the admin can do with an order in its state — confirm, cancel, refund, book a late payment — each asked first. */
export function useOrderActions(setResult: (r: ActionResult | null) => void): {
  actions: (o: OrderEntry) => ReactNode;
  dialog: ReactNode;
} {
  const { ask, dialog } = useConfirm({ onResult: setResult });
  const confirmPayment = (o: OrderEntry) =>
    ask({
      title: 'Potwierdzenie płatności',
      body: (
        <>
          Potwierdzić wpływ przelewu <b>{formatMoney(o.totals.gross)}</b> za zamówienie <b>{o.number}</b> (
          {o.buyer.email})? Zostanie wystawiona faktura VAT — tej operacji nie można cofnąć.
        </>
      ),
      confirmLabel: 'Potwierdź płatność',
      color: 'green',
      run: async () => {
        const out = await callFunction('confirmPayment', { orderId: o.id });
        return `Zamówienie ${o.number} opłacone. Wystawiono fakturę ${out.invoiceNumber}.`;
      },
    });
  const bookLatePayment = (o: OrderEntry) =>
    ask({
      title: 'Spóźniona wpłata',
      body: (
        <>
          Zamówienie <b>{o.number}</b> ({o.buyer.email}) zostało anulowane z braku wpłaty w terminie. Zaksięgować
          przelew <b>{formatMoney(o.totals.gross)}</b>? Bilety i sztuki zostaną zarezerwowane ponownie (jeśli są jeszcze
          dostępne) i zostanie wystawiona faktura VAT.
        </>
      ),
      confirmLabel: 'Zaksięguj wpłatę',
      color: 'green',
      run: async () => {
        const out = await callFunction('confirmPayment', { orderId: o.id });
        return `Zamówienie ${o.number} opłacone po terminie. Wystawiono fakturę ${out.invoiceNumber}.`;
      },
    });
  const cancel = (o: OrderEntry) =>
    ask({
      title: 'Anulowanie zamówienia',
      body: isPaidByDiscount(o) ? (
        <>
          Anulować zamówienie <b>{o.number}</b> ({o.buyer.email}) opłacone w całości kodem rabatowym
          {o.discount && <b> {o.discount.code}</b>}? Bilety i sztuki wrócą do puli, pozycje do odbioru zostaną usunięte,
          a kodu będzie można użyć ponownie.
        </>
      ) : (
        <>
          Anulować zamówienie <b>{o.number}</b> ({o.buyer.email}, {formatMoney(o.totals.gross)})? Bilety i sztuki wrócą
          do puli.
        </>
      ),
      confirmLabel: 'Anuluj zamówienie',
      color: 'red',
      run: async () => {
        await callFunction('cancelOrder', { orderId: o.id });
        return `Zamówienie ${o.number} anulowane.`;
      },
    });

  const actions = (o: OrderEntry) => {
    const cancelButton = isCancellable(o) && (
      <Button size="xs" variant="subtle" color="red" onClick={() => cancel(o)}>
        Anuluj
      </Button>
    );
    if (o.status === 'pending')
      return (
        <>
          <Button size="xs" color="green" onClick={() => confirmPayment(o)}>
            Potwierdź płatność
          </Button>
          {cancelButton}
        </>
      );
    // Paid by a discount code, no invoice: nothing to refund, cancelled instead (domain/orderState.ts).
    if (isPaidByDiscount(o)) return cancelButton || null;
    if (o.status === 'paid') return <StartRefundButton order={o} />;
    if (o.cancelReason === 'expired' && o.released === true)
      return (
        <Button size="xs" variant="light" color="green" onClick={() => bookLatePayment(o)}>
          Zaksięguj spóźnioną wpłatę
        </Button>
      );
    return null;
  };
  return { actions, dialog };
}

/** The table's columns; `refunded` gives an order's refunded lines (for the status), `openedAt` when the tab opened. */
export function orderColumns(
  openedAt: number,
  refunded: (o: OrderEntry) => Parameters<typeof orderRefundState>[1],
  actions: (o: OrderEntry) => ReactNode,
): DataColumn<OrderEntry>[] {
  return [
    { key: 'number', header: 'Numer', td: { ff: 'monospace', fw: 600 }, cell: (o) => o.number },
    { key: 'created', header: 'Złożone', cell: (o) => formatDateTime(o.createdAt) },
    {
      key: 'buyer',
      header: 'Nabywca',
      cell: (o) => (
        <>
          <Text size="sm">{o.buyer.email}</Text>
          <Hint size="xs">{o.buyer.invoice.name}</Hint>
        </>
      ),
    },
    {
      key: 'lines',
      header: 'Pozycje',
      td: { maw: 280, miw: 130 },
      cell: (o) => (
        <Text size="sm" lineClamp={2}>
          {lineSummary(o)}
        </Text>
      ),
    },
    moneyColumn('gross', 'Kwota', (o) => o.totals.gross),
    {
      key: 'status',
      header: 'Status',
      cell: (o) => (
        <OrderStatusCell order={o} openedAt={openedAt} refundState={orderRefundState(o.lines, refunded(o))} />
      ),
    },
    {
      key: 'actions',
      cell: (o) => {
        const buttons = actions(o);
        return (
          buttons && (
            // The buttons stack rather than squeeze the status and lines columns on a 1024 px screen.
            <Group gap={6} justify="flex-end">
              {buttons}
            </Group>
          )
        );
      },
    },
  ];
}
