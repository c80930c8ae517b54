import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { parsePln } from '@domain/money';
import { Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  lineLabel,
  REFUND_REQUEST_STATUS_LABELS,
  refundTransferStatusLabel,
  type OrderRefunds,
  type RefundRequest,
} from '@domain/refunds';
import type { Order } from '@domain/schemas';
import { paidThroughProvider } from '@domain/payments/onlinePayment';
import { approveRefundInput, markRefundTransferredInput, rejectRefundInput } from '@domain/callables';
import { parseWith } from '@domain/issues';
import { warsawDate } from '@domain/numbering';
import { formatDateTime, formatMoney, isoToPolishDate } from '../../shared/format/pl';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { ErrorText } from '../../shared/ui/ErrorText';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { AccountNumber } from './AccountNumber';
import { RefundCaseCard } from './RefundCaseCard';
import { BankRefundCandidates } from './BankRefundCandidates';
import { useGetAllRefundsQuery } from './api';
import { callFunction } from '../../shared/firebase';
import { refundAmountError, refundableOf } from './refundAmount';
import { Hint } from '../../shared/ui/Hint';

/** The transfer date field, checked by the shared markRefundTransferred schema. */
const transferredOnSchema = markRefundTransferredInput.pick({ transferredOn: true });

/**
 * Admin „Zwroty”: open requests to decide, money to return (online payments — the slot the admin page
 * fills from payments — and transfers from the statement import), refunds to transfer. Line names
 * come from the orders (a refund record keeps only line ids), which the admin page passes in.
 */
export function RefundsTab({
  orders,
  onlineRefundCandidates,
}: {
  orders: readonly (Order & { id: string })[] | undefined;
  onlineRefundCandidates?: ReactNode;
}) {
  const refunds = useGetAllRefundsQuery();
  const orderById = new Map((orders ?? []).map((o) => [o.id, o]));
  const entries = Object.entries(refunds.data ?? {});
  const open = entries.flatMap(([orderId, r]) =>
    Object.entries(r.requests ?? {})
      .filter(([, q]) => q.status === 'open')
      .map(([requestId, q]) => ({ orderId, refunds: r, requestId, request: q })),
  );
  const transfers = entries
    .flatMap(([orderId, r]) =>
      Object.entries(r.corrections ?? {}).map(([correctionId, c]) => ({
        orderId,
        orderNumber: r.orderNumber,
        correctionId,
        transfer: c,
      })),
    )
    .sort((a, b) => b.transfer.createdAt - a.transfer.createdAt);
  const refunded = transfers.reduce((s, t) => s + t.transfer.amount, 0);
  return (
    <DataGate query={refunds} what="zwrotów" onRetry={() => void refunds.refetch()}>
      <Stack gap="lg" data-testid="refunds-tab">
        <Title order={2} fz="lg">
          Prośby o zwrot ({open.length})
        </Title>
        {open.length === 0 ? (
          <EmptyState title="Brak próśb o zwrot">Nowe prośby uczestników pojawią się tutaj od razu.</EmptyState>
        ) : (
          open.map((o) => <RequestCard key={o.requestId} {...o} order={orderById.get(o.orderId)} />)
        )}
        {onlineRefundCandidates}
        <BankRefundCandidates />
        <Title order={2} fz="lg">
          Zwroty ({transfers.length}) · razem {formatMoney(refunded)}
        </Title>
        {transfers.map((t) => (
          <TransferRow key={t.correctionId} {...t} online={paidThroughProvider(orderById.get(t.orderId) ?? {})} />
        ))}
      </Stack>
    </DataGate>
  );
}

type DecisionValues = { amount: string; reason: string; goodsNotReturned: boolean };

/** The approveRefund payload the admin's entries make (an empty amount = the whole request). */
function approvePayload(orderId: string, requestId: string, { amount, reason, goodsNotReturned }: DecisionValues) {
  // An amount that is not one is the form's own message (refundAmountError), not the payload's.
  const grosze = amount.trim() ? parsePln(amount) : null;
  return {
    orderId,
    requestId,
    ...(grosze !== null ? { amount: grosze } : {}),
    ...(reason.trim() ? { reason } : {}),
    ...(goodsNotReturned ? { goodsNotReturned } : {}),
  };
}

/** The shared approveRefund schema over the payload (a lower amount needs a reason), its messages on the form's fields. */
function approveSchema(orderId: string, requestId: string) {
  return z.custom<DecisionValues>().superRefine((values, ctx) => {
    const shared = parseWith(approveRefundInput, approvePayload(orderId, requestId, values));
    if (!shared.ok)
      for (const { field, message } of shared.all)
        ctx.addIssue({ code: 'custom', path: field === 'amount' || field === 'reason' ? [field] : [], message });
  });
}

