import { Text } from '@mantine/core';
import { warsawDate } from '@domain/numbering';
import { dailyOnlineTotals, type DailyOnlineTotal } from '@domain/payments/onlinePayment';
import { isoToPolishDate, formatMoney } from '../../../shared/format/pl';
import { DataTable, type DataColumn } from '../../../shared/ui/DataTable';
import type { PaymentEntry } from '../api';
import { TitledStack } from '../../../shared/ui/TitledStack';
import { moneyColumn } from '../../../shared/ui/moneyColumn';
import { Hint } from '../../../shared/ui/Hint';

/** A day can give back more than it took in: the minus sign, not a hyphen. */
const signed = (grosze: number) => (grosze < 0 ? `−${formatMoney(-grosze)}` : formatMoney(grosze));

const COLUMNS: DataColumn<DailyOnlineTotal>[] = [
  { key: 'day', header: 'Dzień', nowrap: true, cell: (d) => isoToPolishDate(d.day) },
  { key: 'count', header: 'Wpłaty', align: 'right', cell: (d) => d.count },
  moneyColumn('gross', 'Kwota wpłat', (d) => d.gross),
  {
    key: 'refunded',
    header: 'Zwroty',
    align: 'right',
    nowrap: true,
    cell: (d) => (d.refunded ? `−${formatMoney(d.refunded)}` : '—'),
  },
  {
    key: 'net',
    header: 'Saldo dnia',
    align: 'right',
    nowrap: true,
    cell: (d) => (
      <Text fw={600} size="sm">
        {signed(d.net)}
      </Text>
    ),
  },
];

/** Per Warsaw day: the money that came through the provider and the refunds it completed, to compare with its settlement. */
export function DailyTotals({ payments }: { payments: readonly PaymentEntry[] }) {
  const days = dailyOnlineTotals(payments, warsawDate);
  return (
    <TitledStack title="Sumy dzienne" gap="xs" data-testid="online-daily-totals">
      <Hint>
        Każda zweryfikowana wpłata liczy się w dniu jej przyjęcia (także podwójna i zwracana), zwrot w dniu, w którym
        operator go wykonał. Porównaj z rozliczeniem Przelewy24 za ten dzień (przed prowizją operatora).
      </Hint>
      <DataTable
        label="Sumy dzienne płatności online"
        columns={COLUMNS}
        rows={days}
        rowKey={(d) => d.day}
        rowProps={(d) => ({ 'data-testid': 'online-day', 'data-day': d.day })}
        minWidth={480}
        empty={{ title: 'Brak wpłat online', children: 'Pierwsza zweryfikowana wpłata pojawi się tutaj od razu.' }}
      />
    </TitledStack>
  );
}
