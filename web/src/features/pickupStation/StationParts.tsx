import type { ReactNode } from 'react';
import { Badge, Checkbox, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { PICKUP_STATUS_LABELS } from '@domain/schemas';
import { formatDateTime } from '../../shared/format/pl';
import { EmptyState } from '../../shared/ui/DataState';
import type { DirectoryEntry, StationItem } from './api';
import { QUEUED_LABEL } from './offline/queue';
import { ForMember } from '../../shared/ui/LineLabel';
import { Hint } from '../../shared/ui/Hint';

export function PersonHeader({ person }: { person: DirectoryEntry }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="station-person">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fz={26} fw={800} lh={1.2}>
            {person.name}
          </Text>
          <Text c="dimmed">{person.email}</Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Hint size="xs" tt="uppercase" fw={600}>
            Kod odbioru
          </Hint>
          <Text ff="monospace" fz={24} fw={800} lts={3}>
            {person.pickupCode}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function itemTitle(item: StationItem) {
  return (
    <>
      <Text fz="lg" fw={700} lh={1.3}>
        {item.label}
        {item.quantity > 1 && (
          <Text span fw={800} c="baltyk">
            {' '}
            × {item.quantity}
          </Text>
        )}
      </Text>
      <ForMember name={item.memberName} />
    </>
  );
}

function pickedNote(item: StationItem): string {
  if (item.queuedOffline) return `wydano tutaj ${formatDateTime(item.queuedOffline.at)} · ${QUEUED_LABEL}`;
  const when = item.pickedAt ? formatDateTime(item.pickedAt) : '';
  return `wydano ${when}${item.pickedByName ? ` · wydał(a): ${item.pickedByName}` : ''}`;
}

function StatusBadge({ item }: { item: StationItem }) {
  if (item.queuedOffline)
    return (
      <Badge size="lg" variant="light" color="yellow" data-testid="pickup-status" data-queued="true">
        offline
      </Badge>
    );
  return (
    <Badge size="lg" variant="light" color={item.status === 'picked' ? 'green' : 'orange'} data-testid="pickup-status">
      {PICKUP_STATUS_LABELS[item.status]}
    </Badge>
  );
}

/** Read-only row (the "find a person" page); `action` is shown under a handed-out item („Przyjmij zwrot”). */
export function ItemRow({ item, action }: { item: StationItem; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="station-item" data-status={item.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          {itemTitle(item)}
          {item.status === 'picked' && <Hint>{pickedNote(item)}</Hint>}
          {action}
        </Stack>
        <StatusBadge item={item} />
      </Group>
    </Paper>
  );
}

/** Selectable row with a large touch target (the whole card toggles). Handed-out items cannot be selected. */
export function SelectableItem({
  item,
  checked,
  onChange,
}: {
  item: StationItem;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const picked = item.status === 'picked';
  return (
    <Checkbox.Card
      radius="md"
      checked={checked}
      disabled={picked}
      onClick={() => !picked && onChange(!checked)}
      data-testid="station-item"
      data-status={item.status}
      aria-label={item.label}
      style={{
        padding: 'var(--mantine-spacing-md)',
        minHeight: 72,
        opacity: picked ? 0.7 : 1,
        cursor: picked ? 'not-allowed' : 'pointer',
      }}
    >
      <Group wrap="nowrap" align="center" gap="md">
        {picked ? (
          <ThemeIcon size={30} radius="xl" color="green" variant="light" aria-hidden>
            ✓
          </ThemeIcon>
        ) : (
          <Checkbox.Indicator size="xl" radius="sm" />
        )}
        <Stack gap={2} style={{ flex: 1 }}>
          {itemTitle(item)}
          {picked && <Hint>{pickedNote(item)}</Hint>}
        </Stack>
        <StatusBadge item={item} />
      </Group>
    </Checkbox.Card>
  );
}

/** A person's list when nothing of theirs is paid for. */
export function NoPaidItems() {
  return <EmptyState title="Brak opłaconych przedmiotów">Ta osoba nie ma nic do odebrania.</EmptyState>;
}
