import { lazy } from 'react';
import { Group, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCount, formatMoney, formatPercent, NOUNS } from '../../shared/format/pl';
import { EmptyState } from '../../shared/ui/DataState';
import type { AdminStatsData, RefundStatsData } from './api';
import { dailyRows, type DayRow } from './model';
import { ChartSlot, CORRECTIONS, Kpi, n, Note, Section } from './parts';
import { NumbersTable } from '../../shared/ui/NumbersTable';

const DailyChart = lazy(() => import('./Charts').then((m) => ({ default: m.DailyChart })));
const RevenueDonut = lazy(() => import('./Charts').then((m) => ({ default: m.RevenueDonut })));

/** The key figures: revenue paid, refunded and after refunds, pending, cancelled, picked up. */
export function KpiGrid({ s, refunds }: { s: AdminStatsData; refunds: RefundStatsData | undefined }) {
  const refundedGross = refunds?.gross ?? 0;
  const pickedRatio = s.pickups.total > 0 ? s.pickups.picked / s.pickups.total : 0;
  return (
    <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} spacing="sm">
      <Kpi
        label="Przychód opłacony"
        value={formatMoney(s.revenue.paidGross)}
        testId="kpi-paid-gross"
        hint={formatCount(s.orders.paid, NOUNS.paidOrder)}
      />
      <Kpi
        label="Zwroty"
        value={formatMoney(refundedGross)}
        testId="kpi-refunded"
        hint={formatCount(refunds?.count ?? 0, CORRECTIONS)}
      />
      <Kpi
        label="Przychód po zwrotach"
        value={formatMoney(s.revenue.paidGross - refundedGross)}
        testId="kpi-net-gross"
      />
      <Kpi
        label="Oczekuje na płatność"
        value={formatMoney(s.revenue.pendingGross)}
        testId="kpi-pending-gross"
        hint={formatCount(s.orders.pending, NOUNS.order)}
      />
      <Kpi label="Zamówienia anulowane" value={n(s.orders.cancelled)} testId="kpi-cancelled" />
      <Kpi
        label="Wydane przedmioty"
        value={`${n(s.pickups.picked)} / ${n(s.pickups.total)}`}
        testId="kpi-pickups"
        hint={s.pickups.total ? formatPercent(pickedRatio) : undefined}
      />
    </SimpleGrid>
  );
}

export function DailySection({ days }: { days: DayRow[] }) {
  return (
    <Section of="daily">
      {days.length === 0 ? (
        <EmptyState title="Brak zamówień">Wykres pojawi się po pierwszym zamówieniu.</EmptyState>
      ) : (
        <>
          <ChartSlot h={460}>
            <DailyChart days={days} />
          </ChartSlot>
          <NumbersTable
            caption="Sprzedaż dziennie"
            minWidth={720}
            head={[
              'Dzień',
              'Złożone',
              'Wartość złożonych',
              'Opłacone',
              'Przychód (opłacone)',
              'Zwroty',
              'Zwrócono',
              'Przychód po zwrotach',
            ]}
            rows={dailyRows(days)}
          />
        </>
      )}
    </Section>
  );
}

export function RevenueSection({ s }: { s: AdminStatsData }) {
  const revenueTotal = s.revenue.paidGross + s.revenue.pendingGross;
  return (
    <Section of="revenue">
      {revenueTotal === 0 ? (
        <Note>Brak przychodu.</Note>
      ) : (
        <Group justify="center">
          <ChartSlot h={170}>
            <RevenueDonut paid={s.revenue.paidGross} pending={s.revenue.pendingGross} />
          </ChartSlot>
        </Group>
      )}
      <NumbersTable
        caption="Przychód"
        minWidth={0}
        head={['', 'Kwota', 'Liczba']}
        rows={[
          ['Opłacone', formatMoney(s.revenue.paidGross), n(s.orders.paid)],
          ['Oczekuje', formatMoney(s.revenue.pendingGross), n(s.orders.pending)],
        ]}
      />
    </Section>
  );
}

export function PickupsSection({ pickups }: { pickups: AdminStatsData['pickups'] }) {
  const pickedRatio = pickups.total > 0 ? pickups.picked / pickups.total : 0;
  return (
    <Section of="pickups">
      <Group wrap="nowrap">
        <RingProgress
          size={110}
          thickness={12}
          roundCaps={pickedRatio > 0}
          sections={[{ value: pickedRatio * 100, color: 'teal' }]}
          label={
            <Text ta="center" fw={700} size="sm">
              {formatPercent(pickedRatio, 0)}
            </Text>
          }
          aria-label={`Wydano ${pickups.picked} z ${pickups.total}`}
        />
        <Stack gap={2}>
          <Text>
            Wydano: <b>{n(pickups.picked)}</b>
          </Text>
          <Text>
            Czeka na odbiór: <b>{n(Math.max(0, pickups.total - pickups.picked))}</b>
          </Text>
          <Note>Razem pozycji: {n(pickups.total)}</Note>
        </Stack>
      </Group>
    </Section>
  );
}
