import { lazy } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { formatMoney } from '../../shared/format/pl';
import type { CountryRow, MerchRow, RefundItemRow, TicketRow } from './model';
import { ChartBesideNumbers, ChartSlot, n, Note, Section } from './parts';
import { Hint } from '../../shared/ui/Hint';
import { NumbersTable } from '../../shared/ui/NumbersTable';

const TicketsChart = lazy(() => import('./Charts').then((m) => ({ default: m.TicketsChart })));
const MerchChart = lazy(() => import('./Charts').then((m) => ({ default: m.MerchChart })));
const CountryChart = lazy(() => import('./Charts').then((m) => ({ default: m.CountryChart })));
const RefundsChart = lazy(() => import('./Charts').then((m) => ({ default: m.RefundsChart })));

function TicketsSection({ tickets }: { tickets: TicketRow[] }) {
  return (
    <Section of="tickets" isEmpty={tickets.length === 0}>
      <ChartSlot>
        <TicketsChart rows={tickets} />
      </ChartSlot>
      <NumbersTable
        caption="Bilety według rodzaju"
        head={['Bilet', 'Opłacone', 'Zarezerw.', 'Zwrócone', 'Wolne', 'Pula']}
        rows={tickets.map((t) => [t.name, n(t.paid), n(t.reserved), n(t.refunded), n(t.left), n(t.quota)])}
      />
    </Section>
  );
}

function MerchSection({ merch }: { merch: MerchRow[] }) {
  // The chart shows what sold; the table lists every variant, sold or not.
  const merchSold = merch.filter((m) => m.paid + m.reserved > 0);
  return (
    <Section of="merch" isEmpty={merch.length === 0}>
      {merchSold.length === 0 ? (
        <Note>Jeszcze nic nie sprzedano.</Note>
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
    </Section>
  );
}

/** Tickets and merchandise side by side on a wide screen. */
export function CatalogueSectionsGrid({ tickets, merch }: { tickets: TicketRow[]; merch: MerchRow[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
      <TicketsSection tickets={tickets} />
      <MerchSection merch={merch} />
    </SimpleGrid>
  );
}

export function RefundsSection({ items, refundedGross }: { items: RefundItemRow[]; refundedGross: number }) {
  return (
    <Section of="refunds" isEmpty={items.length === 0}>
      <ChartBesideNumbers chart={<RefundsChart rows={items} />}>
        <Stack gap="xs">
          <NumbersTable
            caption="Zwroty według pozycji"
            head={['Pozycja', 'Sztuk', 'Wartość (brutto)']}
            rows={items.map((r) => [r.name, n(r.quantity), formatMoney(r.gross)])}
          />
          <Hint size="xs">
            Wartość zwróconych pozycji; zatrzymane opłaty za anulowanie pomniejszają kwotę zwróconą (
            {formatMoney(refundedGross)}).
          </Hint>
        </Stack>
      </ChartBesideNumbers>
    </Section>
  );
}

export function CountriesSection({ byCountry }: { byCountry: CountryRow[] }) {
  return (
    <Section of="countries" isEmpty={byCountry.length === 0}>
      <ChartBesideNumbers chart={<CountryChart rows={byCountry} />}>
        <NumbersTable
          caption="Konta według kraju"
          head={['Kraj', 'Konta']}
          rows={byCountry.map((c) => [c.name, n(c.accounts)])}
        />
      </ChartBesideNumbers>
    </Section>
  );
}
