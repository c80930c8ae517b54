import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PICKUP_STATUS_LABELS } from '@domain/schemas';
import { formatDateTime } from '../../shared/format/pl';
import { DataGate, EmptyState, LoadError } from '../../shared/ui/DataState';
import { LiveStatus, useStatusAnnouncement } from '../../shared/ui/LiveStatus';
import { PageFrame } from '../../shared/ui/PageFrame';
import { QrCode } from '../../shared/ui/QrCode';
import { useIsStaff, useUid } from '../auth';
import { useGetMyPickupCodeQuery, useGetMyPickupsQuery, useGetPickupInfoQuery, type PickupEntry } from './api';
import { PlainList } from '../../shared/ui/PlainList';
import { ForMember } from '../../shared/ui/LineLabel';
import { TitledStack } from '../../shared/ui/TitledStack';
import { Hint } from '../../shared/ui/Hint';

// The staff station (PickupUserPage, PickupAddPage) is still a page frame: it arrives with its own issue.

/** Participant view: my pickup code as a QR code, items waiting for pickup, and what was already collected. */
const CODE_FAILED = 'Nie udało się wczytać kodu odbioru.';

export function PickupPage() {
  const uid = useUid() ?? '';
  const isStaff = useIsStaff();
  const items = useGetMyPickupsQuery(uid, { skip: !uid });
  const code = useGetMyPickupCodeQuery(uid, { skip: !uid });
  const info = useGetPickupInfoQuery();
  const waiting = (items.data ?? []).filter((i) => i.status === 'waiting');
  const picked = (items.data ?? []).filter((i) => i.status === 'picked');
  const announcement = useStatusAnnouncement(
    items.data,
    (i) => i.id,
    (i) => i.status,
    (changed) =>
      `${changed.map((i) => `${i.label}${i.quantity > 1 ? ` × ${i.quantity}` : ''}: ${PICKUP_STATUS_LABELS[i.status]}`).join(', ')}.`,
  );

  return (
    <PageFrame
      actions={
        isStaff ? (
          <Button component={Link} to="/dashboard/odbierz/User" variant="light">
            Stanowisko wydawania
          </Button>
        ) : undefined
      }
    >
      <LiveStatus message={announcement} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="pickup-code-card">
          <Stack align="center" gap="sm" ta="center">
            <Title order={2} fz="lg">
              Mój kod odbioru
            </Title>
            <DataGate
              query={code}
              rows={1}
              loadingLabel="Wczytywanie kodu odbioru"
              errorText={CODE_FAILED}
              onRetry={() => void code.refetch()}
              isEmpty={!code.data}
              empty={<LoadError onRetry={() => void code.refetch()}>{CODE_FAILED}</LoadError>}
            >
              {code.data && (
                <>
                  <QrCode
                    value={code.data}
                    size={280}
                    label={`Kod QR z kodem odbioru ${code.data.split('').join(' ')}`}
                  />
                  <Text ff="monospace" fz={28} fw={800} lts={4} data-testid="pickup-code">
                    {code.data}
                  </Text>
                  <Hint maw={360}>
                    Pokaż ten kod w punkcie odbioru — obsługa zeskanuje go albo wpisze ręcznie. Ustaw jasność ekranu na
                    maksimum.
                  </Hint>
                </>
              )}
            </DataGate>
          </Stack>
        </Paper>
        <Stack gap="lg">
          {info.data && (
            <Alert color="baltyk" title="Gdzie i kiedy odebrać">
              <Text size="sm">{info.data}</Text>
            </Alert>
          )}
          <TitledStack title="Do odbioru" gap="sm" sectionId="pickup-waiting">
            <DataGate
              query={items}
              what="przedmiotów do odbioru"
              rows={2}
              onRetry={() => void items.refetch()}
              isEmpty={waiting.length === 0}
              empty={
                <EmptyState title="Nic nie czeka na odbiór">
                  Opłacone gadżety (i opaski, jeśli wydarzenie je przewiduje) pojawią się tutaj po zaksięgowaniu
                  płatności.
                </EmptyState>
              }
            >
              <ItemList items={waiting} />
            </DataGate>
          </TitledStack>
          {picked.length > 0 && (
            <TitledStack title="Odebrane" gap="sm" sectionId="pickup-history">
              <ItemList items={picked} />
            </TitledStack>
          )}
        </Stack>
      </SimpleGrid>
    </PageFrame>
  );
}

function ItemList({ items }: { items: PickupEntry[] }) {
  return (
    <PlainList gap="xs">
      {items.map((item) => (
        <Paper
          component="li"
          key={item.id}
          withBorder
          radius="md"
          p="sm"
          data-testid="pickup-item"
          data-item-id={item.id}
          data-status={item.status}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>
                {item.label}
                {item.quantity > 1 ? ` × ${item.quantity}` : ''}
              </Text>
              <ForMember name={item.memberName} />
              {item.status === 'picked' && item.pickedAt && (
                <Hint size="xs">
                  Odebrano {formatDateTime(item.pickedAt)}
                  {item.pickedByName ? ` · wydał(a): ${item.pickedByName}` : ''}
                </Hint>
              )}
            </Stack>
            <Badge color={item.status === 'waiting' ? 'orange' : 'teal'} variant="light">
              {PICKUP_STATUS_LABELS[item.status]}
            </Badge>
          </Group>
        </Paper>
      ))}
    </PlainList>
  );
}
