import { Alert, Button, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/format/pl';
import { Hint } from '../../../shared/ui/Hint';
import { useClock } from '../../../shared/ui/useClock';
import { acceptOldCopy, copyTooOld, type StationDeviceState } from './sync';

/**
 * Offline on a copy older than COPY_MAX_AGE_MS (sync.ts): hand-outs wait until staff accept its age
 * here (queueHandOut refuses them until then), and the warning stays while they hand out from it.
 */
function OldCopyWarning({ device: d }: { device: StationDeviceState }) {
  const { directoryAt } = d;
  const offlineOnCopy = !d.online && directoryAt !== null;
  // A copy passes the limit while the page stays open offline: read against the clock each minute
  // (queueHandOut checks it again at the hand-out itself and points staff here).
  const now = useClock(60_000, offlineOnCopy);
  if (!offlineOnCopy || !copyTooOld(directoryAt, now)) return null;
  const accepted = d.oldCopyAccepted === directoryAt;
  return (
    <Alert color="red" radius="md" title="Dane na urządzeniu mają ponad 24 godziny" data-testid="old-copy">
      <Stack gap="xs">
        <Text size="sm">
          Stan z {formatDateTime(directoryAt)}. Od tego czasu przedmioty mogły zostać wydane na innym stanowisku,
          zwrócone albo dokupione. Przed wydaniem sprawdź przedmioty z odbierającym; po powrocie sieci każde podwójne
          wydanie zostanie zgłoszone jako konflikt.
        </Text>
        {accepted ? (
          <Text size="sm" fw={500} data-testid="old-copy-accepted">
            Wydajesz z tej kopii mimo jej wieku.
          </Text>
        ) : (
          <Button color="red" variant="light" onClick={() => acceptOldCopy(directoryAt)} data-testid="accept-old-copy">
            Rozumiem — wydawaj z tej kopii
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Another tab blocks the device store, or a newer version of the station runs here (connection.ts). */
function StoreProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <Alert color="red" radius="md" role="alert" title="Dane stacji są niedostępne" data-testid="store-problem">
      {problem}
    </Alert>
  );
}

/** The browser refused to keep the station's storage: short of space it may clear it (not blocking). */
function StorageHint({ kept }: { kept: boolean | null }) {
  if (kept !== false) return null;
  return (
    <Hint data-testid="storage-not-kept">
      Przeglądarka może usunąć dane stacji z tego urządzenia, gdy zabraknie w nim miejsca — także niewysłane wydania.
      Wysyłaj je, gdy tylko jest sieć. Stronę dodaną do ekranu głównego przeglądarka chroni lepiej.
    </Hint>
  );
}

/** Under the station's status: what keeps its data on the device from being used, or may lose it. */
export function DeviceNotices({ device }: { device: StationDeviceState }) {
  return (
    <>
      <StoreProblem problem={device.storeProblem} />
      <OldCopyWarning device={device} />
      <StorageHint kept={device.storageKept} />
    </>
  );
}
