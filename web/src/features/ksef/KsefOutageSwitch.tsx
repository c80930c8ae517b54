import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import { KSEF_OFFLINE_MODE_LABELS, type KsefOutage } from '@domain/ksef/offline';
import { formatDate, formatDateTime } from '../../shared/format/pl';
import { callFunction } from '../../shared/firebase';
import { Hint } from '../../shared/ui/Hint';
import { ResultAlert, useActionResult } from '../../shared/ui/ResultAlert';

type Choice = 'unavailability' | 'emergency' | 'ended';
const DONE: Record<Choice, string> = {
  unavailability: 'Ogłoszono niedostępność KSeF: nowe faktury są wystawiane offline od razu.',
  emergency: 'Ogłoszono awarię KSeF (tryb awaryjny): faktury offline mają termin 7 dni roboczych od jej końca.',
  ended: 'Awaria zakończona: faktury offline mają termin i są wysyłane do KSeF.',
};

/**
 * The announced-outage switch (docs/ksef.md, „Offline modes”): when the Ministry announces that KSeF is unavailable
 * or has failed, the organiser says so here, and documents are handed out offline at once instead of after failed
 * connections; when it ends, its documents get their deadline and are sent.
 */
export function KsefOutageSwitch({ outage }: { outage: KsefOutage | null | undefined }) {
  const [note, setNote] = useInputState('');
  const { result, setResult, busy, perform } = useActionResult<Choice>();
  const active = outage && !outage.endedOn ? outage : null;

  const set = (mode: Choice) =>
    perform(
      async () => {
        const out = await callFunction(
          'setKsefOutage',
          mode === 'ended' ? { mode } : { mode, ...(note.trim() ? { note: note.trim() } : {}) },
        );
        return `${DONE[mode]}${out.documents.length ? ` Dokumenty: ${out.documents.length}.` : ''}`;
      },
      { key: mode },
    );

  return (
    <Paper withBorder p="sm" data-testid="ksef-outage" data-mode={active?.mode ?? 'none'}>
      <Stack gap="xs">
        {active ? (
          <Text size="sm" fw={700} c="red.8">
            Ogłoszona {active.mode === 'emergency' ? 'awaria KSeF (tryb awaryjny)' : 'niedostępność KSeF'} od{' '}
            {formatDateTime(active.since)}
            {active.note ? ` — ${active.note}` : ''}. Faktury są wystawiane offline (
            {KSEF_OFFLINE_MODE_LABELS[active.mode]}).
          </Text>
        ) : (
          <Hint>
            Gdy Ministerstwo Finansów ogłosi niedostępność lub awarię KSeF, zaznacz to tutaj: faktury będą wystawiane
            offline od razu.
            {outage?.endedOn ? ` Ostatnia awaria zakończyła się ${formatDate(`${outage.endedOn}T12:00:00Z`)}.` : ''}
          </Hint>
        )}
        <Group gap="xs" wrap="wrap" align="flex-end">
          {active?.mode !== 'emergency' && (
            <TextInput
              label="Komunikat MF (opcjonalnie)"
              value={note}
              onChange={setNote}
              maxLength={500}
              w={260}
              size="xs"
            />
          )}
          {!active && (
            <Button
              size="xs"
              variant="default"
              loading={busy === 'unavailability'}
              onClick={() => void set('unavailability')}
            >
              Ogłoszono niedostępność KSeF
            </Button>
          )}
          {active?.mode !== 'emergency' && (
            <Button
              size="xs"
              variant="default"
              color="red"
              loading={busy === 'emergency'}
              onClick={() => void set('emergency')}
            >
              Ogłoszono awarię KSeF
            </Button>
          )}
          {active && (
            <Button size="xs" loading={busy === 'ended'} onClick={() => void set('ended')}>
              Awaria zakończona
            </Button>
          )}
        </Group>
        <ResultAlert result={result} onClose={() => setResult(null)} testId="ksef-outage-result" />
      </Stack>
    </Paper>
  );
}
