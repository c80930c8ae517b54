import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatCount, formatDateTime, type NounForms } from '../../../shared/format/pl';
import { syncQueue, type StationConflict, type StationDeviceState } from './stationDevice';
import { byRecordingOrder, QUEUED_LABEL } from './queue';
import { ConflictFacts, conflictTitle } from '../ConflictFacts';
import { PlainList } from '../../../shared/ui/PlainList';
import { TitledStack } from '../../../shared/ui/TitledStack';
import { Hint } from '../../../shared/ui/Hint';

const HAND_OUTS: NounForms = ['wydanie', 'wydania', 'wydań'];

const freshness = (at: number | null) => (at ? `stan z ${formatDateTime(at)}` : 'brak kopii na tym urządzeniu');

/** Hand-outs another staff member recorded on this device: a count only (who and what is theirs to see). */
function OthersQueued({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Text size="sm" data-testid="others-queued">
      Na tym urządzeniu czekają wydania zapisane offline przez inną osobę z obsługi ({formatCount(count, HAND_OUTS)}).
      Zostaną wysłane, gdy ta osoba zaloguje się tutaj ponownie.
    </Text>
  );
}

/** Where the station's data comes from, how fresh the device's copy is, and what waits to be sent. */
export function DeviceStatus({ device: d }: { device: StationDeviceState }) {
  const waiting = d.queue.length;
  if (d.online) {
    return (
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap" data-testid="station-device-status" data-online="true">
          <Hint>Połączono · kopia na urządzeniu: {freshness(d.directoryAt)}</Hint>
          {waiting > 0 && (
            <Button
              size="xs"
              variant="light"
              loading={d.syncing}
              onClick={() => void syncQueue()}
              data-testid="sync-now"
            >
              Wyślij zapisane ({waiting})
            </Button>
          )}
        </Group>
        <OthersQueued count={d.othersQueued} />
      </Stack>
    );
  }
  return (
    <Alert
      color="yellow"
      radius="md"
      title="Brak sieci — tryb offline"
      data-testid="station-device-status"
      data-online="false"
    >
      <Stack gap={4}>
        <Text size="sm" data-testid="directory-freshness">
          Dane osób i przedmiotów: {freshness(d.directoryAt)}.
        </Text>
        <Text size="sm">
          Wydania zapisują się na tym urządzeniu i zostaną wysłane po powrocie sieci.
          {waiting > 0 && ` Czeka na wysłanie: ${formatCount(waiting, HAND_OUTS)}.`}
        </Text>
        <OthersQueued count={d.othersQueued} />
      </Stack>
    </Alert>
  );
}

/** Hand-outs recorded offline on this device, in the order they will be sent. */
export function QueueList({ device: d }: { device: StationDeviceState }) {
  if (d.queue.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <TitledStack title={`Zapisane offline (${d.queue.length})`} gap="xs">
        <PlainList gap={4}>
          {byRecordingOrder(d.queue).map((h) => (
            <Group component="li" key={h.id} justify="space-between" gap="xs" wrap="wrap" data-testid="queued-handout">
              <Text size="sm">
                {h.label}
                {h.quantity > 1 ? ` × ${h.quantity}` : ''} — {h.personName} · {formatDateTime(h.at)}
              </Text>
              <Badge color="yellow" variant="light" tt="none">
                {QUEUED_LABEL}
              </Badge>
            </Group>
          ))}
        </PlainList>
      </TitledStack>
    </Paper>
  );
}

function ConflictCard({ conflict: c }: { conflict: StationConflict }) {
  return (
    <Alert
      color={c.settled ? 'gray' : 'red'}
      radius="md"
      data-testid="pickup-conflict"
      data-item-id={c.itemId}
      title={conflictTitle(c)}
    >
      <ConflictFacts conflict={c} />
    </Alert>
  );
}

/** Conflicts this device took part in (all of them for an admin): who, where and when. */
export function ConflictList({ device: d }: { device: StationDeviceState }) {
  if (d.conflicts.length === 0) return null;
  return (
    <TitledStack title={`Konflikty wydań (${d.conflicts.length})`} gap="xs" sectionId="pickup-conflicts">
      {d.conflicts.map((c) => (
        <ConflictCard key={c.id} conflict={c} />
      ))}
    </TitledStack>
  );
}
