import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Order } from '@domain/schemas';
import { REFUND_REQUEST_STATUS_LABELS, REFUND_TRANSFER_STATUS_LABELS, refundableLines, type OrderRefunds } from '@domain/refunds';
import { formatMoney, isoToPolishDate } from '../../shared/format/pl';
import { refusalOf } from '../../shared/ui/formErrors';
import { useGetOrderRefundsQuery } from './api';
import { callFunction } from '../../shared/firebase';

const REQUEST_COLORS = { open: 'orange', withdrawn: 'gray', approved: 'teal', rejected: 'red' } as const;

/** On a paid order: the refund requests and refunds (live) and „Poproś o zwrot”. */
export function OrderRefundPanel({ order, orderId, uid }: { order: Order; orderId: string; uid: string }) {
  const { data: refunds } = useGetOrderRefundsQuery(orderId);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requests = Object.entries(refunds?.requests ?? {}).sort(([, a], [, b]) => a.createdAt - b.createdAt);
  const corrections = Object.entries(refunds?.corrections ?? {}).sort(([, a], [, b]) => a.createdAt - b.createdAt);
  const left = refundableLines(order, refunds?.refunded).filter((l) => l.quantity > 0 && !refunds?.open?.[l.lineId]);

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
            <Text size="sm" c="dimmed">
              {Object.keys(r.lines)
                .map((lineId) => refundableLines(order, undefined).find((l) => l.lineId === lineId)?.name ?? lineId)
                .join(', ')}
              {r.decisionReason ? ` · ${r.decisionReason}` : ''}
            </Text>
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
            {c.fee > 0 ? ` (potrącono ${formatMoney(c.fee)})` : ''}:{' '}
            <Text span fw={700} c={c.status === 'transferred' ? 'teal' : 'orange'}>
              {REFUND_TRANSFER_STATUS_LABELS[c.status]}
              {c.transferredOn ? ` ${isoToPolishDate(c.transferredOn)}` : ''}
            </Text>
          </Text>
          <Button component={Link} to={`/dashboard/faktury/${uid}-${id}`} size="xs" variant="light">
            Faktura korygująca {c.number}
          </Button>
        </Group>
      ))}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {left.length > 0 && (
        <Group justify="flex-end">
          <Button variant="subtle" onClick={() => setAsking(true)}>
            Poproś o zwrot
          </Button>
        </Group>
      )}
      {asking && <RefundRequestModal order={order} orderId={orderId} refunds={refunds ?? null} onClose={() => setAsking(false)} />}
    </Stack>
  );
}

function RefundRequestModal({ order, orderId, refunds, onClose }: { order: Order; orderId: string; refunds: OrderRefunds | null; onClose: () => void }) {
  const left = refundableLines(order, refunds?.refunded).filter((l) => l.quantity > 0 && !refunds?.open?.[l.lineId]);
  const [chosen, setChosen] = useState<Record<string, boolean>>(Object.fromEntries(left.map((l) => [l.lineId, true])));
  const [account, setAccount] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ field?: string; message: string } | null>(null);
  const total = left.filter((l) => chosen[l.lineId]).reduce((s, l) => s + l.gross, 0);

  async function submit() {
    setBusy(true);
    setErrors(null);
    try {
      const lines = Object.fromEntries(left.filter((l) => chosen[l.lineId]).map((l) => [l.lineId, l.quantity]));
      if (!Object.keys(lines).length) {
        setErrors({ field: 'lines', message: 'Wybierz pozycje do zwrotu' });
        return;
      }
      await callFunction('requestRefund', { orderId, lines, bankAccount: account, ...(note.trim() ? { note } : {}) });
      onClose();
    } catch (e) {
      const r = refusalOf(e);
      setErrors({ field: r.field, message: r.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={() => !busy && onClose()} title={<Text fw={700}>Prośba o zwrot</Text>} centered>
      <Stack gap="sm">
        <Text size="sm">Zaznacz pozycje, za które chcesz otrzymać zwrot. Organizator rozpatrzy prośbę i wystawi fakturę korygującą.</Text>
        {left.map((l) => (
          <Checkbox
            key={l.lineId}
            label={`${l.name} — ${formatMoney(l.gross)}`}
            checked={chosen[l.lineId] ?? false}
            onChange={(e) => setChosen({ ...chosen, [l.lineId]: e.currentTarget.checked })}
          />
        ))}
        <TextInput
          label="Numer konta do zwrotu"
          description="26 cyfr (NRB)"
          value={account}
          onChange={(e) => setAccount(e.currentTarget.value)}
          error={errors?.field === 'bankAccount' ? errors.message : undefined}
          inputMode="numeric"
        />
        <Textarea label="Uwagi (opcjonalnie)" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} maxLength={500} />
        {errors && errors.field !== 'bankAccount' && (
          <Alert color="red" variant="light" role="alert">
            {errors.message}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm">Do zwrotu: {formatMoney(total)}</Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Anuluj
            </Button>
            <Button onClick={() => void submit()} loading={busy}>
              Wyślij prośbę
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
