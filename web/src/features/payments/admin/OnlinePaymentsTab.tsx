import { Stack } from '@mantine/core';
import { DataGate } from '../../../shared/ui/DataState';
import { useGetAllPaymentsQuery, useGetPaymentNotificationsQuery } from '../api';
import { DailyTotals } from './DailyTotals';
import { NotificationLog } from './NotificationLog';
import { OnlineRefundCandidates } from './OnlineRefundCandidates';
import { PaymentTransactions } from './PaymentTransactions';

/**
 * Admin „Płatności online” (docs/payments.md): the payments waiting to be returned, the daily sums to
 * compare with the provider's settlement, every transaction with its notifications, and the log of
 * every notification received. Live: a notification shows up as it is handled.
 */
export function OnlinePaymentsTab() {
  const payments = useGetAllPaymentsQuery();
  const log = useGetPaymentNotificationsQuery();
  const list = payments.data ?? [];
  return (
    <DataGate query={payments} what="płatności online" rows={4} onRetry={() => void payments.refetch()}>
      <Stack gap="xl" data-testid="online-payments-tab">
        <OnlineRefundCandidates />
        <DailyTotals payments={list} />
        <PaymentTransactions payments={list} notifications={log.data ?? []} />
        <NotificationLog notifications={log.data ?? []} payments={list} source={log} />
      </Stack>
    </DataGate>
  );
}
