import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { NounForms } from '@domain/words';
import type { CallableOutput } from '@domain/callables';
import { formatCount, formatDateTime } from '../../shared/format/pl';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { ResultAlert, useActionResult } from '../../shared/ui/ResultAlert';
import { retryMail, useAdminUnsentMailQuery, type OutboxRow } from './api';
import { TitledPanel } from '../../shared/ui/TitledPanel';
import { Hint } from '../../shared/ui/Hint';

const MESSAGES: NounForms = ['wiadomość', 'wiadomości', 'wiadomości'];
const BATCH = 50;

const KIND: Record<string, string> = {
  orderPlaced: 'zamówienie',
  paymentBooked: 'płatność i faktura',
  orderCancelled: 'anulowanie',
  refundApproved: 'zwrot zatwierdzony',
  refundTransferred: 'zwrot przelany',
  itemsHandedOut: 'odbiór',
  waitingOffer: 'lista oczekujących',
  waitingOfferExpired: 'lista oczekujących — oferta wygasła',
  welcome: 'powitanie',
};

function state(row: OutboxRow): { label: string; color: string } {
  if (row.status === 'sending') return { label: 'wysyłanie', color: 'blue' };
  if (row.status === 'failed')
    return row.error?.permanent
      ? { label: 'błąd — wymaga decyzji', color: 'red' }
      : { label: 'błąd — ponowimy', color: 'orange' };
  return { label: 'oczekuje', color: 'gray' };
}

const mailRowProps = (row: OutboxRow) => ({
  'data-testid': 'mail-row',
  'data-id': row.id,
  'data-status': row.status ?? 'waiting',
});

function MailState({ row }: { row: OutboxRow }) {
  const s = state(row);
  return (
    <>
      <Badge color={s.color} variant="light" style={{ textTransform: 'none' }}>
        {s.label}
      </Badge>
      {row.attempts ? <Hint size="xs">prób: {row.attempts}</Hint> : null}
    </>
  );
}

/** What a retry did, as the admin reads it. */
export function retrySummary(out: CallableOutput<'retryMail'>): string {
  const sent = out.results.filter((r) => r.status === 'sent').length;
  const failed = out.results.filter((r) => r.status === 'failed');
  if (out.results.length === 0) return 'Nie było wiadomości do wysłania.';
  const parts = [`Wysłano: ${formatCount(sent, MESSAGES)}.`];
  if (failed.length)
    parts.push(
      `Nie udało się: ${formatCount(failed.length, MESSAGES)} (${[...new Set(failed.map((f) => f.error))].join(' ')}).`,
    );
  return parts.join(' ');
}

/**
 * Admin „Poczta”: e-mails not sent yet (waiting, failed with their reason, or being sent) with
 * „Wyślij ponownie”. Sent messages leave the list live; a message is never sent twice (docs/email.md).
 */
export function MailTab() {
  const unsent = useAdminUnsentMailQuery();
  const messages = unsent.data ?? [];
  const { result, busy, perform } = useActionResult<string>();
  const retry = (ids: string[], key: string) => perform(async () => retrySummary(await retryMail(ids)), { key });

  const columns: DataColumn<OutboxRow>[] = [
    { key: 'created', header: 'Utworzono', nowrap: true, cell: (row) => formatDateTime(row.createdAt) },
    {
      key: 'to',
      header: 'Odbiorca i temat',
      cell: (row) => (
        <>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {row.to}
          </Text>
          <Hint size="xs">
            {KIND[row.kind] ?? row.kind}
            {row.ref ? ` · ${row.ref}` : ''} · {row.subject}
          </Hint>
        </>
      ),
    },
    { key: 'state', header: 'Stan', cell: (row) => <MailState row={row} /> },
    {
      key: 'reason',
      header: 'Przyczyna',
      cell: (row) =>
        row.error ? (
          <>
            <Text size="sm">{row.error.message}</Text>
            <Hint size="xs" style={{ overflowWrap: 'anywhere' }}>
              {row.error.detail}
            </Hint>
          </>
        ) : (
          <Hint>—</Hint>
        ),
    },
    {
      key: 'retry',
      cell: (row) => (
        <Button
          size="xs"
          variant="default"
          loading={busy === row.id}
          disabled={busy !== null}
          onClick={() => void retry([row.id], row.id)}
          aria-label={`Wyślij ponownie: ${row.subject} do ${row.to}`}
        >
          Wyślij ponownie
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <TitledPanel title="Poczta" sectionId="mail-title">
        <Hint>
          Wiadomości e-mail, które jeszcze nie zostały wysłane. Nieudaną wysyłkę ponawiamy automatycznie co kilka minut;
          adres odrzucony przez serwer albo za dużą wiadomość wyślij ponownie ręcznie, gdy przyczyna zostanie usunięta.
        </Hint>
        <ResultAlert result={result} testId="mail-result" />
      </TitledPanel>
      <DataGate
        query={unsent}
        what="poczty"
        onRetry={() => void unsent.refetch()}
        isEmpty={messages.length === 0}
        empty={<EmptyState title="Wszystkie wiadomości zostały wysłane">Nic nie czeka na wysyłkę.</EmptyState>}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600} data-testid="mail-unsent-count">
              Niewysłane: {formatCount(messages.length, MESSAGES)}
            </Text>
            <Button
              variant="light"
              loading={busy === 'all'}
              disabled={busy !== null}
              onClick={() =>
                void retry(
                  messages.slice(0, BATCH).map((m) => m.id),
                  'all',
                )
              }
            >
              Wyślij ponownie wszystkie
            </Button>
          </Group>
          <DataTable
            label="Niewysłane wiadomości"
            columns={columns}
            rows={messages}
            rowKey={(row) => row.id}
            rowProps={mailRowProps}
            minWidth={720}
            striped={false}
            framed={false}
          />
        </Stack>
      </DataGate>
    </Stack>
  );
}
