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

export function TicketsChart({ rows }: { rows: TicketRow[] }) {
  return (
    <BarChart
      h={Math.max(160, rows.length * 56)}
      orientation="vertical"
      type="stacked"
      data={rows.map((r) => ({ name: r.name, paid: r.paid, reserved: r.reserved, left: r.left }))}
      dataKey="name"
      series={[
        { name: 'paid', label: 'Opłacone', color: 'baltyk.7' },
        { name: 'reserved', label: 'Zarezerwowane', color: 'orange.5' },
        { name: 'left', label: 'Wolne (do puli)', color: 'gray.3' },
      ]}
      valueFormatter={count}
      xAxisProps={{ allowDecimals: false }}
      yAxisProps={{ width: 150 }}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      role="img"
      aria-label="Bilety według rodzaju na tle puli"
    />
  );
}

export function MerchChart({ rows }: { rows: MerchRow[] }) {
  return (
    <BarChart
      h={Math.max(160, rows.length * 40)}
      orientation="vertical"
      type="stacked"
      data={rows.map((r) => ({ name: `${r.product} — ${r.variant}`, paid: r.paid, reserved: r.reserved }))}
      dataKey="name"
      series={[
        { name: 'paid', label: 'Opłacone', color: 'baltyk.7' },
        { name: 'reserved', label: 'Zarezerwowane', color: 'orange.5' },
      ]}
      valueFormatter={count}
      xAxisProps={{ allowDecimals: false }}
      yAxisProps={{ width: 200 }}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      role="img"
      aria-label="Sprzedaż gadżetów według wariantu"
    />
  );
}

export function CountryChart({ rows }: { rows: CountryRow[] }) {
  return (
    <BarChart
      h={Math.max(140, rows.length * 36)}
      orientation="vertical"
      data={rows.map((r) => ({ name: r.name, accounts: r.accounts }))}
      dataKey="name"
      series={[{ name: 'accounts', label: 'Konta', color: 'baltyk.5' }]}
      valueFormatter={count}
      xAxisProps={{ allowDecimals: false }}
      yAxisProps={{ width: 120 }}
      role="img"
      aria-label="Uczestnicy według kraju"
    />
  );
}

export function RefundsChart({ rows }: { rows: RefundItemRow[] }) {
  return (
    <BarChart
      h={Math.max(140, rows.length * 40)}
      orientation="vertical"
      data={rows.map((r) => ({ name: r.name, value: r.gross / 100 }))}
      dataKey="name"
      series={[{ name: 'value', label: 'Wartość zwróconych', color: 'red.6' }]}
      valueFormatter={money}
      yAxisProps={{ width: 200 }}
      xAxisProps={{ tickFormatter: (v: number) => money(v) }}
      role="img"
      aria-label="Zwroty według pozycji"
    />
  );
}
