import { Stack, Text } from '@mantine/core';
import { CONFLICT_SETTLEMENT_LABELS, OFFLINE_CONFLICT_LABELS, type PickupConflict } from '@domain/pickupSync';
import { formatDateTime } from '../../shared/format/pl';
import { Hint } from '../../shared/ui/Hint';

const device = (id: string | undefined) => (id ? `urządzenie ${id.slice(0, 8)}` : 'online');

/** Who handed the item out offline, where and when; the hand-out that stands; and how it was settled. */
export function ConflictFacts({ conflict: c }: { conflict: PickupConflict }) {
  return (
    <Stack gap={2}>
      <Text size="sm">Nie zapisano wydania offline: {OFFLINE_CONFLICT_LABELS[c.reason]}.</Text>
      <Text size="sm">
        Wydanie offline: {c.offline.byName} ({device(c.offline.deviceId)}), {formatDateTime(c.offline.at)}.
      </Text>
      {c.recorded && (
        <Text size="sm">
          Zapisane wydanie: {c.recorded.byName ?? 'nieznany'} ({device(c.recorded.deviceId)})
          {c.recorded.at ? `, ${formatDateTime(c.recorded.at)}` : ''}.
        </Text>
      )}
      {c.settled ? (
        <Text size="sm" fw={700} data-testid="conflict-settled">
          Rozstrzygnięto: {CONFLICT_SETTLEMENT_LABELS[c.settled.resolution]} — {c.settled.byName},{' '}
          {formatDateTime(c.settled.at)}
          {c.settled.note ? `. Notatka: ${c.settled.note}` : ''}
        </Text>
      ) : (
        <Hint>Wyjaśnij z osobą i drugim stanowiskiem, czy przedmiot wydano dwa razy.</Hint>
      )}
    </Stack>
  );
}

export const conflictTitle = (c: PickupConflict) =>
  `Konflikt: ${c.label}${c.quantity > 1 ? ` × ${c.quantity}` : ''} — ${c.personName}`;
