import { useBasketDiscount } from '../checkout';
import type { PricedLine } from './basketView';

/**
 * The merchandise checkout's discount code and the basket's lines priced with it: a discounted line
 * keeps its catalogue price as `listUnitGross` and carries the price to pay as `unitGross` / `gross`,
 * so the lines and totals show what the order placement will charge.
 */
export function useMerchDiscount(uid: string, lines: PricedLine[]) {
  const d = useBasketDiscount(
    'merch',
    uid,
    lines.map((l) => ({
      type: 'merch' as const,
      productId: l.line.productId,
      unitGross: l.unitGross,
      quantity: l.line.quantity,
    })),
  );
  const discounted = lines.map((l, i): PricedLine =>
    d.priced.unitGross[i] === l.unitGross
      ? l
      : {
          ...l,
          listUnitGross: l.unitGross,
          unitGross: d.priced.unitGross[i],
          gross: d.priced.unitGross[i] * l.line.quantity,
        },
  );
  return { ...d, lines: discounted };
}
