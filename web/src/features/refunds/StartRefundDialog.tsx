import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { parsePln } from '@domain/money';
import type { Order } from '@domain/schemas';
import { refundableLines, type OrderRefunds } from '@domain/refunds';
import { startRefundInput } from '@domain/callables';
import { formatMoney } from '../../shared/format/pl';
import { ConfirmButtons } from '../../shared/ui/ConfirmAction';
import { DataGate } from '../../shared/ui/DataState';
import { StackedForm } from '../../shared/ui/StackedForm';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { paidThroughProvider } from '@domain/payments/onlinePayment';
import { RefundAccountField } from './OrderRefundPanel';
import { refundAmountError, refundableOf } from './refundAmount';
import { useGetOrderRefundsQuery } from './api';
import { callFunction } from '../../shared/firebase';

/**
 * Admin „Rozpocznij zwrot” on a paid order (the orders list): a refund without a participant's request.
 * Lines and units, optionally a lower amount (the rest is kept as a cancellation fee), the reason for
 * the correction invoice, the account to return the money to, and „zwrot pieniędzy bez zwrotu towaru”
 * for goods already handed out that stay with the participant.
 */
export function StartRefundButton({ order }: { order: Order & { id: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="orange"
        onClick={() => setOpen(true)}
        aria-label={`Rozpocznij zwrot zamówienia ${order.number}`}
      >
        Rozpocznij zwrot
      </Button>
      {open && <StartRefundDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function StartRefundDialog({ order, onClose }: { order: Order & { id: string }; onClose: () => void }) {
  // What was refunded already decides what is offered: the form waits for it rather than offering it all.
  const refunds = useGetOrderRefundsQuery(order.id);
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Zwrot — zamówienie {order.number}</Text>} size="lg" centered>
      <DataGate query={refunds} what="zwrotów zamówienia" onRetry={refunds.refetch}>
        <StartRefundForm order={order} refunds={refunds.data ?? null} onClose={onClose} />
      </DataGate>
    </Modal>
  );
}

interface StartValues {
  /** Units to refund per line; 0 = the line is not refunded. */
  units: Record<string, number>;
  /** Typed as the admin writes it („129,00”); empty = all that is refundable. */
  amount: string;
  reason: string;
  bankAccount: string;
  goodsNotReturned: boolean;
}

/** The startRefund payload the entries make; an amount that is not one is left to the form's own message. */
function startPayload(orderId: string, values: StartValues) {
  const grosze = values.amount.trim() ? parsePln(values.amount) : null;
  return {
    orderId,
    lines: chosenLines(values.units),
    ...(grosze !== null ? { amount: grosze } : {}),
    reason: values.reason,
    bankAccount: values.bankAccount,
    ...(values.goodsNotReturned ? { goodsNotReturned: true } : {}),
  };
}

const chosenLines = (units: StartValues['units']) => Object.fromEntries(Object.entries(units).filter(([, n]) => n > 0));

export function StartRefundForm({
  order,
  refunds,
  onClose,
}: {
  order: Order & { id: string };
  refunds: OrderRefunds | null;
  onClose: () => void;
}) {
  const left = refundableLines(order, refunds?.refunded).filter((l) => l.quantity > 0);
  const { form, submitWith, send, sending } = useSchemaForm<StartValues>({
    initialValues: {
      units: Object.fromEntries(left.map((l) => [l.lineId, l.quantity])),
      amount: '',
      reason: '',
      bankAccount: '',
      goodsNotReturned: false,
    },
    schema: startRefundInput,
    toPayload: (values) => startPayload(order.id, values),
    extraErrors: (values): Record<string, string> => {
      const message = refundAmountError(values.amount, order, refunds?.refunded, chosenLines(values.units));
      return message ? { amount: message } : {};
    },
  });
  const [done, setDone] = useState<string | null>(null);
  const { units } = form.getValues();
  const setUnits = (lineId: string, n: number) => form.setFieldValue('units', { ...units, [lineId]: n });

  const refundable = refundableOf(order, refunds?.refunded, chosenLines(units));
  // Paid online: the correction's money goes back through the provider, not by the organiser's transfer.
  const online = paidThroughProvider(order);

  const submit = submitWith(async (values) => {
    const out = await send(() => callFunction('startRefund', startPayload(order.id, values)));
    if (out)
      setDone(
        `Wystawiono fakturę korygującą ${out.correctionNumber}. ${online ? 'Zwrot przez Przelewy24' : 'Do przelania'}: ${formatMoney(out.amount)}${out.fee > 0 ? ` (potrącono ${formatMoney(out.fee)})` : ''}.`,
      );
  });

  if (done)
    return (
      <Stack gap="md">
        <Alert color="green" role="status" data-testid="start-refund-done">
          {done}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Zamknij</Button>
        </Group>
      </Stack>
    );
  if (!left.length) return <Text size="sm">W tym zamówieniu nie ma już nic do zwrotu.</Text>;
  return (
    <StackedForm label="Zwrot bez prośby uczestnika" onSubmit={submit} gap="sm" testId="start-refund-form">
      <Text size="sm">
        Zwrot bez prośby uczestnika: zostanie wystawiona faktura korygująca, bilety i sztuki wrócą do puli, a{' '}
        {online ? 'pieniądze wrócą przez Przelewy24.' : 'zwrot pojawi się na liście „do przelania”.'}
      </Text>
      {left.map((l) => (
        <Group key={l.lineId} justify="space-between" wrap="nowrap" gap="sm">
          <Checkbox
            label={`${l.name} — ${formatMoney(l.gross)}`}
            checked={(units[l.lineId] ?? 0) > 0}
            onChange={(e) => setUnits(l.lineId, e.currentTarget.checked ? l.quantity : 0)}
            style={{ flex: 1 }}
          />
          {l.quantity > 1 && (
            <NumberInput
              aria-label={`Liczba sztuk: ${l.name}`}
              min={0}
              max={l.quantity}
              value={units[l.lineId] ?? 0}
              onChange={(v) => setUnits(l.lineId, Math.max(0, Math.min(l.quantity, Number(v) || 0)))}
              w={90}
              suffix=" szt."
            />
          )}
        </Group>
      ))}
      <TextInput
        label="Kwota zwrotu (zł)"
        description={`puste = ${formatMoney(refundable)}`}
        {...form.getInputProps('amount')}
        maw={240}
      />
      <RefundAccountField online={online} {...form.getInputProps('bankAccount')} />
      <TextInput
        label="Przyczyna korekty"
        description="trafi na fakturę korygującą"
        {...form.getInputProps('reason')}
      />
      <Checkbox
        label="Zwrot pieniędzy bez zwrotu towaru"
        description="Dla przedmiotów już wydanych, które zostają u uczestnika (bez „Przyjmij zwrot” w punkcie odbioru)."
        {...form.getInputProps('goodsNotReturned', { type: 'checkbox' })}
      />
      <ConfirmButtons
        busy={sending}
        error={form.errors.lines ?? form.errors._form}
        onCancel={onClose}
        confirmLabel="Wystaw korektę i zwróć"
        color="orange"
        confirmTestId="start-refund-submit"
      />
    </StackedForm>
  );
}
