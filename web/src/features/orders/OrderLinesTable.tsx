import { Table, Text, type MantineSpacing, type MantineSize } from '@mantine/core';
import { orderLineDetail, orderLineQuantity } from '@domain/orderLines';
import { formatMoney } from '../../shared/format/pl';
import { Hint } from '../../shared/ui/Hint';

/** An order line as a list shows it. */
export interface ListedOrderLine {
  id: string;
  name: string;
  quantity: number;
  unitGross: number;
  variantLabel?: string;
  memberName?: string;
}

/**
 * An order line in a list: its name, and below it, dimmed, the quantity with the unit price, the
 * variant and the participant it is for — the same words as the e-mails (domain orderLines.ts). One
 * column, so a phone needs no sideways scrolling to see what was ordered.
 */
function OrderLineLabel({ line }: { line: ListedOrderLine }) {
  const detail = orderLineDetail(line);
  return (
    <>
      <Text size="sm" fw={500}>
        {line.name}
      </Text>
      <Hint size="xs">
        <span data-testid="order-line-quantity" style={{ whiteSpace: 'nowrap' }}>
          {orderLineQuantity(line)}
        </span>
        {detail ? ` · ${detail}` : ''}
      </Hint>
    </>
  );
}

/** An order's lines with their values (the orders list and the order confirmation); with `totalGross` a total row. */
export function OrderLinesTable({
  lines,
  label,
  totalGross,
  verticalSpacing = 'xs',
  fz,
}: {
  lines: ListedOrderLine[];
  label: string;
  totalGross?: number;
  verticalSpacing?: MantineSpacing | number;
  fz?: MantineSize;
}) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={verticalSpacing} fz={fz} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Pozycja</Table.Th>
            <Table.Th ta="right">Wartość</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <OrderLineLabel line={line} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.unitGross * line.quantity)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totalGross !== undefined && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Razem (z VAT)</Table.Th>
              <Table.Th ta="right" data-testid="order-total" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(totalGross)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
