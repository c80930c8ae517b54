import { formatNumber } from '../../shared/format/pl';
import { useGetTicketTypesQuery } from '../catalogue';
import { TitledPanel } from '../../shared/ui/TitledPanel';
import { useAdminWaitingListsQuery } from './api';
import { Hint } from '../../shared/ui/Hint';
import { DataGate } from '../../shared/ui/DataState';
import { NumbersTable } from '../../shared/ui/NumbersTable';
import { queriesTogether } from '../../shared/ui/queriesTogether';

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
  const source = queriesTogether(lists, types);
  return (
    <TitledPanel title="Listy oczekujących" testId="stats-waiting-list">
      <DataGate
        query={source}
        what="list oczekujących"
        rows={2}
        onRetry={source.refetch}
        isEmpty={rows.length === 0}
        empty={<Hint>Nikt nie czeka na wyprzedane bilety.</Hint>}
      >
        <NumbersTable
          caption="Osoby na listach oczekujących według rodzaju biletu"
          head={['Bilet', 'Czeka', 'Z ofertą']}
          rows={rows.map((r) => [r.name, formatNumber(r.waiting, 0), formatNumber(r.offered, 0)])}
        />
      </DataGate>
    </TitledPanel>
  );
}
