import type { ReactNode } from 'react';
import { Checkbox, Paper, Table, type TableProps, type TableTdProps } from '@mantine/core';
import { EmptyState, LoadError, LoadingRows, readTexts, type ReadTexts } from './DataState';
import { Hint } from './Hint';

/** One column: its header and how a row fills its cell. */
export interface DataColumn<Row> {
  /** Stable React key of the column. */
  key: string;
  /** Header text; omitted for a column of row actions (an empty header cell). */
  header?: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Numbers and money align right (header and cells). */
  align?: 'right';
  /** The cell never wraps (dates, amounts). */
  nowrap?: boolean;
  /** Further cell props (`maw`, `miw`, `ff`, `fw`, …). */
  td?: TableTdProps;
}

/** Where the rows come from: the subset of an RTK Query result the table reads. */
export interface DataSource {
  isLoading?: boolean;
  isError?: boolean;
  /** The endpoint's error: a malformed stored record is named under the error text. */
  error?: unknown;
  refetch?: () => unknown;
}

/** Optional row selection: a checkbox per row and one for all shown rows. */
interface DataSelection<Row> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The accessible name of a row's checkbox (e.g. „Zaznacz zamówienie PU-2026-000012”). */
  rowLabel: (row: Row) => string;
  /** The accessible name of the header checkbox. */
  allLabel: string;
}

interface DataTableProps<Row> extends ReadTexts {
  /** The table's accessible name (and the name of its scroll region). */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Attributes of a row's `<tr>` (`data-testid`, `data-status`, …). */
  rowProps?: (row: Row) => Record<string, string | number | boolean | undefined>;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** The table fits its frame at any width (its columns wrap): no sideways scroll region. */
  fit?: boolean;
  striped?: boolean;
  /** Rows past this many are not rendered; `overflow` says so under the table. */
  limit?: number;
  overflow?: (shown: number, total: number) => ReactNode;
  /** Loading / error state of the data; while loading or failed the table is not shown. */
  source?: DataSource;
  loadingRows?: number;
  /** Shown instead of the table when there are no rows. */
  empty?: { title: string; children?: ReactNode; action?: ReactNode };
  selection?: DataSelection<Row>;
  /** Rows of a `<tfoot>` (totals), under the body. */
  foot?: ReactNode;
  /** Framed in a bordered paper (default) or bare, inside a frame of the caller's. */
  framed?: boolean;
  tableProps?: Pick<TableProps, 'fz' | 'withTableBorder' | 'verticalSpacing' | 'horizontalSpacing'> & {
    'data-testid'?: string;
  };
}

/**
 * The admin lists' table: columns from a config, the loading / error / empty states of
 * DataState, one key per row, optional selection, and a horizontal scroll region (named, and
 * reachable by keyboard) on narrow screens.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  minWidth = 640,
  fit = false,
  striped = true,
  limit,
  overflow,
  source,
  loadingRows = 3,
  empty,
  selection,
  foot,
  framed = true,
  tableProps,
  ...texts
}: DataTableProps<Row>) {
  const { loadingLabel, errorText } = readTexts(texts);
  if (source?.isLoading) return <LoadingRows label={loadingLabel} rows={loadingRows} />;
  if (source?.isError)
    return (
      <LoadError error={source.error} onRetry={source.refetch ? () => void source.refetch?.() : undefined}>
        {errorText}
      </LoadError>
    );
  if (rows.length === 0 && empty)
    return (
      <EmptyState title={empty.title} action={empty.action}>
        {empty.children}
      </EmptyState>
    );

  const shown = limit === undefined ? rows : rows.slice(0, limit);
  const shownKeys = selection ? shown.map(rowKey) : [];
  const allSelected = selection ? shownKeys.length > 0 && shownKeys.every((k) => selection.selected.has(k)) : false;
  const someSelected = selection ? shownKeys.some((k) => selection.selected.has(k)) : false;
  const toggle = (key: string, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  };
  const toggleAll = (on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const key of shownKeys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    selection.onChange(next);
  };

  const grid = (
    <Table verticalSpacing="sm" striped={striped} {...tableProps} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {selection && (
            <Table.Th w={40}>
              <Checkbox
                aria-label={selection.allLabel}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={(e) => toggleAll(e.currentTarget.checked)}
              />
            </Table.Th>
          )}
          {columns.map((c) => (
            <Table.Th key={c.key} ta={c.align}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map((row, index) => {
          const key = rowKey(row);
          return (
            <Table.Tr key={key} {...rowProps?.(row)}>
              {selection && (
                <Table.Td>
                  <Checkbox
                    aria-label={selection.rowLabel(row)}
                    checked={selection.selected.has(key)}
                    onChange={(e) => toggle(key, e.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.align} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined} {...c.td}>
                  {c.cell(row, index)}
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
      {foot && <Table.Tfoot>{foot}</Table.Tfoot>}
    </Table>
  );
  const table = (
    <>
      {fit ? (
        grid
      ) : (
        <Table.ScrollContainer
          minWidth={minWidth}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
        >
          {grid}
        </Table.ScrollContainer>
      )}
      {limit !== undefined && rows.length > limit && overflow && <Hint p="sm">{overflow(limit, rows.length)}</Hint>}
    </>
  );
  return framed ? (
    <Paper withBorder radius="md">
      {table}
    </Paper>
  ) : (
    table
  );
}
