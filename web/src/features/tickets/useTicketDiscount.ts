import { discountBlocking, priceWithDiscount, useDiscountCode } from '../checkout';
import type { useTicketCheckout } from './useTicketCheckout';

/** The ticket checkout's discount code and the basket's prices with it (one price per basket line, in order). */
export function useTicketDiscount(c: Pick<ReturnType<typeof useTicketCheckout>, 'uid' | 'lines'>) {
  const discount = useDiscountCode('tickets', c.uid ?? '');
  const preview = discount.check.status === 'valid' ? discount.check.preview : null;
  const priced = priceWithDiscount(
    preview,
    c.lines.map((l) => ({
      type: 'ticket' as const,
      ticketTypeId: l.type.id,
      unitGross: l.type.priceGrosze,
      quantity: 1,
    })),
  );
  const free = preview !== null && c.lines.length > 0 && priced.totalGross === 0;
  return { discount, priced, blocking: discountBlocking(discount.check, priced.problem), free };
}
