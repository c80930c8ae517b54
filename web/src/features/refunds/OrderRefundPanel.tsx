import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Stack, Text, TextInput, Textarea, type TextInputProps } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Order } from '@domain/schemas';
import { requestRefundInput } from '@domain/callables';
import {
  REFUND_REQUEST_STATUS_LABELS,
  REFUND_TRANSFER_STATUS_LABELS,
  refundableLines,
  type OrderRefunds,
} from '@domain/refunds';
import { paidThroughProvider } from '@domain/payments/onlinePayment';
import { formatMoney, isoToPolishDate } from '../../shared/format/pl';
import { ConfirmDialog } from '../../shared/ui/ConfirmAction';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { refusalOf } from '../../shared/ui/formErrors';
import { useGetOrderRefundsQuery } from './api';
import { callFunction } from '../../shared/firebase';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { Hint } from '../../shared/ui/Hint';

const REQUEST_COLORS = { open: 'orange', withdrawn: 'gray', approved: 'teal', rejected: 'red' } as const;
/** A correction of an order paid online: the provider returns it, the organiser makes no transfer. */
const PROVIDER_REFUND_LABELS = { due: 'w toku', transferred: 'zwrócono' } as const;

/** On a paid order: the refund requests and refunds (live) and „Poproś o zwrot”. */
export function OrderRefundPanel({ order, orderId, uid }: { order: Order; orderId: string; uid: string }) {
  const { data: refunds } = useGetOrderRefundsQuery(orderId);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requests = Object.entries(refunds?.requests ?? {}).sort(([, a], [, b]) => a.createdAt - b.createdAt);
  const corrections = Object.entries(refunds?.corrections ?? {}).sort(([, a], [, b]) => a.createdAt - b.createdAt);
  const left = refundableLines(order, refunds?.refunded).filter((l) => l.quantity > 0 && !refunds?.open?.[l.lineId]);
  // Paid online: the money goes back through the provider to the account or card it came from.
  const online = paidThroughProvider(order);

  async function withdraw(requestId: string) {
    setError(null);
    try {
      await callFunction('withdrawRefundRequest', { orderId, requestId });
    } catch (e) {
      setError(refusalOf(e).message);
    }
  }

  return (
    <Stack gap="xs" data-testid="order-refunds">
      {requests.map(([id, r]) => (
        <Group key={id} justify="space-between" gap="xs" data-testid="refund-request" data-status={r.status}>
          <Group gap="xs">
            <Badge color={REQUEST_COLORS[r.status]} variant="light">
              zwrot: {REFUND_REQUEST_STATUS_LABELS[r.status]}
            </Badge>
            <Hint>
              {Object.keys(r.lines)
                .map((lineId) => refundableLines(order, undefined).find((l) => l.lineId === lineId)?.name ?? lineId)
                .join(', ')}
              {r.decisionReason ? ` · ${r.decisionReason}` : ''}
            </Hint>
          </Group>
          {r.status === 'open' && (
            <Button size="xs" variant="subtle" color="red" onClick={() => void withdraw(id)}>
              Wycofaj prośbę
            </Button>
          )}
        </Group>
      ))}
      {corrections.map(([id, c]) => (
        <Group key={id} justify="space-between" gap="xs" data-testid="refund-transfer" data-status={c.status}>
          <Text size="sm">
            Zwrot {formatMoney(c.amount)}
            {c.fee > 0 ? ` (potrącono ${formatMoney(c.fee)})` : ''}
            {online ? ' przez Przelewy24' : ''}:{' '}
            <Text span fw={700} c={c.status === 'transferred' ? 'teal' : 'orange'}>
              {online ? PROVIDER_REFUND_LABELS[c.status] : REFUND_TRANSFER_STATUS_LABELS[c.status]}
              {c.transferredOn ? ` ${isoToPolishDate(c.transferredOn)}` : ''}
            </Text>
          </Text>
          <Button component={Link} to={`/dashboard/faktury/${uid}-${id}`} size="xs" variant="light">
            Faktura korygująca {c.number}
          </Button>
        </Group>
      ))}
      <ErrorAlert>{error}</ErrorAlert>
      {left.length > 0 && (
        <Group justify="flex-end">
          <Button variant="subtle" onClick={() => setAsking(true)}>
            Poproś o zwrot
          </Button>
        </Group>
      )}
      {asking && (
        <RefundRequestModal
          order={order}
          orderId={orderId}
          refunds={refunds ?? null}
          online={online}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}

interface RequestValues {
  /** The lines asked for (all of each line's units). */
  chosen: Record<string, boolean>;
  bankAccount: string;
  note: string;
}

function RefundRequestModal({
  order,
  orderId,
  refunds,
  online,
  onClose,
}: {
  order: Order;
  orderId: string;
  refunds: OrderRefunds | null;
  online: boolean;
  onClose: () => void;
}) {
  const left = refundableLines(order, refunds?.refunded).filter((l) => l.quantity > 0 && !refunds?.open?.[l.lineId]);
  const payloadOf = ({ chosen, bankAccount, note }: RequestValues) => ({
    orderId,
    lines: Object.fromEntries(left.filter((l) => chosen[l.lineId]).map((l) => [l.lineId, l.quantity])),
    bankAccount,
    ...(note.trim() ? { note } : {}),
  });
  const { form, submitWith, send, sending } = useSchemaForm<RequestValues>({
    initialValues: { chosen: Object.fromEntries(left.map((l) => [l.lineId, true])), bankAccount: '', note: '' },
    schema: requestRefundInput,
    toPayload: payloadOf,
  });
  const { chosen } = form.getValues();
  const total = left.filter((l) => chosen[l.lineId]).reduce((s, l) => s + l.gross, 0);
  const submit = submitWith(async (values) => {
    if (await send(() => callFunction('requestRefund', payloadOf(values)))) onClose();
  });

  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      onSubmit={submit}
      formLabel="Prośba o zwrot"
      title={<Text fw={700}>Prośba o zwrot</Text>}
      busy={sending}
      error={form.errors.lines ?? form.errors._form}
      confirmLabel="Wyślij prośbę"
      color="primary"
    >
      <Text size="sm">
        Zaznacz pozycje, za które chcesz otrzymać zwrot. Organizator rozpatrzy prośbę i wystawi fakturę korygującą.
      </Text>
      {left.map((l) => (
        <Checkbox
          key={l.lineId}
          label={`${l.name} — ${formatMoney(l.gross)}`}
          checked={chosen[l.lineId] ?? false}
          onChange={(e) => form.setFieldValue('chosen', { ...chosen, [l.lineId]: e.currentTarget.checked })}
        />
      ))}
      <RefundAccountField online={online} {...form.getInputProps('bankAccount')} />
      <Textarea label="Uwagi (opcjonalnie)" {...form.getInputProps('note')} autosize minRows={2} maxLength={500} />
      <Text size="sm">Do zwrotu: {formatMoney(total)}</Text>
    </ConfirmDialog>
  );
}

/**
 * The account a refund goes to. An order paid online gets its money back through the provider, to the
 * account or card it came from; the account is asked for only as the fallback should the provider refuse.
 */
export function RefundAccountField({
  online,
  ...input
}: { online: boolean } & Omit<TextInputProps, 'label' | 'description' | 'inputMode'>) {
  return (
    <>
      {online && (
        <Text size="sm" data-testid="refund-through-provider">
          Zamówienie opłacono online — pieniądze wrócą przez Przelewy24 na rachunek lub kartę, z których zapłacono.
          Numer konta jest potrzebny tylko wtedy, gdyby operator płatności nie przyjął zwrotu.
        </Text>
      )}
      <TextInput
        label={online ? 'Numer konta (na wypadek zwrotu przelewem)' : 'Numer konta do zwrotu'}
        description="26 cyfr (NRB)"
        inputMode="numeric"
        {...input}
      />
    </>
  );
}