function RequestCard({
  orderId,
  refunds,
  requestId,
  request,
  order,
}: {
  orderId: string;
  refunds: OrderRefunds;
  requestId: string;
  request: RefundRequest;
  order?: Order;
}) {
  const [schema] = useState(() => approveSchema(orderId, requestId));
  const whole = order ? refundableOf(order, refunds.refunded, request.lines) : null;
  const { form, submitWith, send, sending } = useSchemaForm<DecisionValues>({
    initialValues: { amount: '', reason: '', goodsNotReturned: false },
    schema,
    // Not an amount, or more than the request's lines allow: said before the server would.
    extraErrors: ({ amount }): Record<string, string> => {
      const message = refundAmountError(amount, order, refunds.refunded, request.lines);
      return message ? { amount: message } : {};
    },
  });
  const approve = submitWith((values) =>
    send(() => callFunction('approveRefund', approvePayload(orderId, requestId, values))),
  );
  function reject() {
    const { reason } = form.values;
    if (!reason.trim()) return form.setFieldError('reason', 'Podaj powód odrzucenia');
    const shared = parseWith(rejectRefundInput, { orderId, requestId, reason });
    if (!shared.ok)
      return form.setFieldError(shared.error.field === 'reason' ? 'reason' : '_form', shared.error.message);
    return send(() => callFunction('rejectRefund', { orderId, requestId, reason }));
  }
  return (
    <RefundCaseCard
      data={{ 'data-testid': 'refund-request-card', 'data-order-number': refunds.orderNumber }}
      radius="lg"
      gap="xs"
      title={`Zamówienie ${refunds.orderNumber} · faktura ${refunds.invoiceNumber}`}
      badge={
        <Badge color="orange" variant="light">
          {REFUND_REQUEST_STATUS_LABELS[request.status]}
        </Badge>
      }
      actions={
        <>
          <Button variant="subtle" color="red" onClick={() => void reject()} loading={sending}>
            Odrzuć
          </Button>
          <Button onClick={() => approve()} loading={sending}>
            Zatwierdź zwrot
          </Button>
        </>
      }
    >
      <Text size="sm">
        Pozycje:{' '}
        {Object.entries(request.lines)
          .map(([lineId, q]) => `${order?.lines[lineId] ? lineLabel(order.lines[lineId]) : lineId} × ${q}`)
          .join(', ')}{' '}
        · konto <AccountNumber nrb={request.bankAccount} />
      </Text>
      {Object.keys(request.lines)
        .filter((lineId) => refunds.returns?.[lineId])
        .map((lineId) => (
          <Text key={lineId} size="sm" c="teal.8" data-testid="refund-goods-returned">
            Przyjęto zwrot w punkcie odbioru: {order?.lines[lineId] ? lineLabel(order.lines[lineId]) : lineId} (
            {refunds.returns![lineId].byName}, {formatDateTime(refunds.returns![lineId].at)})
          </Text>
        ))}
      {request.note && <Hint>„{request.note}”</Hint>}
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Kwota zwrotu (zł)"
          description={whole === null ? 'puste = całość' : `puste = ${formatMoney(whole)}`}
          {...form.getInputProps('amount')}
          w={160}
        />
        <TextInput
          label="Powód"
          description="wymagany przy niższej kwocie i odrzuceniu"
          {...form.getInputProps('reason')}
          style={{ flex: 1 }}
        />
      </Group>
      <Checkbox
        label="Zwrot pieniędzy bez zwrotu towaru"
        {...form.getInputProps('goodsNotReturned', { type: 'checkbox' })}
      />
      <ErrorAlert>{form.errors._form}</ErrorAlert>
    </RefundCaseCard>
  );
}

export function TransferRow({
  orderId,
  orderNumber,
  correctionId,
  transfer,
  online,
}: {
  orderId: string;
  orderNumber: string;
  correctionId: string;
  transfer: NonNullable<OrderRefunds['corrections']>[string];
  online: boolean;
}) {
  const [initialDate] = useState(() => warsawDate(Date.now()));
  const { form, submitWith, send, sending } = useSchemaForm<{ transferredOn: string }>({
    initialValues: { transferredOn: initialDate },
    schema: transferredOnSchema,
  });
  const mark = submitWith(({ transferredOn }) =>
    send(() => callFunction('markRefundTransferred', { orderId, correctionId, transferredOn })),
  );
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="refund-transfer-row"
      data-status={transfer.status}
      data-correction={transfer.number}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {transfer.number} · zamówienie {orderNumber} · {formatMoney(transfer.amount)}
          {transfer.fee > 0 ? ` (potrącono ${formatMoney(transfer.fee)})` : ''}
          {online ? (
            // Returned through the provider; the account is there for a transfer only if the provider refused.
            <>
              {' '}
              · zwrot przez Przelewy24
              {transfer.status === 'due' ? (
                <>
                  {' '}
                  (gdyby operator odmówił: konto <AccountNumber nrb={transfer.bankAccount} />)
                </>
              ) : null}
            </>
          ) : (
            <>
              {' '}
              · konto <AccountNumber nrb={transfer.bankAccount} />
            </>
          )}
          {transfer.goodsNotReturned ? ' · bez zwrotu towaru' : ''}
        </Text>
        {transfer.status === 'due' ? (
          <Group gap="xs">
            <TextInput type="date" aria-label="Data przelewu" {...form.getInputProps('transferredOn')} size="xs" />
            <Button size="xs" onClick={() => mark()} loading={sending}>
              Oznacz jako przelane
            </Button>
          </Group>
        ) : (
          <Badge color="teal" variant="light">
            {refundTransferStatusLabel(transfer)} {transfer.transferredOn && isoToPolishDate(transfer.transferredOn)}
          </Badge>
        )}
      </Group>
      <ErrorText>{form.errors._form}</ErrorText>
    </Paper>
  );
}
