import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, RingProgress, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatCount, formatMoney, formatNumber, formatPercent, NOUNS } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { refusalOf } from '../../shared/ui/formErrors';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { MalformedRecordError } from '../../shared/api/realtime';
import {
  fetchAllOrders,
  fetchRefundsForExport,
  useStatsAdminQuery,
  useStatsRefundsQuery,
  useStatsArchivedProductsQuery,
  useStatsArchivedTicketTypesQuery,
  useStatsCountriesQuery,
  useStatsProductsQuery,
  useStatsTicketTypesQuery,
} from './api';
import { WaitingListStats } from '../waitingList';
import { downloadCsv, ordersCsv, refundsCsv } from './csv';
import { countryRows, dailyRows, daysWithRefunds, merchRows, refundItemRows, ticketRows } from './model';

const DailyChart = lazy(() => import('./Charts').then((m) => ({ default: m.DailyChart })));
const RevenueDonut = lazy(() => import('./Charts').then((m) => ({ default: m.RevenueDonut })));
const TicketsChart = lazy(() => import('./Charts').then((m) => ({ default: m.TicketsChart })));
const MerchChart = lazy(() => import('./Charts').then((m) => ({ default: m.MerchChart })));
const CountryChart = lazy(() => import('./Charts').then((m) => ({ default: m.CountryChart })));
const RefundsChart = lazy(() => import('./Charts').then((m) => ({ default: m.RefundsChart })));
const CORRECTIONS = ['faktura korygująca', 'faktury korygujące', 'faktur korygujących'] as const;

const n = (v: number) => formatNumber(v, 0);

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function ChartSlot({ children, h = 200 }: { children: ReactNode; h?: number }) {
  return <Suspense fallback={<Skeleton h={h} radius="md" role="status" aria-busy="true" aria-label="Wczytywanie wykresu" />}>{children}</Suspense>;
}

type NumbersRow = { index: number; cells: (string | number)[] };

/** A table of numbers: the first column names the row, the others are right-aligned figures. */
function NumbersTable({ caption, head, rows, minWidth = 360 }: { caption: string; head: string[]; rows: (string | number)[][]; minWidth?: number }) {
  const columns: DataColumn<NumbersRow>[] = head.map((h, i) => ({ key: h, header: h, align: i === 0 ? undefined : 'right', nowrap: i > 0, cell: (row) => row.cells[i] }));
  return (
    <DataTable
      label={caption}
      columns={columns}
      rows={rows.map((cells, index) => ({ index, cells }))}
      rowKey={(row) => String(row.index)}
      minWidth={minWidth}
      framed={false}
      tableProps={{ fz: 'sm', withTableBorder: true, verticalSpacing: 'xs' }}
    />
  );
}

