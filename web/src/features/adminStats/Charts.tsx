import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { formatMoney, formatNumber } from '../../shared/format/pl';
import type { CountryRow, DayRow, MerchRow, RefundItemRow, TicketRow } from './model';
import { shortDay } from './model';

// Loaded on demand (recharts is large): the statistics tables render first, the charts follow.

const money = (zl: number) => formatMoney(Math.round(zl * 100));
const count = (n: number) => formatNumber(n, 0);

export function DailyChart({ days }: { days: readonly DayRow[] }) {
  const data = days.map((d) => ({
    day: shortDay(d.date),
    placed: d.placed,
    paid: d.paid,
    placedValue: d.placedGross / 100,
    revenue: d.paidGross / 100,
    refunded: d.refundedGross / 100,
  }));
  return (
    <>
      <BarChart
        h={240}
        data={data}
        dataKey="day"
        series={[
          { name: 'placed', label: 'Złożone', color: 'baltyk.3' },
          { name: 'paid', label: 'Opłacone', color: 'baltyk.7' },
        ]}
        valueFormatter={count}
        yAxisProps={{ allowDecimals: false }}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        role="img"
        aria-label="Zamówienia dziennie"
      />
      <BarChart
        h={220}
        data={data}
        dataKey="day"
        series={[
          { name: 'placedValue', label: 'Wartość złożonych', color: 'teal.3' },
          { name: 'revenue', label: 'Przychód (opłacone)', color: 'teal.7' },
          { name: 'refunded', label: 'Zwrócono', color: 'red.6' },
        ]}
        valueFormatter={money}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        yAxisProps={{ width: 90 }}
        role="img"
        aria-label="Wartość zamówień, przychód i zwroty dziennie"
      />
    </>
  );
}

export function RevenueDonut({ paid, pending }: { paid: number; pending: number }) {
  return (
    <DonutChart
      size={170}
      thickness={26}
      withLabelsLine={false}
      valueFormatter={(v) => money(v)}
      data={[
        { name: 'Opłacone', value: paid / 100, color: 'teal.6' },
        { name: 'Oczekuje na płatność', value: pending / 100, color: 'orange.5' },
      ]}
      chartLabel={money((paid + pending) / 100)}
      role="img"
      aria-label="Przychód: opłacone i oczekujące"
    />
  );
}

type BarSeries = { name: string; label: string; color: string }[];

/**
 * Bars lying down, one per named row (the names on an axis `labelWidth` wide), counts unless `money`;
 * several series stack, with a legend.
 */
function RowBars({
  label,
  data,
  series,
  rowHeight,
  minHeight = 140,
  labelWidth,
  money: inMoney = false,
}: {
  label: string;
  data: ({ name: string } & Record<string, string | number>)[];
  series: BarSeries;
  rowHeight: number;
  minHeight?: number;
  labelWidth: number;
  money?: boolean;
}) {
  const stacked = series.length > 1;
  return (
    <BarChart
      h={Math.max(minHeight, data.length * rowHeight)}
      orientation="vertical"
      type={stacked ? 'stacked' : 'default'}
      data={data}
      dataKey="name"
      series={series}
      valueFormatter={inMoney ? money : count}
      xAxisProps={inMoney ? { tickFormatter: (v: number) => money(v) } : { allowDecimals: false }}
      yAxisProps={{ width: labelWidth }}
      withLegend={stacked}
      legendProps={stacked ? { verticalAlign: 'bottom' } : undefined}
      role="img"
      aria-label={label}
    />
  );
}

const PAID = { name: 'paid', label: 'Opłacone', color: 'baltyk.7' };
const RESERVED = { name: 'reserved', label: 'Zarezerwowane', color: 'orange.5' };

export function TicketsChart({ rows }: { rows: TicketRow[] }) {
  return (
    <RowBars
      label="Bilety według rodzaju na tle puli"
      data={rows.map((r) => ({ name: r.name, paid: r.paid, reserved: r.reserved, left: r.left }))}
      series={[PAID, RESERVED, { name: 'left', label: 'Wolne (do puli)', color: 'gray.3' }]}
      rowHeight={56}
      minHeight={160}
      labelWidth={150}
    />
  );
}

export function MerchChart({ rows }: { rows: MerchRow[] }) {
  return (
    <RowBars
      label="Sprzedaż gadżetów według wariantu"
      data={rows.map((r) => ({ name: `${r.product} — ${r.variant}`, paid: r.paid, reserved: r.reserved }))}
      series={[PAID, RESERVED]}
      rowHeight={40}
      minHeight={160}
      labelWidth={200}
    />
  );
}

export function CountryChart({ rows }: { rows: CountryRow[] }) {
  return (
    <RowBars
      label="Uczestnicy według kraju"
      data={rows.map((r) => ({ name: r.name, accounts: r.accounts }))}
      series={[{ name: 'accounts', label: 'Konta', color: 'baltyk.5' }]}
      rowHeight={36}
      labelWidth={120}
    />
  );
}

export function RefundsChart({ rows }: { rows: RefundItemRow[] }) {
  return (
    <RowBars
      label="Zwroty według pozycji"
      data={rows.map((r) => ({ name: r.name, value: r.gross / 100 }))}
      series={[{ name: 'value', label: 'Wartość zwróconych', color: 'red.6' }]}
      rowHeight={40}
      labelWidth={200}
      money
    />
  );
}
