import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, NumberInput, Paper, Stack, Title } from '@mantine/core';
import { DEFAULT_OFFER_HOURS, MAX_OFFER_HOURS } from '@domain/waitingList';
import { formatCount, formatDateTime, NOUNS } from '../../shared/format/pl';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { ResultAlert, useActionResult } from '../../shared/ui/ResultAlert';
import { useGetTicketTypesQuery } from '../catalogue';
import {
  moveWaitingListEntry,
  removeWaitingListEntry,
  updateWaitingListSettings,
  useAdminWaitingListSettingsQuery,
  useAdminWaitingListsQuery,
  type WaitingListView,
} from './api';
import { OffListButton } from './OffListButton';
import { Hint } from '../../shared/ui/Hint';

type Row = WaitingListView['entries'][number];
type TabActions = ReturnType<typeof useActionResult<'settings' | 'list'>>;

/** How long an offer holds its ticket: the admin's setting (default 24 h). */
function OfferHoursSetting({ perform, busy }: { perform: TabActions['perform']; busy: boolean }) {
  const settings = useAdminWaitingListSettingsQuery();
  const saved = settings.data?.offerHours ?? DEFAULT_OFFER_HOURS;
  // What the admin typed; until then the saved value.
  const [edited, setHours] = useState<number | string | null>(null);
  const hours = edited ?? saved;
  const save = () =>
    perform(
      async () => {
        const out = await updateWaitingListSettings({ offerHours: Number(hours) });
        return `Zapisano: oferta z listy oczekujących ważna ${out.offerHours} godz.`;
      },
      { key: 'settings' },
    );
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <NumberInput
        label="Czas na zakup po zwolnieniu biletu (godziny)"
        description="Tyle czasu bilet czeka na pierwszą osobę z listy; potem przechodzi na następną."
        min={1}
        max={MAX_OFFER_HOURS}
        allowDecimal={false}
        value={hours}
        onChange={setHours}
        w={320}
      />
      <Button onClick={() => void save()} loading={busy} disabled={settings.isLoading}>
        Zapisz
      </Button>
    </Group>
  );
}

/**
 * Admin „Lista oczekujących”: per ticket type the entries in line order (reorder, remove) and the
 * offers standing with their deadline. docs/waiting-list.md.
 */
export function WaitingListTab() {
  const lists = useAdminWaitingListsQuery();
  const types = useGetTicketTypesQuery();
  const { result, setResult, busy: running, perform } = useActionResult<'settings' | 'list'>();
  const busy = running === 'list';
  const nameOf = (id: string) => types.data?.find((t) => t.id === id)?.name ?? id;

  function act(action: () => Promise<unknown>, done: string) {
    return perform(
      async () => {
        await action();
        return done;
      },
      { key: 'list' },
    );
  }

  const columns = (list: WaitingListView): DataColumn<Row>[] => [
    { key: 'place', header: 'Miejsce', cell: (e) => e.place, align: 'right' },
    { key: 'name', header: 'Uczestnik', cell: (e) => e.name },
    { key: 'since', header: 'Zapisano', cell: (e) => formatDateTime(e.createdAt), nowrap: true },
    {
      key: 'offer',
      header: 'Oferta',
      cell: (e) =>
        e.offer ? (
          <Badge color="teal" variant="light" style={{ textTransform: 'none' }}>
            bilet czeka do {formatDateTime(e.offer.expiresAt)}
          </Badge>
        ) : (
          <Hint>czeka w kolejce</Hint>
        ),
    },
    {
      key: 'actions',
      header: 'Kolejność',
      cell: (e) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={`Przesuń w górę: ${e.name}`}
            disabled={e.place === 1 || busy}
            onClick={() =>
              void act(
                () => moveWaitingListEntry({ ticketTypeId: list.ticketTypeId, entryId: e.entryId, direction: 'up' }),
                `Przesunięto w górę: ${e.name}.`,
              )
            }
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={`Przesuń w dół: ${e.name}`}
            disabled={e.place === list.entries.length || busy}
            onClick={() =>
              void act(
                () => moveWaitingListEntry({ ticketTypeId: list.ticketTypeId, entryId: e.entryId, direction: 'down' }),
                `Przesunięto w dół: ${e.name}.`,
              )
            }
          >
            ↓
          </ActionIcon>
          <OffListButton
            aria-label={`Usuń z listy: ${e.name}`}
            disabled={busy}
            onClick={() =>
              void act(
                () => removeWaitingListEntry({ ticketTypeId: list.ticketTypeId, entryId: e.entryId }),
                `Usunięto z listy: ${e.name}.`,
              )
            }
          >
            Usuń
          </OffListButton>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Lista oczekujących
          </Title>
          <Hint>
            Gdy bilet wyprzedanego rodzaju wraca do puli (anulowanie, wygaśnięcie, zwrot, większa pula), pierwsza osoba
            z listy dostaje e-mail, a bilet czeka na nią w koszyku. Nikt inny nie może go w tym czasie kupić.
          </Hint>
          <OfferHoursSetting perform={perform} busy={running === 'settings'} />
        </Stack>
      </Paper>
      <ResultAlert result={result} onClose={() => setResult(null)} />
      <DataGate
        query={lists}
        what="list oczekujących"
        isEmpty={!lists.data?.length}
        empty={
          <EmptyState title="Nikt nie czeka">Lista pojawi się, gdy ktoś zapisze się na wyprzedany bilet.</EmptyState>
        }
      >
        {lists.data?.map((list) => (
          <Stack key={list.ticketTypeId} gap="xs" data-testid="waiting-list-admin" data-ticket-type={list.ticketTypeId}>
            <Title order={3} size="h4">
              {nameOf(list.ticketTypeId)} — na liście: {formatCount(list.entries.length, NOUNS.person)}
            </Title>
            <DataTable
              label={`Lista oczekujących: ${nameOf(list.ticketTypeId)}`}
              columns={columns(list)}
              rows={list.entries}
              rowKey={(e) => e.entryId}
              minWidth={720}
            />
          </Stack>
        ))}
      </DataGate>
    </Stack>
  );
}
