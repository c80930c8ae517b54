import { Table } from '@mantine/core';
import { formatNumber } from '../../shared/format/pl';
import { useGetTicketTypesQuery } from '../catalogue';
import { TitledPanel } from '../../shared/ui/TitledPanel';
import { useAdminWaitingListsQuery } from './api';
import { Hint } from '../../shared/ui/Hint';
import { ErrorText } from '../../shared/ui/ErrorText';

/** Statistics (admin): how many wait for each sold-out ticket type and how many offers stand. */
export function WaitingListStats() {
  const lists = useAdminWaitingListsQuery();
  const types = useGetTicketTypesQuery();
  const rows = (lists.data ?? []).map((l) => ({
    id: l.ticketTypeId,
    name: types.data?.find((t) => t.id === l.ticketTypeId)?.name ?? l.ticketTypeId,
    waiting: l.entries.filter((e) => !e.offer).length,
    offered: l.entries.filter((e) => e.offer).length,
  }));
  return (
    <TitledPanel title="Listy oczekujących" testId="stats-waiting-list">
      {lists.isError ? (
        <ErrorText>Nie udało się wczytać list oczekujących.</ErrorText>
      ) : rows.length === 0 ? (
        <Hint>{lists.isLoading ? 'Wczytywanie…' : 'Nikt nie czeka na wyprzedane bilety.'}</Hint>
      ) : (
        <Table striped>
          <Table.Caption>Osoby na listach oczekujących według rodzaju biletu</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bilet</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Czeka</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Z ofertą</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatNumber(r.waiting, 0)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatNumber(r.offered, 0)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </TitledPanel>
  );
}
