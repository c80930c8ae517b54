import { Badge, Text } from '@mantine/core';
import { BUYER_TYPE_LABELS } from '@domain/ksef/record';
import type { DataColumn } from '../../shared/ui/DataTable';
import { moneyColumn } from '../../shared/ui/moneyColumn';
import { isoToPolishDate } from '../../shared/format/pl';
import { KsefRowActions, type RowActionHandlers } from './KsefRowActions';
import { KsefStateCell } from './KsefStateCell';
import type { KsefRow } from './ksefRows';
import { Hint } from '../../shared/ui/Hint';

/** The board's columns: document, buyer, whether KSeF is mandatory, gross, state, actions. */
export function ksefColumns(on: RowActionHandlers): DataColumn<KsefRow>[] {
  return [
    {
      key: 'number',
      header: 'Faktura',
      cell: (r) => (
        <>
          <Text ff="monospace" fw={600} size="sm">
            {r.number}
          </Text>
          <Hint size="xs">{isoToPolishDate(r.issueDate)}</Hint>
          {r.corrected && <Hint size="xs">korekta faktury {r.corrected.number}</Hint>}
        </>
      ),
    },
    {
      key: 'buyer',
      header: 'Nabywca',
      cell: (r) => (
        <>
          <Text size="sm">{r.buyer?.name}</Text>
          <Badge variant="light" color={r.buyer?.kind === 'company' ? 'blue' : 'gray'} size="sm">
            {r.buyer?.kind === 'company' ? BUYER_TYPE_LABELS.company : BUYER_TYPE_LABELS.person}
          </Badge>
        </>
      ),
    },
    {
      key: 'required',
      header: 'KSeF',
      cell: (r) => (
        <Text size="sm" fw={r.required ? 600 : undefined} c={r.required ? undefined : 'dimmed'}>
          {r.required ? 'obowiązkowy' : 'dobrowolny'}
        </Text>
      ),
    },
    moneyColumn('gross', 'Brutto', (r) => r.gross),
    { key: 'status', header: 'Status w KSeF', cell: (r) => <KsefStateCell row={r} /> },
    { key: 'actions', cell: (r) => <KsefRowActions row={r} on={on} /> },
  ];
}
