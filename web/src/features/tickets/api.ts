import type { CallableInput } from '@domain/callables';
import { basketSchema } from '@domain/schemas';
import { injectRealtimeEndpoints, parseRecord, realtimeEndpoint } from '../../shared/api/realtime';
import { callFunction, loadDatabase } from '../../shared/firebase';

const basketTicketsSchema = basketSchema.shape.tickets;

/** `/baskets/{uid}/tickets`: memberId → chosen ticket type. */
type TicketBasket = Record<string, string>;

/** Only the tickets part is read: the merch part (its own endpoint, features/shop) cannot break this page. */
function toTicketBasket(raw: unknown, uid: string): TicketBasket {
  const tickets = raw == null ? {} : parseRecord(basketTicketsSchema, raw, `baskets/${uid}/tickets`);
  return Object.fromEntries(Object.entries(tickets ?? {}).map(([memberId, t]) => [memberId, t.ticketTypeId]));
}

const ticketsApi = injectRealtimeEndpoints((build) => ({
  getTicketBasket: build.query<TicketBasket, string>(
    realtimeEndpoint((uid) => `baskets/${uid}/tickets`, toTicketBasket),
  ),
}));

export const { useGetTicketBasketQuery } = ticketsApi;

/**
 * The basket is client-written (the rules check that the participant and the ticket type exist);
 * every write also stamps `updatedAt` with the server's time, which the rules require.
 */
export async function setBasketTicket(uid: string, memberId: string, ticketTypeId: string | null): Promise<void> {
  const { db, sdk } = await loadDatabase();
  await sdk.update(sdk.ref(db, `baskets/${uid}`), {
    [`tickets/${memberId}`]: ticketTypeId ? { ticketTypeId } : null,
    updatedAt: sdk.serverTimestamp(),
  });
}

export function placeTicketOrder(input: CallableInput<'placeTicketOrder'>) {
  return callFunction('placeTicketOrder', input);
}
