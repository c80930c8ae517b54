import { DataTable, type DataColumn } from './DataTable';

type NumbersRow = { index: number; cells: (string | number)[] };

/** A table of numbers: the first column names the row, the others are right-aligned figures. */
export function NumbersTable({
  caption,
  head,
  rows,
  minWidth = 360,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
  minWidth?: number;
}) {
  const columns: DataColumn<NumbersRow>[] = head.map((h, i) => ({
    key: h,
    header: h,
    align: i === 0 ? undefined : 'right',
    nowrap: i > 0,
    cell: (row) => row.cells[i],
  }));
  return (
    <DataTable
      label={caption}
      columns={columns}
      rows={rows.map((cells, index) => ({ index, cells }))}
      rowKey={(row) => String(row.index)}
      minWidth={minWidth}
      framed={false}
      tableProps={{ fz: 'sm', withTableBorder: true, verticalSpacing: 'xs' }}
    />
  );
}
