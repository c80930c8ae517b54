import { discountBlocking, priceWithDiscount, useDiscountCode } from '../checkout';
import type { PricedLine } from './basketView';

/**
 * The merchandise checkout's discount code and the basket's lines priced with it: a discounted line
 * keeps its catalogue price as `listUnitGross` and carries the price to pay as `unitGross` / `gross`,
 * so the lines and totals show what the order placement will charge.
 */
export function useMerchDiscount(uid: string, lines: PricedLine[]) {
  const discount = useDiscountCode('merch', uid);
  const preview = discount.check.status === 'valid' ? discount.check.preview : null;
  const priced = priceWithDiscount(
    preview,
    lines.map((l) => ({
      type: 'merch' as const,
      productId: l.line.productId,
      unitGross: l.unitGross,
      quantity: l.line.quantity,
    })),
  );
  const discounted = lines.map((l, i): PricedLine =>
    priced.unitGross[i] === l.unitGross
      ? l
      : {
          ...l,
          listUnitGross: l.unitGross,
          unitGross: priced.unitGross[i],
          gross: priced.unitGross[i] * l.line.quantity,
        },
  );
  const free = preview !== null && lines.length > 0 && priced.totalGross === 0;
  return { discount, priced, lines: discounted, blocking: discountBlocking(discount.check, priced.problem), free };
}
