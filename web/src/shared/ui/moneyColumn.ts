import { formatMoney } from '../format/pl';
import type { DataColumn } from './DataTable';

/** A table column of amounts in grosze: formatted in złoty, aligned right, never wrapped. */
export function moneyColumn<Row>(
  key: string,
  header: string,
  grosze: (row: Row) => number,
  more?: Pick<DataColumn<Row>, 'td'>,
): DataColumn<Row> {
  return { key, header, align: 'right', nowrap: true, cell: (row) => formatMoney(grosze(row)), ...more };
}
