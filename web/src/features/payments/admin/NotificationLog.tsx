import { useState } from 'react';
import { Badge, Switch, Text } from '@mantine/core';
import { NOTIFICATION_RESULT_LABELS, NOTIFICATION_RESULTS_TO_CHECK } from '@domain/payments/onlinePayment';
import { p24MethodLabel } from '@domain/payments/p24Methods';
import { formatDateTime, formatMoney } from '../../../shared/format/pl';
import { DataTable, type DataColumn, type DataSource } from '../../../shared/ui/DataTable';
import { NOTIFICATION_LOG_LIMIT, type NotificationEntry, type PaymentEntry } from '../api';
import { resultColor } from './labels';
import { TitledStack } from '../../../shared/ui/TitledStack';
import { Hint } from '../../../shared/ui/Hint';

function columns(orderOf: (sessionId: string | undefined) => string): DataColumn<NotificationEntry>[] {
  return [
    { key: 'at', header: 'Otrzymano', nowrap: true, cell: (n) => formatDateTime(n.at) },
    { key: 'kind', header: 'Dotyczy', cell: (n) => (n.kind === 'refund' ? 'zwrotu' : 'wpłaty') },
    {
      key: 'result',
      header: 'Wynik',
      cell: (n) => (
        <Badge color={resultColor(n.result)} variant="light" style={{ textTransform: 'none' }}>
          {NOTIFICATION_RESULT_LABELS[n.result]}
        </Badge>
      ),
    },
    {
      key: 'order',
      header: 'Zamówienie',
      cell: (n) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {orderOf(n.sessionId)}
        </Text>
      ),
    },
    {
      key: 'amount',
      header: 'Kwota',
      align: 'right',
      nowrap: true,
      cell: (n) => (n.amount === undefined ? '—' : formatMoney(n.amount)),
    },
    {
      key: 'detail',
      header: 'Szczegóły',
      cell: (n) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {[n.methodId === undefined ? null : p24MethodLabel(n.methodId), n.detail].filter(Boolean).join(' · ') || '—'}
        </Text>
      ),
    },
  ];
}

/**
 * Every notification as it arrived, newest first — also the forged, late, repeated and unverified
 * ones, which changed nothing and are kept here for the organiser.
 */
export function NotificationLog({
  notifications,
  payments,
  source,
}: {
  notifications: readonly NotificationEntry[];
  payments: readonly PaymentEntry[];
  source: DataSource;
}) {
  const [onlyToCheck, setOnlyToCheck] = useState(false);
  const orders = new Map(payments.map((p) => [p.sessionId, p.orderNumber]));
  const orderOf = (sessionId: string | undefined) => (sessionId && orders.get(sessionId)) || 'nieznana sesja';
  const rows = onlyToCheck ? notifications.filter((n) => NOTIFICATION_RESULTS_TO_CHECK.has(n.result)) : notifications;
  return (
    <TitledStack
      title="Powiadomienia operatora"
      gap="xs"
      aside={
        <Switch
          label="Tylko do sprawdzenia"
          checked={onlyToCheck}
          onChange={(e) => setOnlyToCheck(e.currentTarget.checked)}
        />
      }
      asideAlign="flex-end"
      data-testid="payment-notification-log"
    >
      <Hint>
        {NOTIFICATION_LOG_LIMIT} najnowszych. Odrzucone (zła suma kontrolna, inna kwota, nieznana sesja), powtórzone i
        spóźnione niczego nie zmieniły — są tu, żeby było widać, co przyszło.
      </Hint>
      <DataTable
        label="Powiadomienia operatora płatności"
        columns={columns(orderOf)}
        rows={rows}
        rowKey={(n) => n.id}
        rowProps={(n) => ({ 'data-testid': 'payment-notification-row', 'data-result': n.result })}
        minWidth={820}
        source={source}
        what="powiadomień"
        empty={{
          title: onlyToCheck ? 'Nic do sprawdzenia' : 'Brak powiadomień',
          children: onlyToCheck ? 'Żadne powiadomienie nie zostało odrzucone.' : undefined,
        }}
      />
    </TitledStack>
  );
}
