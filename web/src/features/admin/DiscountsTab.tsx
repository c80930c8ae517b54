import { useState } from 'react';
import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { discountCodesCsv } from '@domain/discounts';
import { DataTable } from '../../shared/ui/DataTable';
import { queriesTogether } from '../../shared/ui/queriesTogether';
import {
  useAdminDiscountCodesQuery,
  useAdminDiscountStatsQuery,
  useAdminDiscountUsesQuery,
  type AdminDiscountCode,
} from './api';
import { discountColumns } from './discountColumns';
import { DiscountBatchForm, DiscountCodeForm } from './DiscountCodeForms';
import { downloadCsv } from './ui';
import { TitledStack } from '../../shared/ui/TitledStack';

/** „Kody rabatowe”: every code with its terms, uses and the discount given; new codes, edits, crew batches and their CSV. */
export function DiscountsTab() {
  const codes = useAdminDiscountCodesQuery();
  const uses = useAdminDiscountUsesQuery();
  const stats = useAdminDiscountStatsQuery();
  const [lastBatch, setLastBatch] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const rows = codes.data ?? [];
  const usedOf = (c: AdminDiscountCode) => uses.data?.[c.code] ?? 0;
  const edited = rows.find((c) => c.code === editing);
  const batches = [...new Set(rows.flatMap((c) => (c.batch ? [c.batch] : [])))];
  const exportBatch = (batch: string) =>
    downloadCsv(
      // The byte-order mark makes Excel read the file as UTF-8.
      '\ufeff' +
        discountCodesCsv(
          rows
            .filter((c) => c.batch === batch)
            .map((c) => ({ code: c.code, label: c.label, used: usedOf(c), maxUses: c.maxUses })),
        ),
      `kody-${batch}.csv`,
    );
  const columns = discountColumns(
    usedOf,
    (c) => stats.data?.[c.code]?.discountGross ?? 0,
    (c) => setEditing(c.code),
  );
  return (
    <TitledStack title="Kody rabatowe" gap="lg">
      <DataTable
        label="Kody rabatowe"
        columns={columns}
        rows={rows}
        rowKey={(c) => c.code}
        rowProps={(c) => ({ 'data-testid': 'discount-row', 'data-code': c.code })}
        minWidth={780}
        source={queriesTogether(codes, uses, stats)}
        what="kodów rabatowych"
        empty={{
          title: 'Nie ma jeszcze kodów rabatowych',
          children: 'Utwórz kod dla członków stowarzyszenia albo jednorazowe kody dla ekipy poniżej.',
        }}
      />
      {batches.length > 0 && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">Pobierz kody jednorazowe (CSV):</Text>
          {batches.map((b) => (
            <Button
              key={b}
              size="compact-sm"
              variant={b === lastBatch ? 'filled' : 'light'}
              onClick={() => exportBatch(b)}
              aria-label={`Pobierz CSV: ${b}`}
            >
              {b}
            </Button>
          ))}
        </Group>
      )}
      {edited && <DiscountCodeForm key={edited.code} editing={edited} onDone={() => setEditing(null)} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <DiscountCodeForm />
        <DiscountBatchForm onCreated={setLastBatch} />
      </SimpleGrid>
    </TitledStack>
  );
}
