import { Text } from '@mantine/core';
import { orderLineDetail, orderLineQuantity } from '@domain/orderLines';

/**
 * An order line in a list: its name, and below it, dimmed, the quantity with the unit price, the
 * variant and the participant it is for — the same words as the e-mails (domain orderLines.ts). One
 * column, so a phone needs no sideways scrolling to see what was ordered.
 */
export function OrderLineLabel({
  line,
}: {
  line: { name: string; quantity: number; unitGross: number; variantLabel?: string; memberName?: string };
}) {
  const detail = orderLineDetail(line);
  return (
    <>
      <Text size="sm" fw={500}>
        {line.name}
      </Text>
      <Text size="xs" c="dimmed">
        <span data-testid="order-line-quantity" style={{ whiteSpace: 'nowrap' }}>
          {orderLineQuantity(line)}
        </span>
        {detail ? ` · ${detail}` : ''}
      </Text>
    </>
  );
}
