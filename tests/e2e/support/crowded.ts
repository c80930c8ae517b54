// What makes a participant's pages long and crowded, placed through the callables (the shop's own
// pages have their own tests): paid tickets for the holder and a child, paid merchandise of which the
// mug was handed out, a pending ticket order with transfer details, and lines left in the basket.
// The layout and accessibility audits open every route on such an account.
import { BRYZA } from '../../helpers/buyers.mjs';
import { DEMO, stackClient, type Account, type Basket } from './stack';

interface CrowdedOrders {
  /** The paid ticket order's invoice, as its route names it (`{uid}-{invoiceId}`). */
  invoiceKey: string;
  /** The pending ticket order (its transfer details page). */
  pendingOrderId: string;
}

/**
 * Places the crowded orders for `account`, buying as a company with a long name: `childId` gets a
 * child's ticket and two hoodies of `hoodieSize`, `pendingFor` the pending ticket order; `leftInBasket`
 * stays in the basket for the basket and checkout pages.
 */
export async function crowdOrders(
  client: ReturnType<typeof stackClient>,
  account: Account,
  {
    childId,
    hoodieSize,
    pendingFor,
    leftInBasket,
  }: {
    childId: string;
    hoodieSize: string;
    pendingFor: string;
    leftInBasket: Basket;
  },
): Promise<CrowdedOrders> {
  const { call, dbGet, dbPatch, orderBasket } = client;
  const tickets = await orderBasket(
    account,
    'placeTicketOrder',
    { tickets: { self: { ticketTypeId: 'karnet-3-dniowy' }, [childId]: { ticketTypeId: 'bilet-dzieciecy' } } },
    BRYZA,
  );
  const merch = await orderBasket(
    account,
    'placeMerchOrder',
    {
      merch: {
        'line-1': { productId: 'bluza-sztorm', variantId: hoodieSize, quantity: 2, memberId: childId },
        'line-2': { productId: 'kubek-latarnia', variantId: 'standard', quantity: 1 },
      },
    },
    BRYZA,
  );
  const confirmed = await call<{ invoiceId: string }>(DEMO.admin, 'confirmPayment', { orderId: tickets.orderId });
  await call(DEMO.admin, 'confirmPayment', { orderId: merch.orderId });
  const pickups = await dbGet<Record<string, { orderId: string; productId?: string }>>(`pickups/${account.uid}`);
  const mug = Object.entries(pickups).find(
    ([, item]) => item.orderId === merch.orderId && item.productId === 'kubek-latarnia',
  )![0];
  await call(DEMO.staff, 'handOutPickupItems', { uid: account.uid, itemIds: [mug] });

  const pending = await orderBasket(
    account,
    'placeTicketOrder',
    { tickets: { [pendingFor]: { ticketTypeId: 'bilet-jednodniowy' } } },
    BRYZA,
  );
  await dbPatch(`baskets/${account.uid}`, { ...leftInBasket, updatedAt: Date.now() });
  return { invoiceKey: `${account.uid}-${confirmed.invoiceId}`, pendingOrderId: pending.orderId };
}
