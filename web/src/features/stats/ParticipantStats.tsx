import { Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatNumber, NOUNS, pluralForm } from '../../shared/format/pl';
import { publicStatsSchema } from '@domain/statsSchemas';
import { injectRealtimeEndpoints, parseRecord, realtimeEndpoint } from '../../shared/api/realtime';
import { DataGate, EmptyState, LoadError } from '../../shared/ui/DataState';
import { useGetTicketTypesQuery } from '../catalogue';
import { TitledStack } from '../../shared/ui/TitledStack';
import { Hint } from '../../shared/ui/Hint';

interface PublicStats {
  accounts: number;
  ticketsPaid: number;
}

const statsApi = injectRealtimeEndpoints((build) => ({
  getPublicStats: build.query<PublicStats, void>(
    realtimeEndpoint(
      () => 'stats/public',
      (raw) => {
        const s = raw == null ? {} : parseRecord(publicStatsSchema, raw, 'stats/public');
        return { accounts: s.accounts ?? 0, ticketsPaid: s.ticketsPaid ?? 0 };
      },
    ),
  ),
}));

function Figure({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Hint>{label}</Hint>
      <Text fz={34} fw={800} data-testid={testId}>
        {value === undefined ? '—' : formatNumber(value)}
      </Text>
    </Card>
  );
}

/** What every participant sees: how many registered, how many tickets of each type are left (live). */
export function ParticipantStats() {
  const stats = statsApi.useGetPublicStatsQuery();
  const types = useGetTicketTypesQuery();
  return (
    <Stack gap="lg" data-testid="participant-stats">
      {stats.isError ? (
        <LoadError error={stats.error}>Nie udało się wczytać statystyk.</LoadError>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Figure label="Zarejestrowane konta" value={stats.data?.accounts} testId="stat-accounts" />
          <Figure label="Uczestnicy z opłaconym biletem" value={stats.data?.ticketsPaid} testId="stat-tickets-paid" />
        </SimpleGrid>
      )}
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Pozostałe bilety">
        <TitledStack title="Pozostałe bilety">
          <DataGate
            query={types}
            what="biletów"
            isEmpty={(types.data ?? []).length === 0}
            empty={<EmptyState title="Brak biletów w sprzedaży" />}
          >
            {(types.data ?? []).map((t) => {
              const soldShare = t.quota > 0 ? (Math.min(t.sold, t.quota) / t.quota) * 100 : 100;
              return (
                <Stack key={t.id} gap={4} data-testid="stat-ticket-type">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {t.name}
                    </Text>
                    <Text size="sm" fw={700} c={t.available === 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
                      {t.available === 0
                        ? 'wyprzedane'
                        : `${pluralForm(t.available, NOUNS.left)} ${formatNumber(t.available)} z ${formatNumber(t.quota)}`}
                    </Text>
                  </Group>
                  <Progress
                    value={soldShare}
                    aria-label={`${t.name}: sprzedano ${Math.round(soldShare)}% puli`}
                    color={t.available === 0 ? 'red' : 'baltyk'}
                  />
                </Stack>
              );
            })}
          </DataGate>
        </TitledStack>
      </Card>
    </Stack>
  );
}
