import { Badge, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  CONFLICT_SETTLEMENT_LABELS,
  CONFLICT_SETTLEMENTS,
  settlePickupConflictInput,
  type ConflictSettlement,
} from '@domain/pickupSync';
import { formatCount, type NounForms } from '../../shared/format/pl';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { StackedForm } from '../../shared/ui/StackedForm';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { settlePickupConflict, usePickupConflictsQuery, type ConflictRow } from './api';
import { ConflictFacts, conflictTitle } from './ConflictFacts';
import { PlainList } from '../../shared/ui/PlainList';

const CONFLICTS: NounForms = ['konflikt', 'konflikty', 'konfliktów'];

interface SettleValues {
  resolution: ConflictSettlement | '';
  note: string;
}

/** „Rozstrzygnij”: how the staff settled it, with an optional note; the function records who and when. */
function SettleForm({ conflict }: { conflict: ConflictRow }) {
  const payloadOf = ({ resolution, note }: SettleValues) => ({
    conflictId: conflict.id,
    ...(resolution ? { resolution } : {}),
    ...(note.trim() ? { note } : {}),
  });
  const { form, submitWith, send, sending } = useSchemaForm<SettleValues>({
    initialValues: { resolution: '', note: '' },
    schema: settlePickupConflictInput,
    toPayload: payloadOf,
  });
  // Valid by now (submitWith checked it): the parse only gives the payload its type.
  const settle = submitWith((values) =>
    send(() => settlePickupConflict(settlePickupConflictInput.parse(payloadOf(values)))),
  );
  return (
    <StackedForm label={`Rozstrzygnięcie: ${conflictTitle(conflict)}`} onSubmit={settle} gap="xs">
      <Radio.Group label="Jak rozstrzygnięto?" {...form.getInputProps('resolution')} data-testid="settle-resolution">
        <Stack gap={6} mt={4}>
          {CONFLICT_SETTLEMENTS.map((value) => (
            <Radio key={value} value={value} label={CONFLICT_SETTLEMENT_LABELS[value]} />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        label="Notatka (nieobowiązkowa)"
        maxLength={300}
        autosize
        minRows={1}
        {...form.getInputProps('note')}
        data-testid="settle-note"
      />
      <ErrorAlert testId="settle-error">{form.errors._form}</ErrorAlert>
      <Group>
        <Button type="submit" loading={sending} data-testid="settle-conflict">
          Zapisz rozstrzygnięcie
        </Button>
      </Group>
    </StackedForm>
  );
}

function ConflictEntry({ conflict }: { conflict: ConflictRow }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      data-testid="admin-pickup-conflict"
      data-id={conflict.id}
      data-settled={Boolean(conflict.settled)}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} fz="md">
            {conflictTitle(conflict)}
          </Title>
          <Badge color={conflict.settled ? 'gray' : 'red'} variant="light" tt="none">
            {conflict.settled ? 'rozstrzygnięty' : 'do rozstrzygnięcia'}
          </Badge>
        </Group>
        <ConflictFacts conflict={conflict} />
        {!conflict.settled && <SettleForm conflict={conflict} />}
      </Stack>
    </Paper>
  );
}

/**
 * Admin „Konflikty wydań”: every offline hand-out that could not be recorded (docs/pickup-offline.md),
 * those to settle first: who handed out what to whom, on which device and when, and the hand-out
 * that stands; „Zapisz rozstrzygnięcie” records how it was settled.
 */
export default function PickupConflictsTab() {
  const conflicts = usePickupConflictsQuery();
  const rows = conflicts.data ?? [];
  const open = rows.filter((c) => !c.settled).length;
  return (
    <DataGate
      query={conflicts}
      what="konfliktów wydań"
      onRetry={() => void conflicts.refetch()}
      isEmpty={rows.length === 0}
      empty={<EmptyState title="Brak konfliktów wydań">Wydania offline zapisały się bez konfliktów.</EmptyState>}
    >
      <Stack gap="md">
        <Text size="sm" data-testid="conflicts-summary">
          Do rozstrzygnięcia: {formatCount(open, CONFLICTS)}; wszystkich: {rows.length}.
        </Text>
        <PlainList gap="sm" label="Konflikty wydań">
          {rows.map((c) => (
            <ConflictEntry key={c.id} conflict={c} />
          ))}
        </PlainList>
      </Stack>
    </DataGate>
  );
}
