import { Suspense, type ReactNode } from 'react';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatNumber } from '../../shared/format/pl';
import { TitledPanel } from '../../shared/ui/TitledPanel';
import { Hint } from '../../shared/ui/Hint';

export const CORRECTIONS = ['faktura korygująca', 'faktury korygujące', 'faktur korygujących'] as const;

export const n = (v: number) => formatNumber(v, 0);

/** A quiet line of the statistics: why a chart or table is missing. */
export function Note({ children }: { children: ReactNode }) {
  return <Hint>{children}</Hint>;
}

/**
 * The sections of the statistics, in one table: heading, what is said when there is nothing to count
 * yet, and a footnote under the content either way. The key names the section's test id (`stats-…`).
 */
interface SectionText {
  title: string;
  empty?: string;
  footnote?: string;
}

const SECTIONS = {
  daily: { title: 'Sprzedaż dzień po dniu' },
  revenue: { title: 'Przychód: opłacone i oczekujące' },
  pickups: { title: 'Odbiór przedmiotów' },
  tickets: { title: 'Bilety według rodzaju (na tle puli)', empty: 'Brak rodzajów biletów.' },
  merch: { title: 'Sklepik: sprzedaż według wariantu', empty: 'Brak produktów.' },
  refunds: { title: 'Zwroty według pozycji', empty: 'Nie było jeszcze zwrotów.' },
  discounts: {
    title: 'Kody rabatowe',
    empty: 'Nikt jeszcze nie użył kodu rabatowego.',
    footnote: 'Zamówienia oczekujące i opłacone; anulowane i wygasłe oddają użycia kodu.',
  },
  countries: { title: 'Uczestnicy według kraju', empty: 'Brak kont.' },
} satisfies Record<string, SectionText>;

/** One framed part of the statistics, titled; its content, or its empty note when there is nothing to count. */
export function Section({
  of,
  isEmpty = false,
  children,
}: {
  of: keyof typeof SECTIONS;
  isEmpty?: boolean;
  children: ReactNode;
}) {
  const { title, empty, footnote }: SectionText = SECTIONS[of];
  return (
    <TitledPanel title={title} testId={`stats-${of}`}>
      {isEmpty ? <Note>{empty}</Note> : children}
      {footnote && <Hint size="xs">{footnote}</Hint>}
    </TitledPanel>
  );
}

/** Where a lazily loaded chart appears, with a skeleton of its height until it does. */
export function ChartSlot({ children, h = 200 }: { children: ReactNode; h?: number }) {
  return (
    <Suspense fallback={<Skeleton h={h} radius="md" role="status" aria-busy="true" aria-label="Wczytywanie wykresu" />}>
      {children}
    </Suspense>
  );
}

/** A chart and the same numbers as a table (with anything said under it), side by side from a medium screen on. */
export function ChartBesideNumbers({ chart, children }: { chart: ReactNode; children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartSlot>{chart}</ChartSlot>
      {children}
    </SimpleGrid>
  );
}

/** One key figure at the top of the statistics. */
export function Kpi({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <Paper withBorder p="md">
      <Hint size="xs" tt="uppercase" fw={700}>
        {label}
      </Hint>
      {/* 20 px on a phone, where two cards share 390 px; amounts too long even then wrap, never overflow. */}
      <Text fz={{ base: 20, xs: 26 }} fw={800} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && <Hint size="xs">{hint}</Hint>}
    </Paper>
  );
}
