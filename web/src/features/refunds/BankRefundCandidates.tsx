import { useState } from 'react';
import { Badge, Button, Text, TextInput } from '@mantine/core';
import type { RefundCandidate, RefundReason } from '@domain/bank/schemas';
import { settleBankRefundCandidateInput, type SettleBankRefundCandidateInput } from '@domain/bank/refundCandidates';
import { warsawDate } from '@domain/numbering';
import { callFunction } from '../../shared/firebase';
import { isoToPolishDate, formatMoney } from '../../shared/format/pl';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { InlineConfirm } from '../../shared/ui/InlineConfirm';
import { EmptyState } from '../../shared/ui/DataState';
import { AccountNumber } from './AccountNumber';
import { RefundCaseCard } from './RefundCaseCard';
import { RefundQueue } from './RefundQueue';
import { useGetBankRefundCandidatesQuery } from './api';
import { Hint } from '../../shared/ui/Hint';

const REASONS: Record<RefundReason, string> = {
  overpaid: 'nadpłata',
  duplicate: 'podwójna wpłata — zamówienie było już opłacone',
  cancelled: 'zamówienie anulowane albo wygasłe bez miejsc',
  unmatched: 'przelew bez zamówienia',
};

/** Sends the settlement (the callable, checked by the shared schema on both sides). */
export type SettleCandidate = (input: SettleBankRefundCandidateInput) => Promise<unknown>;
const settleWithCallable: SettleCandidate = (input) => callFunction('settleBankRefundCandidate', input);

/**
 * Transfers the statement import set aside for a refund (`/bank/refundCandidates`, docs/bank-import.md):
 * a second payment of a paid order, an overpayment, money for an order that can no longer be booked.
 * The organiser returns them by a transfer to the payer's account shown here, then marks them returned
 * (or dismisses one that stays, with the reason); settled ones leave the list.
 */
export function BankRefundCandidates() {
  const candidates = useGetBankRefundCandidatesQuery();
  const open = (candidates.data ?? []).filter((c) => c.status === 'open');
  return (
    <RefundQueue queue="bank" source={candidates} count={open.length}>
      <BankRefundCandidateList candidates={open} />
    </RefundQueue>
  );
}

interface SettleValues {
  refundedOn: string;
  reason: string;
}

export function BankRefundCandidateList({
  candidates,
  settle = settleWithCallable,
}: {
  candidates: readonly RefundCandidate[];
  settle?: SettleCandidate;
}) {
  if (candidates.length === 0)
    return (
      <EmptyState title="Brak przelewów do zwrotu">
        Nadpłata albo podwójny przelew z importu wyciągu pojawi się tutaj.
      </EmptyState>
    );
  return candidates.map((c) => <CandidateCard key={c.txKey} c={c} settle={settle} />);
}

function CandidateCard({ c, settle }: { c: RefundCandidate; settle: SettleCandidate }) {
  const [asking, setAsking] = useState<'refunded' | 'dismissed' | null>(null);
  const payloadOf = ({ refundedOn, reason }: SettleValues): SettleBankRefundCandidateInput =>
    asking === 'refunded'
      ? { txKey: c.txKey, outcome: 'refunded', refundedOn }
      : { txKey: c.txKey, outcome: 'dismissed', reason };
  const [today] = useState(() => warsawDate(Date.now()));
  const { form, submitWith, send, sending } = useSchemaForm<SettleValues>({
    initialValues: { refundedOn: today, reason: '' },
    schema: settleBankRefundCandidateInput,
    toPayload: payloadOf,
    validateInputOnBlur: false,
  });
  const ask = (outcome: 'refunded' | 'dismissed' | null) => {
    setAsking(outcome);
    form.clearErrors();
  };
  const confirm = submitWith(async (values) => {
    const payload = payloadOf(values);
    // The settlement answers nothing worth keeping: `true` tells a success from a refusal.
    if (await send(() => settle(payload).then(() => true))) setAsking(null);
  });
  const answer = {
    busy: sending,
    error: form.errors._form,
    onCancel: () => ask(null),
    onConfirm: () => confirm(),
  };
  const account = c.payerAccount;
  return (
    <RefundCaseCard
      data={{ 'data-testid': 'bank-refund-candidate', 'data-tx': c.txKey }}
      gap={4}
      title={
        <>
          {formatMoney(c.refundGrosze)}
          {c.orders ? ` · zamówienie ${Object.values(c.orders).join(', ')}` : ''}
        </>
      }
      badge={
        <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
          {REASONS[c.reason]}
        </Badge>
      }
      actionsTop="xs"
      actions={
        asking === null && (
          <>
            <Button size="xs" variant="default" onClick={() => ask('dismissed')}>
              Odrzuć
            </Button>
            <Button size="xs" onClick={() => ask('refunded')}>
              Oznacz jako zwrócony
            </Button>
          </>
        )
      }
    >
      <Text size="sm">
        Przelew z {isoToPolishDate(c.bookingDate)} na {formatMoney(c.amountGrosze)}: „{c.title}”
      </Text>
      <Hint>
        {c.payerName ?? 'nadawca nieznany'}
        {account ? (
          <>
            {' '}
            · konto <AccountNumber nrb={account} />
          </>
        ) : null}
      </Hint>
      {asking === 'refunded' ? (
        <InlineConfirm
          mt="xs"
          question={
            <>
              Oznaczyć {formatMoney(c.refundGrosze)} jako zwrócone przelewem
              {account ? (
                <>
                  {' '}
                  na konto <AccountNumber nrb={account} />
                </>
              ) : null}
              ? Przelew zniknie z listy.
            </>
          }
          {...answer}
          confirmLabel="Oznacz jako zwrócony"
        >
          <TextInput type="date" label="Data zwrotu" {...form.getInputProps('refundedOn')} size="xs" maw={200} />
        </InlineConfirm>
      ) : asking === 'dismissed' ? (
        <InlineConfirm
          mt="xs"
          question={`Odrzucić zwrot ${formatMoney(c.refundGrosze)}? Pieniądze zostają u organizatora, a przelew zniknie z listy.`}
          {...answer}
          confirmLabel="Odrzuć zwrot"
        >
          <TextInput
            label="Powód"
            placeholder="np. wpłacający prosi o zaliczenie na przyszły rok"
            {...form.getInputProps('reason')}
            size="xs"
          />
        </InlineConfirm>
      ) : null}
    </RefundCaseCard>
  );
}
