import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatCount, formatDateTime, type NounForms } from '../../../shared/format/pl';
import { nestQuotes } from '@domain/words';
import { syncQueue, type StationConflict, type StationDeviceState } from './sync';
import { QUEUED_LABEL, type QueuedHandOut, type SyncRefusal } from './queue';
import { byRecordingOrder } from './sending';
import { ConflictFacts, conflictTitle } from '../ConflictFacts';
import { PlainList } from '../../../shared/ui/PlainList';
import { TitledStack } from '../../../shared/ui/TitledStack';
import { Hint } from '../../../shared/ui/Hint';
import { DeviceNotices } from './DeviceNotices';

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

/** How the station marks a hand-out the server refused (it stays on the device). */
const REFUSED_LABEL = 'odrzucone przez serwer';

/**
 * The server's reason as a sentence: most of the callables' Polish messages end without a full stop,
 * and quote names that may carry quotes of their own („Koszulka „Bałtyk” (M)”). A refusal without a
 * reason (none of the functions' own) says so.
 */
const sentence = (reason: string) => {
  const text = nestQuotes(reason.trim()) || 'Serwer nie podał przyczyny';
  return /[.!?…]$/.test(text) ? text : `${text}.`;
};

const refusedOf = (queue: readonly QueuedHandOut[]) =>
  byRecordingOrder(queue).filter((h): h is QueuedHandOut & { refused: SyncRefusal } => h.refused !== undefined);

/**
 * What the server refused to take, said so that staff can act on it: nothing refused is dropped (it
 * waits on the device), the automatic retries do not repeat it, and „Wyślij zapisane” sends it again
 * once an administrator has dealt with the cause. Without this a refused send would look like one
 * still waiting for the network.
 */
function SyncRefusals({ device: d }: { device: StationDeviceState }) {
  const refused = refusedOf(d.queue);
  if (!d.refusal && refused.length === 0) return null;
  return (
    <Alert color="red" radius="md" title="Serwer odrzucił wysyłkę wydań" data-testid="sync-refusal">
      <Stack gap={4}>
        {d.refusal && (
          <Text size="sm" data-testid="sync-refusal-all">
            Serwer odrzucił wysyłkę wydań: {sentence(d.refusal.message)} Wydania zapisane na tym urządzeniu nie zostały
            wysłane. Zgłoś to administratorowi.
          </Text>
        )}
        {refused.length > 0 && (
          <>
            <Text size="sm">
              Serwer odrzucił {formatCount(refused.length, HAND_OUTS)}; pozostałe wydania są wysyłane. Zgłoś to
              administratorowi.
            </Text>
            <PlainList gap={2}>
              {refused.map((h) => (
                <Text component="li" size="sm" key={h.id} data-testid="refused-handout">
                  {h.label}
                  {h.quantity > 1 ? ` × ${h.quantity}` : ''} — {h.personName}: {sentence(h.refused.message)}
                </Text>
              ))}
            </PlainList>
          </>
        )}
        <Text size="sm">
          Wydania zostają na tym urządzeniu. Gdy administrator usunie przyczynę, naciśnij „Wyślij zapisane”.
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * Where the station's data comes from, how fresh the device's copy is, what keeps it from being used,
 * what waits to be sent and what the server refused.
 */
export function DeviceStatus({ device }: { device: StationDeviceState }) {
  return (
    <>
      <Connection device={device} />
      <DeviceNotices device={device} />
      <SyncRefusals device={device} />
    </>
  );
}

function Connection({ device: d }: { device: StationDeviceState }) {
  const waiting = d.queue.length;
  if (d.online) {
    return (
      <Stack gap={4}>
        <Group
          gap="xs"
          justify="space-between"
          wrap="wrap"
          data-testid="station-device-status"
          data-online="true"
          data-copy-at={d.directoryAt ?? undefined}
        >
          <Hint>Połączono · kopia na urządzeniu: {freshness(d.directoryAt)}</Hint>
          {waiting > 0 && (
            <Button
              size="xs"
              variant="light"
              loading={d.syncing}
              // By hand: hand-outs the server refused go once more (their cause may be dealt with).
              onClick={() => void syncQueue({ again: true })}
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
            <Group
              component="li"
              key={h.id}
              justify="space-between"
              gap="xs"
              wrap="wrap"
              data-testid="queued-handout"
              data-refused={h.refused ? 'true' : 'false'}
            >
              <Text size="sm">
                {h.label}
                {h.quantity > 1 ? ` × ${h.quantity}` : ''} — {h.personName} · {formatDateTime(h.at)}
              </Text>
              <Badge color={h.refused ? 'red' : 'yellow'} variant="light" tt="none">
                {h.refused ? REFUSED_LABEL : QUEUED_LABEL}
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
