import { useMemo, useState } from 'react';
import { Badge, Group, NativeSelect, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { ACTION_LABELS, CATEGORY_DESCRIPTIONS, CATEGORY_LABELS, amountSentence } from '@domain/bank/labels';
import {
  MATCH_CATEGORIES,
  type BookingAction,
  type MatchCategory,
  type MatchedTransaction,
  type OrderForMatching,
  type StatementMatch,
} from '@domain/bank/matching';
import { formatCount, formatMoney, isoToPolishDate } from '../../shared/format/pl';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { moneyColumn } from '../../shared/ui/moneyColumn';
import { CATEGORY_COLORS, TRANSFERS } from './model';
import { Hint } from '../../shared/ui/Hint';

const PAGE = 200;

type Choice = 'default' | 'book-anyway' | 'assign' | 'refund' | 'ignore' | 'skip';

/** The choices a transfer offers, by category; `default` is what the matching decided. */
function choicesFor(item: MatchedTransaction): { value: Choice; label: string }[] {
  const defaultLabel =
    item.category === 'exact' || item.category === 'multiple' || item.category === 'overpaid'
      ? ACTION_LABELS.book
      : item.category === 'already-paid'
        ? ACTION_LABELS.refund
        : ACTION_LABELS.skip;
  const list: { value: Choice; label: string }[] = [{ value: 'default', label: defaultLabel }];
  if (item.category === 'underpaid') list.push({ value: 'book-anyway', label: 'Zaksięguj mimo niedopłaty' });
  list.push({ value: 'assign', label: 'Przypisz do zamówienia…' });
  if (defaultLabel !== ACTION_LABELS.refund) list.push({ value: 'refund', label: ACTION_LABELS.refund });
  list.push({ value: 'ignore', label: ACTION_LABELS.ignore });
  if (defaultLabel !== ACTION_LABELS.skip) list.push({ value: 'skip', label: ACTION_LABELS.skip });
  return list;
}

function choiceOf(item: MatchedTransaction): Choice {
  if (!item.decidedByAdmin) return 'default';
  const a = item.action;
  if (a.kind === 'book')
    return a.manual &&
      item.category === 'underpaid' &&
      a.orderIds.join() ===
        item.orders
          .filter((o) => o.state === 'pending')
          .map((o) => o.id)
          .join()
      ? 'book-anyway'
      : 'assign';
  return a.kind;
}

interface StatementPreviewProps {
  match: StatementMatch;
  /** Orders that can still be paid (pending, or expired unpaid), for manual assignment. */
  pendingOrders: readonly OrderForMatching[];
  onDecide: (key: string, action: BookingAction | null) => void;
}

/** The preview: counts per category (a filter), then one row per incoming transfer with its decision. */
export function StatementPreview({ match, pendingOrders, onDecide }: StatementPreviewProps) {
  const [filter, setFilter] = useState<MatchCategory | 'all'>('all');
  const shown = useMemo(
    () => (filter === 'all' ? match.items : match.items.filter((i) => i.category === filter)),
    [match.items, filter],
  );
  const orderOptions = useMemo(
    () =>
      pendingOrders.map((o) => ({
        value: o.id,
        label: `${o.number} — ${formatMoney(o.gross)}${o.label ? ` — ${o.label}` : ''}${o.expired ? ' (wygasło)' : ''}`,
      })),
    [pendingOrders],
  );

  const columns: DataColumn<MatchedTransaction>[] = [
    { key: 'date', header: 'Data', nowrap: true, cell: (item) => isoToPolishDate(item.tx.bookingDate) },
    moneyColumn('amount', 'Kwota', (item) => item.tx.amountGrosze, { td: { fw: 600 } }),
    {
      key: 'payer',
      header: 'Nadawca i tytuł',
      td: { maw: 320 },
      cell: (item) => (
        <>
          <Text size="sm" fw={500} lineClamp={1}>
            {item.tx.payerName ?? '—'}
          </Text>
          <Hint size="xs" lineClamp={2}>
            {item.tx.title || '(bez tytułu)'}
          </Hint>
        </>
      ),
    },
    { key: 'orders', header: 'Zamówienie', cell: (item) => <MatchedOrders item={item} /> },
    {
      key: 'category',
      header: 'Kategoria',
      td: { maw: 220 },
      cell: (item) => <CategoryCell item={item} />,
    },
    {
      key: 'decision',
      header: 'Decyzja',
      td: { miw: 200 },
      cell: (item) => <DecisionCell item={item} orderOptions={orderOptions} onDecide={onDecide} />,
    },
  ];

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap" role="group" aria-label="Kategorie przelewów">
        <CategoryChip
          label="Wszystkie"
          count={match.items.length}
          color="dark"
          active={filter === 'all'}
          onClick={() => setFilter('all')}
          testId="category-all"
        />
        {MATCH_CATEGORIES.filter((c) => match.counts[c] > 0).map((c) => (
          <CategoryChip
            key={c}
            label={CATEGORY_LABELS[c]}
            count={match.counts[c]}
            color={CATEGORY_COLORS[c]}
            active={filter === c}
            onClick={() => setFilter(c)}
            testId={`category-${c}`}
          />
        ))}
      </Group>
      {filter !== 'all' && <Hint>{CATEGORY_DESCRIPTIONS[filter]}</Hint>}
      <DataTable
        label="Podgląd przelewów z wyciągu"
        columns={columns}
        rows={shown}
        rowKey={(item) => item.key}
        rowProps={(item) => ({
          'data-testid': 'bank-row',
          'data-category': item.category,
          'data-action': item.action.kind,
        })}
        minWidth={900}
        limit={PAGE}
        overflow={(limit, total) =>
          `Pokazano ${limit} z ${formatCount(total, TRANSFERS)} — wybierz kategorię, aby zawęzić listę.`
        }
      />
    </Stack>
  );
}

