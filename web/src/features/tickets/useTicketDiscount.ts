import { useBasketDiscount } from '../checkout';
import type { useTicketCheckout } from './useTicketCheckout';

/** The ticket checkout's discount code and the basket's prices with it (one price per basket line, in order). */
export function useTicketDiscount(c: Pick<ReturnType<typeof useTicketCheckout>, 'uid' | 'lines'>) {
  return useBasketDiscount(
    'tickets',
    c.uid ?? '',
    c.lines.map((l) => ({
      type: 'ticket' as const,
      ticketTypeId: l.type.id,
      unitGross: l.type.priceGrosze,
      quantity: 1,
    })),
  );
}
