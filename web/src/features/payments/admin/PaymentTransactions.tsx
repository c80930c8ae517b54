import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  ONLINE_PAYMENT_STATUS_LABELS,
  PROVIDER_REFUND_STATUS_LABELS,
  NOTIFICATION_RESULT_LABELS,
} from '@domain/payments/onlinePayment';
import { p24MethodLabel } from '@domain/payments/p24Methods';
import { formatDateTime, formatMoney } from '../../../shared/format/pl';
import { DataTable, type DataColumn } from '../../../shared/ui/DataTable';
import type { NotificationEntry, PaymentEntry } from '../api';
import { resultColor, STATUS_COLORS } from './labels';
import { TitledStack } from '../../../shared/ui/TitledStack';
import { moneyColumn } from '../../../shared/ui/moneyColumn';
import { Hint } from '../../../shared/ui/Hint';

const SHOWN = 200;

type Row = PaymentEntry & { notifications: NotificationEntry[] };

function StatusCell({ p }: { p: PaymentEntry }) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={STATUS_COLORS[p.status]} variant="light" style={{ textTransform: 'none' }}>
        {ONLINE_PAYMENT_STATUS_LABELS[p.status]}
      </Badge>
      {p.late && <Text size="xs">po terminie — zamówienie przywrócone</Text>}
      {Object.values(p.refunds ?? {}).map((r, i) => (
        <Hint key={i} size="xs">
          zwrot {formatMoney(r.amount)}: {PROVIDER_REFUND_STATUS_LABELS[r.status]}
        </Hint>
      ))}
    </Stack>
  );
}

function NotificationsCell({ list }: { list: NotificationEntry[] }) {
  if (!list.length) return <Hint>brak</Hint>;
  const counts = new Map<NotificationEntry['result'], number>();
  for (const n of list) counts.set(n.result, (counts.get(n.result) ?? 0) + 1);
  return (
    <Group gap={4}>
      {[...counts].map(([result, n]) => (
        <Badge key={result} color={resultColor(result)} variant="light" style={{ textTransform: 'none' }}>
          {NOTIFICATION_RESULT_LABELS[result]}
          {n > 1 ? ` ×${n}` : ''}
        </Badge>
      ))}
    </Group>
  );
}

const COLUMNS: DataColumn<Row>[] = [
  { key: 'created', header: 'Rozpoczęta', nowrap: true, cell: (p) => formatDateTime(p.createdAt) },
  {
    key: 'order',
    header: 'Zamówienie',
    cell: (p) => (
      <>
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {p.orderNumber}
        </Text>
        {p.invoiceNumber && <Hint size="xs">faktura {p.invoiceNumber}</Hint>}
      </>
    ),
  },
  { key: 'method', header: 'Metoda', cell: (p) => p24MethodLabel(p.methodId) },
  moneyColumn('amount', 'Kwota', (p) => p.amount),
  { key: 'status', header: 'Stan', cell: (p) => <StatusCell p={p} /> },
  { key: 'notifications', header: 'Powiadomienia', cell: (p) => <NotificationsCell list={p.notifications} /> },
];

/** Every provider transaction: its order, method, amount, state, refunds and the notifications it got. */
export function PaymentTransactions({
  payments,
  notifications,
}: {
  payments: readonly PaymentEntry[];
  notifications: readonly NotificationEntry[];
}) {
  const bySession = new Map<string, NotificationEntry[]>();
  // In the order they arrived.
  for (const n of [...notifications].sort((a, b) => a.at - b.at))
    if (n.sessionId) bySession.set(n.sessionId, [...(bySession.get(n.sessionId) ?? []), n]);
  const rows: Row[] = payments.map((p) => ({ ...p, notifications: bySession.get(p.sessionId) ?? [] }));
  return (
    <TitledStack title={`Transakcje (${payments.length})`} gap="xs">
      <DataTable
        label="Transakcje płatności online"
        columns={COLUMNS}
        rows={rows}
        rowKey={(p) => p.sessionId}
        rowProps={(p) => ({
          'data-testid': 'online-payment-row',
          'data-order-number': p.orderNumber,
          'data-status': p.status,
        })}
        minWidth={860}
        limit={SHOWN}
        overflow={(shown, total) => `Pokazano ${shown} najnowszych z ${total} transakcji.`}
        empty={{
          title: 'Nie ma jeszcze transakcji',
          children: 'Transakcja pojawia się, gdy uczestnik wybierze „Zapłać online”.',
        }}
      />
    </TitledStack>
  );
}
