import { ActionIcon, Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { computeTotals, type VatRate } from '@domain/vat';
import { LIMITS } from '@domain/schemas';
import { formatMoney } from '../../shared/format/pl';
import { LineIcon } from '../../shared/ui/LineIcon';
import { QuantityInput } from '../../shared/ui/QuantityInput';
import type { ProductEntry, VariantEntry } from '../catalogue';
import type { MerchLine } from './api';
import { DiscountedPrice } from '../checkout';
import { ForMember } from '../../shared/ui/LineLabel';
import { Hint } from '../../shared/ui/Hint';

export interface PricedLine {
  line: MerchLine;
  product?: ProductEntry;
  variant?: VariantEntry;
  name: string;
  variantLabel: string;
  memberName?: string;
  unitGross: number;
  /** The catalogue price when a discount code lowered `unitGross`. */
  listUnitGross?: number;
  vatRate: VatRate;
  gross: number;
  /** Why the server would refuse this line right now (Polish), if it would. */
  problem?: string;
}

/** Joins basket lines with the live catalogue (prices are re-read by the server anyway; this is the preview). */
export function priceLines(
  lines: readonly MerchLine[],
  products: readonly ProductEntry[],
  memberNames: ReadonlyMap<string, string>,
): PricedLine[] {
  return lines.map((line) => {
    const product = products.find((p) => p.id === line.productId);
    const variant = product?.variants.find((v) => v.id === line.variantId);
    let problem: string | undefined;
    if (!product || !variant) problem = 'Ten produkt nie jest już w sprzedaży — usuń go z koszyka.';
    else if (variant.available === 0) problem = 'Wyprzedane — usuń tę pozycję z koszyka.';
    else if (line.quantity > variant.available)
      problem = `Dostępne tylko ${variant.available} szt. — zmniejsz liczbę sztuk.`;
    else if (line.memberId && !memberNames.has(line.memberId))
      problem = 'Uczestnik przypisany do tej pozycji już nie istnieje.';
    const unitGross = product?.priceGrosze ?? 0;
    return {
      line,
      product,
      variant,
      name: product?.name ?? 'Produkt niedostępny',
      variantLabel: variant?.label ?? '—',
      memberName: line.memberId ? memberNames.get(line.memberId) : undefined,
      unitGross,
      vatRate: (product?.vatRate ?? 23) as VatRate,
      gross: unitGross * line.quantity,
      problem,
    };
  });
}

function basketTotals(lines: readonly PricedLine[]) {
  return computeTotals(
    lines
      .filter((l) => l.product)
      .map((l) => ({ unitGross: l.unitGross, quantity: l.line.quantity, vatRate: l.vatRate })),
  );
}

interface BasketLinesProps {
  lines: PricedLine[];
  /** Editable quantities and a remove button (the basket); read-only otherwise (the review step). */
  onQuantity?: (line: PricedLine, quantity: number) => void;
  onRemove?: (line: PricedLine) => void;
  busyLineId?: string | null;
}

export function BasketLines({ lines, onQuantity, onRemove, busyLineId }: BasketLinesProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pozycje w koszyku">
      {lines.map((l) => (
        <Paper component="li" key={l.line.id} withBorder radius="md" p="md" data-testid="basket-line">
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{l.name}</Text>
                <Group gap={6}>
                  <Badge variant="light" size="sm">
                    Wariant: {l.variantLabel}
                  </Badge>
                  <ForMember name={l.memberName} />
                </Group>
                <Hint>
                  {formatMoney(l.unitGross)} / szt.{onQuantity ? '' : ` × ${l.line.quantity}`}
                </Hint>
              </Stack>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="basket-line-total">
                {l.listUnitGross === undefined ? (
                  formatMoney(l.gross)
                ) : (
                  <DiscountedPrice list={l.listUnitGross * l.line.quantity} paid={l.gross} size="md" />
                )}
              </Text>
            </Group>
            {(onQuantity || onRemove) && (
              <Group justify="space-between" align="flex-end">
                {onQuantity && (
                  <QuantityInput
                    label="Liczba sztuk"
                    aria-label={`Liczba sztuk: ${l.name} (${l.variantLabel})`}
                    itemName={`${l.name} (${l.variantLabel})`}
                    value={l.line.quantity}
                    min={1}
                    max={Math.min(LIMITS.maxQuantity, Math.max(1, l.variant?.available ?? 1))}
                    clampBehavior="strict"
                    disabled={busyLineId === l.line.id}
                    onChange={(v) => {
                      const n = typeof v === 'number' ? v : Number(v);
                      if (Number.isInteger(n) && n >= 1 && n <= LIMITS.maxQuantity && n !== l.line.quantity)
                        onQuantity(l, n);
                    }}
                  />
                )}
                {onRemove && (
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="lg"
                    aria-label={`Usuń z koszyka: ${l.name} (${l.variantLabel})`}
                    onClick={() => onRemove(l)}
                    loading={busyLineId === l.line.id}
                  >
                    <LineIcon>
                      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                    </LineIcon>
                  </ActionIcon>
                )}
              </Group>
            )}
            {l.problem && (
              <Alert color="orange" p="xs" role="alert">
                <Text size="sm">{l.problem}</Text>
              </Alert>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function BasketTotals({ lines }: { lines: PricedLine[] }) {
  const totals = basketTotals(lines);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fw={700}>Razem do zapłaty</Text>
          <Text fw={800} fz="xl" data-testid="basket-total">
            {formatMoney(totals.gross)}
          </Text>
        </Group>
        {totals.perRate.map((r) => (
          <Group key={r.vatRate} justify="space-between">
            <Hint>w tym VAT {r.vatRate}%</Hint>
            <Hint>{formatMoney(r.vat)}</Hint>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
