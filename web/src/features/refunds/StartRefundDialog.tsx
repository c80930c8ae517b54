import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { parsePln } from '@domain/money';
import type { Order } from '@domain/schemas';
import { refundableLines, type OrderRefunds } from '@domain/refunds';
import { formatMoney } from '../../shared/format/pl';
import { ConfirmButtons } from '../../shared/ui/ConfirmAction';
import { refusalOf } from '../../shared/ui/formErrors';
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
  const { data: refunds, isLoading } = useGetOrderRefundsQuery(order.id);
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Zwrot — zamówienie {order.number}</Text>} size="lg" centered>
      {isLoading ? (
        <Text size="sm">Wczytywanie…</Text>
      ) : (
        <StartRefundForm order={order} refunds={refunds ?? null} onClose={onClose} />
      )}
    </Modal>
  );
}

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
  const [units, setUnits] = useState<Record<string, number>>(() =>
    Object.fromEntries(left.map((l) => [l.lineId, l.quantity])),
  );
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [account, setAccount] = useState('');
  const [goodsNotReturned, setGoodsNotReturned] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const chosen = left.filter((l) => (units[l.lineId] ?? 0) > 0);
  // The last units of a line take exactly what is left of its gross (as the server computes it).
  const refundable = chosen.reduce(
    (s, l) => s + (units[l.lineId] === l.quantity ? l.gross : l.unitGross * units[l.lineId]),
    0,
  );

  async function submit() {
    const grosze = amount.trim() ? parsePln(amount) : undefined;
    if (grosze === null) return setError({ field: 'amount', message: 'Podaj kwotę, np. 129,00' });
    if (!chosen.length) return setError({ field: 'lines', message: 'Wybierz pozycje do zwrotu' });
    setBusy(true);
    setError(null);
    try {
      const out = await callFunction('startRefund', {
        orderId: order.id,
        lines: Object.fromEntries(chosen.map((l) => [l.lineId, units[l.lineId]])),
        ...(grosze !== undefined ? { amount: grosze } : {}),
        reason,
        bankAccount: account,
        ...(goodsNotReturned ? { goodsNotReturned: true } : {}),
      });
      setDone(
        `Wystawiono fakturę korygującą ${out.correctionNumber}. Do przelania: ${formatMoney(out.amount)}${out.fee > 0 ? ` (potrącono ${formatMoney(out.fee)})` : ''}.`,
      );
    } catch (e) {
      const r = refusalOf(e);
      setError({ field: r.field, message: r.message });
    } finally {
      setBusy(false);
    }
  }

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
    <Stack gap="sm" data-testid="start-refund-form">
      <Text size="sm">
        Zwrot bez prośby uczestnika: zostanie wystawiona faktura korygująca, bilety i sztuki wrócą do puli, a zwrot
        pojawi się na liście „do przelania”.
      </Text>
      {left.map((l) => (
        <Group key={l.lineId} justify="space-between" wrap="nowrap" gap="sm">
          <Checkbox
            label={`${l.name} — ${formatMoney(l.gross)}`}
            checked={(units[l.lineId] ?? 0) > 0}
            onChange={(e) => setUnits({ ...units, [l.lineId]: e.currentTarget.checked ? l.quantity : 0 })}
            style={{ flex: 1 }}
          />
          {l.quantity > 1 && (
            <NumberInput
              aria-label={`Liczba sztuk: ${l.name}`}
              min={0}
              max={l.quantity}
              value={units[l.lineId] ?? 0}
              onChange={(v) => setUnits({ ...units, [l.lineId]: Math.max(0, Math.min(l.quantity, Number(v) || 0)) })}
              w={90}
              suffix=" szt."
            />
          )}
        </Group>
      ))}
      <Group align="flex-start" gap="xs" grow>
        <TextInput
          label="Kwota zwrotu (zł)"
          description={`puste = ${formatMoney(refundable)}`}
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={error?.field === 'amount' ? error.message : undefined}
        />
        <TextInput
          label="Numer konta do zwrotu"
          description="26 cyfr (NRB)"
          value={account}
          onChange={(e) => setAccount(e.currentTarget.value)}
          error={error?.field === 'bankAccount' ? error.message : undefined}
          inputMode="numeric"
        />
      </Group>
      <TextInput
        label="Przyczyna korekty"
        description="trafi na fakturę korygującą"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={error?.field === 'reason' ? error.message : undefined}
      />
      <Checkbox
        label="Zwrot pieniędzy bez zwrotu towaru"
        description="Dla przedmiotów już wydanych, które zostają u uczestnika (bez „Przyjmij zwrot” w punkcie odbioru)."
        checked={goodsNotReturned}
        onChange={(e) => setGoodsNotReturned(e.currentTarget.checked)}
      />
      <ConfirmButtons
        busy={busy}
        error={error && !['amount', 'bankAccount', 'reason'].includes(error.field ?? '') ? error.message : null}
        onCancel={onClose}
        confirmLabel="Wystaw korektę i zwróć"
        onConfirm={() => void submit()}
        color="orange"
        confirmTestId="start-refund-submit"
      />
    </Stack>
  );
}
