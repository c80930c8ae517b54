import { Text } from '@mantine/core';
import { formatMoney } from '../../shared/format/pl';
import type { DiscountCheck } from './discount';
import { Hint } from '../../shared/ui/Hint';

/**
 * A price the discount code lowered: the catalogue price struck through above the price to pay
 * (stacked, so a narrow table column keeps its width at 390 px).
 */
export function DiscountedPrice({
  list,
  paid,
  size = 'sm',
}: {
  list: number;
  paid: number;
  size?: 'sm' | 'md' | 'lg';
}) {
  if (paid === list) return <>{formatMoney(list)}</>;
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', whiteSpace: 'nowrap' }}>
      <Hint span size="xs" td="line-through" aria-label={`cena przed rabatem ${formatMoney(list)}`}>
        {formatMoney(list)}
      </Hint>
      <Text span size={size} fw={700} c="var(--mantine-color-teal-text)" data-testid="discounted-price">
        {formatMoney(paid)}
      </Text>
    </span>
  );
}

/** What a valid discount code took off the order, under the order's lines; nothing without one. */
export function DiscountSummary({
  check,
  listTotal,
  total,
}: {
  check: DiscountCheck;
  listTotal: number;
  total: number;
}) {
  if (check.status !== 'valid') return null;
  return (
    <Hint data-testid="discount-summary">
      Kod rabatowy {check.preview.code}: −{formatMoney(listTotal - total)}
    </Hint>
  );
}
