import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RefundCandidate, RefundReason } from '@domain/bank/schemas';
import { formatBankAccount } from '@domain/pdf/format';
import { isoToPolishDate, formatMoney } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { useGetBankRefundCandidatesQuery } from './api';

const REASONS: Record<RefundReason, string> = {
  overpaid: 'nadpłata',
  duplicate: 'podwójna wpłata — zamówienie było już opłacone',
  cancelled: 'zamówienie anulowane albo wygasłe bez miejsc',
  unmatched: 'przelew bez zamówienia',
};

/**
 * Transfers the statement import set aside for a refund (`/bank/refundCandidates`, docs/bank-import.md):
 * a second payment of a paid order, an overpayment, money for an order that can no longer be booked.
 * The organiser returns them by a transfer to the payer's account shown here.
 */
export function BankRefundCandidates() {
  const candidates = useGetBankRefundCandidatesQuery();
  if (candidates.isLoading) return <LoadingRows label="Wczytywanie przelewów do zwrotu" rows={1} />;
  if (candidates.isError) return <LoadError error={candidates.error} onRetry={() => void candidates.refetch()}>Nie udało się wczytać przelewów do zwrotu.</LoadError>;
  const open = (candidates.data ?? []).filter((c) => c.status === 'open');
  return (
    <Stack gap="sm" data-testid="bank-refund-candidates">
      <Title order={2} fz="lg">
        Przelewy do zwrotu ({open.length})
      </Title>
      <BankRefundCandidateList candidates={open} />
    </Stack>
  );
}

export function BankRefundCandidateList({ candidates }: { candidates: readonly RefundCandidate[] }) {
  return (
    <>
        {candidates.length === 0 ? (
          <EmptyState title="Brak przelewów do zwrotu">Nadpłata albo podwójny przelew z importu wyciągu pojawi się tutaj.</EmptyState>
        ) : (
          candidates.map((c) => (
            <Paper key={c.txKey} withBorder radius="md" p="md" data-testid="bank-refund-candidate" data-tx={c.txKey}>
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  <Text fw={700}>
                    {formatMoney(c.refundGrosze)}
                    {c.orders ? ` · zamówienie ${Object.values(c.orders).join(', ')}` : ''}
                  </Text>
                  <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
                    {REASONS[c.reason]}
                  </Badge>
                </Group>
                <Text size="sm">
                  Przelew z {isoToPolishDate(c.bookingDate)} na {formatMoney(c.amountGrosze)}: „{c.title}”
                </Text>
                <Text size="sm" c="dimmed">
                  {c.payerName ?? 'nadawca nieznany'}
                  {c.payerAccount ? <> · konto <span style={{ whiteSpace: 'nowrap' }}>{formatBankAccount(c.payerAccount)}</span></> : null}
                </Text>
              </Stack>
            </Paper>
          ))
        )}
    </>
  );
}
