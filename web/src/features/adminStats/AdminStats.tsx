import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { LoadError, LoadingRows } from '../../shared/ui/DataState';
import {
  useStatsAdminQuery,
  useStatsRefundsQuery,
  useStatsArchivedProductsQuery,
  useStatsArchivedTicketTypesQuery,
  useStatsCountriesQuery,
  useStatsProductsQuery,
  useStatsTicketTypesQuery,
} from './api';
import { CatalogueSectionsGrid, CountriesSection, RefundsSection } from './CatalogueSections';
import { CsvExport } from './CsvExport';
import { DiscountsSection } from './DiscountsSection';
import { WaitingListStats } from '../waitingList';
import { countryRows, daysWithRefunds, discountRows, merchRows, refundItemRows, ticketRows } from './model';
import { DailySection, KpiGrid, PickupsSection, RevenueSection } from './SalesOverview';

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
  if (stats.isError || !stats.data)
    return (
      <LoadError error={stats.error} onRetry={stats.refetch}>
        Nie udało się wczytać statystyk sprzedaży.
      </LoadError>
    );
  const s = stats.data;
  const refunds = refundStats.data;
  const allTicketTypes = [...(ticketTypes.data ?? []), ...(archivedTicketTypes.data ?? [])];
  const allProducts = [...(products.data ?? []), ...(archivedProducts.data ?? [])];

  return (
    <Stack gap="lg" data-testid="admin-stats">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="xl">
          Sprzedaż (administrator)
        </Title>
        <CsvExport />
      </Group>
      <KpiGrid s={s} refunds={refunds} />
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <div style={{ gridColumn: 'span 2' }}>
          <DailySection days={daysWithRefunds(s.perDay, refunds)} />
        </div>
        <Stack gap="md">
          <RevenueSection s={s} />
          <PickupsSection pickups={s.pickups} />
        </Stack>
      </SimpleGrid>
      <CatalogueSectionsGrid
        tickets={ticketRows(s, ticketTypes.data ?? [], archivedTicketTypes.data ?? [], refunds)}
        merch={merchRows(s, products.data ?? [], archivedProducts.data ?? [], refunds)}
      />
      <RefundsSection
        items={refunds ? refundItemRows(refunds, allTicketTypes, allProducts) : []}
        refundedGross={refunds?.gross ?? 0}
      />
      <DiscountsSection rows={discountRows(s)} />
      <CountriesSection byCountry={countryRows(s, countries.data ?? {})} />
      <WaitingListStats />
    </Stack>
  );
}
