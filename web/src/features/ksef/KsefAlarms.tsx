import { Alert, List, Text } from '@mantine/core';
import { formatDate, formatDateTime } from '../../shared/format/pl';
import type { KsefLastRun } from '@domain/ksef/outbox';
import type { KsefRow } from './ksefRows';

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/**
 * Above the board: offline documents whose deadline is today or past (they must reach KSeF by the end of it —
 * check the KSeF token and the Ministry's announcements), and the last run's error.
 */
export function KsefAlarms({ alarms, lastRun }: { alarms: KsefRow[]; lastRun: KsefLastRun | null | undefined }) {
  return (
    <>
      {alarms.length > 0 && (
        <Alert
          color="red"
          variant="light"
          title="Faktury offline z terminem dziś lub po terminie"
          data-testid="ksef-alarm"
          role="alert"
        >
          <List size="sm" spacing={2}>
            {alarms.map((r) => (
              <List.Item key={r.key}>
                {r.number} — {r.alarm === 'overdue' ? 'termin minął' : 'termin dziś'} (
                {day(r.entry!.offline!.deadline!)})
              </List.Item>
            ))}
          </List>
          <Text size="sm" mt="xs">
            Aplikacja wysyła je sama, gdy KSeF odpowiada. Jeśli KSeF nadal nie działa, sprawdź komunikaty Ministerstwa
            Finansów o awarii — przy ogłoszonej niedostępności termin się wydłuża.
          </Text>
        </Alert>
      )}
      {lastRun?.error && (
        <Alert
          color="orange"
          variant="light"
          title="Ostatnia wysyłka do KSeF nie powiodła się"
          data-testid="ksef-last-error"
        >
          <Text size="sm">
            {formatDateTime(lastRun.at)}: {lastRun.error}
          </Text>
        </Alert>
      )}
    </>
  );
}