/** What a choice in the decision list asks the booking to do; null: what the matching decided. */
function actionFor(item: MatchedTransaction, choice: Choice): BookingAction | null {
  if (choice === 'default') return null;
  if (choice === 'book-anyway')
    return { kind: 'book', orderIds: item.orders.filter((o) => o.state === 'pending').map((o) => o.id), manual: true };
  if (choice === 'assign') return { kind: 'book', orderIds: [], manual: true };
  if (choice === 'refund') return { kind: 'refund', orderIds: item.orders.map((o) => o.id) };
  return { kind: choice };
}

/** A transfer's decision: settled ones say what became of them, the others offer their choices. */
function DecisionCell({
  item,
  orderOptions,
  onDecide,
}: {
  item: MatchedTransaction;
  orderOptions: { value: string; label: string }[];
  onDecide: StatementPreviewProps['onDecide'];
}) {
  if (item.category === 'already-booked')
    return (
      <Hint>
        {item.settled?.outcome === 'ignored'
          ? 'Oznaczone „nie dotyczy”'
          : item.settled?.outcome === 'refund'
            ? 'Przekazane do zwrotu'
            : 'Zaksięgowane'}
      </Hint>
    );
  return (
    <Stack gap={6}>
      <NativeSelect
        size="xs"
        aria-label={`Decyzja: przelew ${formatMoney(item.tx.amountGrosze)} z ${item.tx.bookingDate}`}
        value={choiceOf(item)}
        data={choicesFor(item)}
        onChange={(e) => onDecide(item.key, actionFor(item, e.currentTarget.value as Choice))}
        data-testid="bank-decision"
      />
      {choiceOf(item) === 'assign' && item.action.kind === 'book' && (
        <Select
          size="xs"
          searchable
          placeholder="Numer zamówienia"
          aria-label="Przypisz do zamówienia"
          nothingFoundMessage="Brak oczekujących zamówień"
          data={orderOptions}
          value={item.action.orderIds[0] ?? null}
          onChange={(id) => onDecide(item.key, { kind: 'book', orderIds: id ? [id] : [], manual: true })}
          limit={50}
        />
      )}
    </Stack>
  );
}

function CategoryCell({ item }: { item: MatchedTransaction }) {
  return (
    <>
      <Badge
        color={CATEGORY_COLORS[item.category]}
        variant="light"
        data-testid="bank-category"
        style={{ textTransform: 'none' }}
      >
        {CATEGORY_LABELS[item.category]}
      </Badge>
      <Hint size="xs" mt={4}>
        {amountSentence(item)}
      </Hint>
    </>
  );
}

function MatchedOrders({ item }: { item: MatchedTransaction }) {
  return (
    <>
      {item.orders.map((o) => (
        <Text key={o.id} size="sm" ff="monospace">
          {o.number}
          <Hint span size="xs" ff="body">
            {' '}
            {formatMoney(o.gross)}
            {o.state === 'paid'
              ? ', opłacone'
              : o.state === 'paid-here'
                ? ', opłacane wcześniejszym przelewem'
                : o.state === 'cancelled'
                  ? ', anulowane'
                  : ''}
          </Hint>
        </Text>
      ))}
      {item.unknownNumbers.map((n) => (
        <Text key={n} size="xs" c="red">
          {n} — nie ma takiego zamówienia
        </Text>
      ))}
    </>
  );
}

function CategoryChip({
  label,
  count,
  color,
  active,
  onClick,
  testId,
}: {
  label: string;
  count: number;
  color: string;
  active: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <UnstyledButton onClick={onClick} aria-pressed={active} data-testid={testId} data-count={count}>
      <Badge
        size="lg"
        color={color}
        variant={active ? 'filled' : 'light'}
        style={{ textTransform: 'none', cursor: 'pointer' }}
      >
        {label}: {count}
      </Badge>
    </UnstyledButton>
  );
}
