import { Badge, Text } from '@mantine/core';
import { describeFa3Problems } from '@domain/ksef/fa3';
import { KSEF_OFFLINE_MODE_LABELS, type KsefOfflineMode } from '@domain/ksef/offline';
import { formatDate } from '../../shared/format/pl';
import { isoToPolishDate } from '../../shared/format/pl';
import { BOARD_STATE_COLORS, BOARD_STATE_LABELS, type KsefRow } from './ksefRows';
import { Hint } from '../../shared/ui/Hint';

const dayName = (iso: string) => formatDate(`${iso}T12:00:00Z`);
const clockTime = (ms: number) =>
  new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', dateStyle: 'short', timeStyle: 'short' }).format(ms);
const ALARM_TEXT = { overdue: 'termin minął', today: 'termin dziś', upcoming: 'termin' } as const;
/** A declared outage that lasts: the deadline counts from its end (docs/ksef.md, „Offline modes”). */
const OPEN_DEADLINE: Record<KsefOfflineMode, string> = {
  offline24: 'następny dzień roboczy',
  unavailability: 'następny dzień roboczy po zakończeniu niedostępności',
  emergency: '7 dni roboczych po zakończeniu awarii',
};

/** The board's state of one document with what the admin needs to act: the number, the refusal, the deadline. */
export function KsefStateCell({ row: r }: { row: KsefRow }) {
  const e = r.entry;
  return (
    <>
      <Badge color={BOARD_STATE_COLORS[r.state]} variant="light" data-testid="ksef-status">
        {BOARD_STATE_LABELS[r.state]}
      </Badge>
      {r.record && (
        <Hint size="xs" ff="monospace" data-testid="ksef-board-number">
          {r.record.ksefNumber}, {isoToPolishDate(r.record.submittedOn)}
        </Hint>
      )}
      {r.state === 'accepted' && e?.offlineByKsef && (
        <Text size="xs" c="orange.8" maw={340} data-testid="ksef-offline-by-ksef">
          KSeF zapisał ją jako fakturę offline (otrzymał ją po dniu jej wystawienia)
          {e.offlineByKsef.kodII
            ? ' · KOD II przy fakturze uczestnika'
            : ' · brak KOD II (nie skonfigurowano certyfikatu offline)'}
        </Text>
      )}
      {r.state === 'accepted' && e?.upoMissing && (
        <Text size="xs" c="orange.8" maw={340} data-testid="ksef-upo-missing">
          UPO jeszcze nie pobrane z KSeF · następna próba {clockTime(e.upoMissing.nextAttemptAt)}
          {e.upoMissing.lastError ? ` · ostatni błąd: ${e.upoMissing.lastError.message}` : ''}
        </Text>
      )}
      {r.state === 'rejected' && e?.rejection && (
        <Text size="xs" c="red" maw={340} data-testid="ksef-rejection">
          {e.rejection.code ? `Kod ${e.rejection.code}: ` : ''}
          {e.rejection.description}
          {e.rejection.details?.length ? ` — ${e.rejection.details.join('; ')}` : ''}
        </Text>
      )}
      {r.state === 'offline' && e?.offline && (
        <Text
          size="xs"
          c={r.alarm === 'upcoming' ? 'orange.8' : 'red'}
          fw={r.alarm === 'upcoming' ? undefined : 700}
          maw={340}
          data-testid="ksef-deadline"
          data-alarm={r.alarm ?? undefined}
        >
          {KSEF_OFFLINE_MODE_LABELS[e.offline.mode ?? 'offline24']} ·{' '}
          {e.offline.deadline
            ? `${ALARM_TEXT[r.alarm ?? 'upcoming']}: ${dayName(e.offline.deadline)}`
            : `termin: ${OPEN_DEADLINE[e.offline.mode ?? 'offline24']}`}
          {e.offline.kodII ? '' : ' · brak KOD II (nie skonfigurowano certyfikatu offline)'}
        </Text>
      )}
      {(r.state === 'queued' || r.state === 'offline') && e?.lastError && (
        <Hint size="xs" maw={340}>
          Ostatnia próba: {e.lastError.message}
        </Hint>
      )}
      {r.state === 'waiting' && (
        <Text size="xs" c="yellow.9" maw={340} data-testid="ksef-waits">
          Korekta zostanie wysłana, gdy faktura {r.waitsFor ?? r.corrected?.number} otrzyma numer KSeF — musi go podać.
        </Text>
      )}
      {!r.file.ok && (
        <Text size="xs" c="red" maw={340} data-testid="ksef-problem">
          {describeFa3Problems(r.file.problems)}
        </Text>
      )}
    </>
  );
}
