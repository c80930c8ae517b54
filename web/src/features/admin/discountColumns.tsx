import { Badge, Button, Stack, Text } from '@mantine/core';
import { describeDiscount } from '@domain/discounts';
import { formatDateTime, formatMoney, formatNumber } from '../../shared/format/pl';
import type { DataColumn } from '../../shared/ui/DataTable';
import type { AdminDiscountCode } from './api';
import { moneyColumn } from '../../shared/ui/moneyColumn';
import { Hint } from '../../shared/ui/Hint';

function validity(c: AdminDiscountCode): string {
  if (!c.active) return 'wyłączony';
  if (c.validFrom === undefined && c.validUntil === undefined) return 'bez terminu';
  return [
    c.validFrom !== undefined ? `od ${formatDateTime(c.validFrom)}` : '',
    c.validUntil !== undefined ? `do ${formatDateTime(c.validUntil)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The codes table: code and who it is for, terms, scope, uses held now of the limit, discount given, validity, edit. */
export function discountColumns(
  usedOf: (c: AdminDiscountCode) => number,
  givenOf: (c: AdminDiscountCode) => number,
  onEdit: (c: AdminDiscountCode) => void,
): DataColumn<AdminDiscountCode>[] {
  return [
    {
      key: 'code',
      header: 'Kod',
      cell: (c) => (
        <Stack gap={0}>
          <Text fw={700} ff="monospace">
            {c.code}
          </Text>
          {c.label && <Hint size="xs">{c.label}</Hint>}
        </Stack>
      ),
    },
    { key: 'terms', header: 'Zniżka', cell: (c) => describeDiscount(c, formatMoney), nowrap: true },
    {
      key: 'scope',
      header: 'Obejmuje',
      cell: (c) =>
        c.ticketTypeIds || c.productIds
          ? `${Object.keys(c.ticketTypeIds ?? {}).length + Object.keys(c.productIds ?? {}).length} poz.`
          : 'wszystko',
    },
    {
      key: 'uses',
      header: 'Użycia',
      align: 'right',
      nowrap: true,
      cell: (c) => `${formatNumber(usedOf(c), 0)}${c.maxUses ? ` / ${formatNumber(c.maxUses, 0)}` : ''}`,
    },
    moneyColumn('given', 'Udzielony rabat', givenOf),
    {
      key: 'valid',
      header: 'Ważność',
      cell: (c) => (
        <Badge variant="light" color={c.active ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
          {validity(c)}
        </Badge>
      ),
    },
    {
      key: 'edit',
      header: '',
      align: 'right',
      cell: (c) => (
        <Button size="compact-sm" variant="subtle" onClick={() => onEdit(c)} aria-label={`Zmień kod ${c.code}`}>
          Zmień
        </Button>
      ),
    },
  ];
}
