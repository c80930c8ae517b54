import { useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { ONLINE_PAYMENT_STATUS_LABELS, providerRefundKey, unbookedRefundState } from '@domain/payments/onlinePayment';
import { p24MethodLabel } from '@domain/payments/p24Methods';
import { formatDateTime, formatMoney } from '../../../shared/format/pl';
import { useConfirm } from '../../../shared/ui/ConfirmAction';
import { InlineConfirm } from '../../../shared/ui/InlineConfirm';
import { EmptyState } from '../../../shared/ui/DataState';
import { RefundCaseCard, RefundQueue } from '../../refunds';
import { refundOnlinePayment, useGetAllPaymentsQuery, type PaymentEntry } from '../api';
import { STATUS_COLORS } from './labels';
import { Hint } from '../../../shared/ui/Hint';

/**
 * A refund asked for this long ago with no word from the provider may have been lost on the way (the call
 * failed after recording it): it may be asked for again, as the provider never makes one refundsUuid twice.
 */
const REFUND_NO_ANSWER_MS = 30 * 60_000;

export function CandidateCard({
  p,
  state,
  now,
}: {
  p: PaymentEntry;
  state: 'open' | 'requested';
  /** The time to judge the wait by; by default when the card was shown. */
  now?: number;
}) {
  const [shownAt] = useState(() => Date.now());
  const [asking, setAsking] = useState(false);
  const requested = state === 'requested' ? p.refunds?.[providerRefundKey(p.sessionId, {})] : undefined;
  const unanswered = requested !== undefined && (now ?? shownAt) - requested.requestedAt > REFUND_NO_ANSWER_MS;
  const { busy, error, run } = useConfirm();
  const refund = async () => {
    if (await run(() => refundOnlinePayment(p.sessionId))) setAsking(false);
  };
  return (
    <RefundCaseCard
      data={{ 'data-testid': 'online-refund-candidate', 'data-order-number': p.orderNumber, 'data-state': state }}
      gap={6}
      title={`Zamówienie ${p.orderNumber} · ${formatMoney(p.amount)}`}
      badge={
        <Badge color={STATUS_COLORS[p.status]} variant="light" style={{ textTransform: 'none' }}>
          {ONLINE_PAYMENT_STATUS_LABELS[p.status]}
        </Badge>
      }
      actions={
        (state === 'open' || unanswered) &&
        !asking && (
          <Button size="xs" onClick={() => setAsking(true)}>
            {unanswered ? 'Zleć zwrot ponownie' : 'Zwróć przez Przelewy24'}
          </Button>
        )
      }
    >
      {p.problem && <Text size="sm">{p.problem}</Text>}
      <Hint size="xs">
        {p24MethodLabel(p.methodId)} · wpłynęło {p.paidAt ? formatDateTime(p.paidAt) : '—'} · transakcja Przelewy24{' '}
        {p.providerOrderId ?? '—'}
      </Hint>
      {state === 'requested' && !asking ? (
        <Text size="sm" c={unanswered ? 'orange' : 'blue'} role="status">
          {unanswered
            ? `Zwrot zlecony ${formatDateTime(requested.requestedAt)} — operator dotąd go nie potwierdził. Można zlecić go ponownie: operator nie wykona tego samego zwrotu dwa razy.`
            : 'Zwrot zlecony — czeka na potwierdzenie operatora.'}
        </Text>
      ) : asking ? (
        <InlineConfirm
          question={`Zwrócić ${formatMoney(p.amount)} przez Przelewy24 na rachunek lub kartę, z których przyszła wpłata?`}
          busy={busy}
          error={error}
          confirmLabel="Zwróć wpłatę"
          onCancel={() => setAsking(false)}
          onConfirm={() => void refund()}
        />
      ) : null}
    </RefundCaseCard>
  );
}

/**
 * Online payments that were not booked and wait for their money to go back: a second payment of an
 * order already paid, or a payment of an order that expired while its units were sold. The automatic
 * refund of the latter shows up here only when the provider refused it or could not be reached.
 */
export function OnlineRefundCandidates() {
  const payments = useGetAllPaymentsQuery();
  const waiting = (payments.data ?? []).flatMap((p) => {
    const state = unbookedRefundState(p.sessionId, p);
    return state === 'open' || state === 'requested' ? [{ p, state }] : [];
  });
  return (
    <RefundQueue queue="online" source={payments} count={waiting.length}>
      {waiting.length === 0 ? (
        <EmptyState title="Brak wpłat online do zwrotu">
          Podwójna wpłata albo wpłata za zamówienie, którego nie da się już przywrócić, pojawi się tutaj od razu.
        </EmptyState>
      ) : (
        waiting.map(({ p, state }) => <CandidateCard key={p.sessionId} p={p} state={state} />)
      )}
    </RefundQueue>
  );
}
