import { SimpleGrid, Stack } from '@mantine/core';
import { DataGate } from '../../shared/ui/DataState';
import {
  useStatsAdminQuery,
  useStatsRefundsQuery,
  useStatsArchivedProductsQuery,
  useStatsArchivedTicketTypesQuery,
  useStatsCountriesQuery,
  useStatsProductsQuery,
  useStatsTicketTypesQuery,
  type AdminStatsData,
} from './api';
import { CatalogueSectionsGrid, CountriesSection, RefundsSection } from './CatalogueSections';
import { CsvExport } from './CsvExport';
import { DiscountsSection } from './DiscountsSection';
import { WaitingListStats } from '../waitingList';
import { countryRows, daysWithRefunds, discountRows, merchRows, refundItemRows, ticketRows } from './model';
import { DailySection, KpiGrid, PickupsSection, RevenueSection } from './SalesOverview';
import { TitledStack } from '../../shared/ui/TitledStack';

/** What the sections count beside /stats/admin: refunds, the catalogue with its archive, country names. */
function useStatsSources() {
  return {
    refunds: useStatsRefundsQuery().data,
    ticketTypes: useStatsTicketTypesQuery().data ?? [],
    archivedTicketTypes: useStatsArchivedTicketTypesQuery().data ?? [],
    products: useStatsProductsQuery().data ?? [],
    archivedProducts: useStatsArchivedProductsQuery().data ?? [],
    countries: useStatsCountriesQuery().data ?? {},
  };
}

/** The admin part of /dashboard/statystyki: live counters from /stats/admin, charts and the same numbers as tables. */
export default function AdminStats() {
  const stats = useStatsAdminQuery();
  // Subscribed together with /stats/admin, not after it: each section fills in as its data arrives.
  const sources = useStatsSources();
  return (
    <DataGate query={stats} what="statystyk sprzedaży" rows={6} onRetry={stats.refetch}>
      {stats.data && <AdminStatsSections s={stats.data} sources={sources} />}
    </DataGate>
  );
}

function AdminStatsSections({ s, sources }: { s: AdminStatsData; sources: ReturnType<typeof useStatsSources> }) {
  const { refunds, ticketTypes, archivedTicketTypes, products, archivedProducts, countries } = sources;
  const allTicketTypes = [...ticketTypes, ...archivedTicketTypes];
  const allProducts = [...products, ...archivedProducts];
  return (
    <TitledStack
      title="Sprzedaż (administrator)"
      titleSize="xl"
      aside={<CsvExport />}
      asideAlign="flex-end"
      gap="lg"
      data-testid="admin-stats"
    >
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
        tickets={ticketRows(s, ticketTypes, archivedTicketTypes, refunds)}
        merch={merchRows(s, products, archivedProducts, refunds)}
      />
      <RefundsSection
        items={refunds ? refundItemRows(refunds, allTicketTypes, allProducts) : []}
        refundedGross={refunds?.gross ?? 0}
      />
      <DiscountsSection rows={discountRows(s)} />
      <CountriesSection byCountry={countryRows(s, countries)} />
      <WaitingListStats />
    </TitledStack>
  );
}
