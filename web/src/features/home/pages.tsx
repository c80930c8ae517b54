import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDateRange } from '../../shared/format/pl';
import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';
import { useGetEventQuery } from './api';

function EventCard() {
  const { data: event, isLoading, isError } = useGetEventQuery();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="event-card">
      {isLoading ? (
        <Stack gap="xs" aria-label="Wczytywanie informacji o wydarzeniu">
          <Skeleton h={24} w="60%" />
          <Skeleton h={16} w="40%" />
        </Stack>
      ) : isError ? (
        <Alert color="red" variant="light">
          Nie udało się wczytać informacji o wydarzeniu. Odśwież stronę za chwilę.
        </Alert>
      ) : event ? (
        <Stack gap={4}>
          <Text size="xs" tt="uppercase" fw={700} c="baltyk">
            Wydarzenie
          </Text>
          <Title order={2} fz={22}>
            {event.name}
          </Title>
          <Group gap="xs">
            <Text c="dimmed">{event.place}</Text>
            {event.startDate && event.endDate && <Text c="dimmed">· {formatDateRange(event.startDate, event.endDate)}</Text>}
          </Group>
        </Stack>
      ) : (
        <Text c="dimmed">Organizator nie opublikował jeszcze informacji o wydarzeniu.</Text>
      )}
    </Card>
  );
}

export function DashboardHomePage() {
  return (
    <PageFrame>
      <EventCard />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Placeholder>Tutaj zobaczysz swoich uczestników i status ich biletów.</Placeholder>
        <Placeholder>Tutaj zobaczysz zamówienia oczekujące na płatność.</Placeholder>
        <Placeholder>Tutaj zobaczysz przedmioty czekające na odbiór.</Placeholder>
      </SimpleGrid>
    </PageFrame>
  );
}