function Kpi({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {/* 20 px on a phone, where two cards share 390 px; amounts too long even then wrap, never overflow. */}
      <Text fz={{ base: 20, xs: 26 }} fw={800} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

const EXPORTS = [
  { value: 'all', label: 'Wszystkie zamówienia' },
  { value: 'paid', label: 'Tylko opłacone' },
  { value: 'pending', label: 'Tylko oczekujące' },
  { value: 'cancelled', label: 'Tylko anulowane' },
  { value: 'refunds', label: 'Zwroty (faktury korygujące)' },
];

function CsvExport() {
  const [which, setWhich] = useState('all');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function run() {
    setBusy(true);
    setMessage(null);
    try {
      const day = new Date().toISOString().slice(0, 10);
      if (which === 'refunds') {
        const { refunds, corrections } = await fetchRefundsForExport();
        downloadCsv(refundsCsv(corrections, refunds), `zwroty-${day}.csv`);
        setMessage({ ok: true, text: `Pobrano plik CSV (${formatCount(corrections.length, CORRECTIONS)}).` });
        return;
      }
      const [all, { refunds }] = await Promise.all([fetchAllOrders(), fetchRefundsForExport()]);
      const orders = all.filter((o) => which === 'all' || o.status === which);
      downloadCsv(ordersCsv(orders, refunds), `zamowienia-${which === 'all' ? 'wszystkie' : which}-${day}.csv`);
      setMessage({ ok: true, text: `Pobrano plik CSV (${formatCount(orders.length, NOUNS.order)}).` });
    } catch (error) {
      // A malformed stored order names itself; anything else is the callable-style refusal text.
      setMessage({ ok: false, text: error instanceof MalformedRecordError ? error.message : refusalOf(error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label="Eksport do CSV" data={EXPORTS} value={which} onChange={(v) => setWhich(v ?? 'all')} allowDeselect={false} w={260} />
        <Button onClick={run} loading={busy} variant="light" data-testid="export-csv">
          Pobierz CSV
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Dla księgowości: separator „;”, kodowanie UTF-8, kwoty w formacie 1234,50 — plik otwiera się wprost w Excelu.
      </Text>
      {message && (
        <Alert color={message.ok ? 'green' : 'red'} variant="light" py={6}>
          {message.text}
        </Alert>
      )}
    </Stack>
  );
}

/** The admin part of /dashboard/statystyki: live counters from /stats/admin, charts and the same numbers as tables. */
export default function AdminStats() {
  const stats = useStatsAdminQuery();
  const refundStats = useStatsRefundsQuery();
  const ticketTypes = useStatsTicketTypesQuery();
  const archivedTicketTypes = useStatsArchivedTicketTypesQuery();
  const products = useStatsProductsQuery();
  const archivedProducts = useStatsArchivedProductsQuery();
  const countries = useStatsCountriesQuery();

  if (stats.isLoading) return <LoadingRows label="Wczytywanie statystyk sprzedaży" rows={6} />;
  if (stats.isError || !stats.data) return <LoadError error={stats.error} onRetry={stats.refetch}>Nie udało się wczytać statystyk sprzedaży.</LoadError>;
  const s = stats.data;
  const refunds = refundStats.data;
  const tickets = ticketRows(s, ticketTypes.data ?? [], archivedTicketTypes.data ?? [], refunds);
  const merch = merchRows(s, products.data ?? [], archivedProducts.data ?? [], refunds);
  const days = daysWithRefunds(s.perDay, refunds);
  const refundedGross = refunds?.gross ?? 0;
  const refundItems = refunds ? refundItemRows(refunds, [...(ticketTypes.data ?? []), ...(archivedTicketTypes.data ?? [])], [...(products.data ?? []), ...(archivedProducts.data ?? [])]) : [];
  // The chart shows what sold; the table below lists every variant, sold or not.
  const merchSold = merch.filter((m) => m.paid + m.reserved > 0);
  const byCountry = countryRows(s, countries.data ?? {});
  const pickedRatio = s.pickups.total > 0 ? s.pickups.picked / s.pickups.total : 0;
  const revenueTotal = s.revenue.paidGross + s.revenue.pendingGross;

  return (
    <Stack gap="lg" data-testid="admin-stats">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="xl">
          Sprzedaż (administrator)
        </Title>
        <CsvExport />
      </Group>

      <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} spacing="sm">
        <Kpi label="Przychód opłacony" value={formatMoney(s.revenue.paidGross)} testId="kpi-paid-gross" hint={formatCount(s.orders.paid, NOUNS.paidOrder)} />
        <Kpi label="Zwroty" value={formatMoney(refundedGross)} testId="kpi-refunded" hint={formatCount(refunds?.count ?? 0, CORRECTIONS)} />
        <Kpi label="Przychód po zwrotach" value={formatMoney(s.revenue.paidGross - refundedGross)} testId="kpi-net-gross" />
        <Kpi label="Oczekuje na płatność" value={formatMoney(s.revenue.pendingGross)} testId="kpi-pending-gross" hint={formatCount(s.orders.pending, NOUNS.order)} />
        <Kpi label="Zamówienia anulowane" value={n(s.orders.cancelled)} testId="kpi-cancelled" />
        <Kpi label="Wydane przedmioty" value={`${n(s.pickups.picked)} / ${n(s.pickups.total)}`} testId="kpi-pickups" hint={s.pickups.total ? formatPercent(pickedRatio) : undefined} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <div style={{ gridColumn: 'span 2' }}>
          <Section title="Sprzedaż dzień po dniu" testId="stats-daily">
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
                  head={['Dzień', 'Złożone', 'Wartość złożonych', 'Opłacone', 'Przychód (opłacone)', 'Zwroty', 'Zwrócono', 'Przychód po zwrotach']}
                  rows={dailyRows(days)}
                />
              </>
            )}
          </Section>
        </div>
        <Stack gap="md">
          <Section title="Przychód: opłacone i oczekujące" testId="stats-revenue">
            {revenueTotal === 0 ? (
              <Text c="dimmed" size="sm">Brak przychodu.</Text>
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
          <Section title="Odbiór przedmiotów" testId="stats-pickups">
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
                aria-label={`Wydano ${s.pickups.picked} z ${s.pickups.total}`}
              />
              <Stack gap={2}>
                <Text>
                  Wydano: <b>{n(s.pickups.picked)}</b>
                </Text>
                <Text>
                  Czeka na odbiór: <b>{n(Math.max(0, s.pickups.total - s.pickups.picked))}</b>
                </Text>
                <Text size="sm" c="dimmed">
                  Razem pozycji: {n(s.pickups.total)}
                </Text>
              </Stack>
            </Group>
          </Section>
        </Stack>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Section title="Bilety według rodzaju (na tle puli)" testId="stats-tickets">
          {tickets.length === 0 ? (
            <Text c="dimmed" size="sm">Brak rodzajów biletów.</Text>
          ) : (
            <>
              <ChartSlot>
                <TicketsChart rows={tickets} />
              </ChartSlot>
              <NumbersTable
                caption="Bilety według rodzaju"
                head={['Bilet', 'Opłacone', 'Zarezerw.', 'Zwrócone', 'Wolne', 'Pula']}
                rows={tickets.map((t) => [t.name, n(t.paid), n(t.reserved), n(t.refunded), n(t.left), n(t.quota)])}
              />
            </>
          )}
        </Section>
        <Section title="Sklepik: sprzedaż według wariantu" testId="stats-merch">
          {merch.length === 0 ? (
            <Text c="dimmed" size="sm">Brak produktów.</Text>
          ) : (
            <>
              {merchSold.length === 0 ? (
                <Text c="dimmed" size="sm">Jeszcze nic nie sprzedano.</Text>
              ) : (
                <ChartSlot>
                  <MerchChart rows={merchSold} />
                </ChartSlot>
              )}
              <NumbersTable
                caption="Sprzedaż gadżetów"
                head={['Produkt', 'Wariant', 'Opłacone', 'Zarezerw.', 'Zwrócone', 'Zostało', 'Stan']}
                rows={merch.map((m) => [m.product, m.variant, n(m.paid), n(m.reserved), n(m.refunded), n(m.left), n(m.stock)])}
              />
            </>
          )}
        </Section>
      </SimpleGrid>

      <Section title="Zwroty według pozycji" testId="stats-refunds">
        {refundItems.length === 0 ? (
          <Text c="dimmed" size="sm">Nie było jeszcze zwrotów.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ChartSlot>
              <RefundsChart rows={refundItems} />
            </ChartSlot>
            <Stack gap="xs">
              <NumbersTable caption="Zwroty według pozycji" head={['Pozycja', 'Sztuk', 'Wartość (brutto)']} rows={refundItems.map((r) => [r.name, n(r.quantity), formatMoney(r.gross)])} />
              <Text size="xs" c="dimmed">
                Wartość zwróconych pozycji; zatrzymane opłaty za anulowanie pomniejszają kwotę zwróconą ({formatMoney(refundedGross)}).
              </Text>
            </Stack>
          </SimpleGrid>
        )}
      </Section>

      <Section title="Uczestnicy według kraju" testId="stats-countries">
        {byCountry.length === 0 ? (
          <Text c="dimmed" size="sm">Brak kont.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ChartSlot>
              <CountryChart rows={byCountry} />
            </ChartSlot>
            <NumbersTable caption="Konta według kraju" head={['Kraj', 'Konta']} rows={byCountry.map((c) => [c.name, n(c.accounts)])} />
          </SimpleGrid>
        )}
      </Section>

      <WaitingListStats />
    </Stack>
  );
}
