import type { CallableInput } from '@domain/callables';
import { basketSchema } from '@domain/schemas';
import { injectRealtimeEndpoints, parseRecord, realtimeEndpoint } from '../../shared/api/realtime';
import { callFunction, loadDatabase } from '../../shared/firebase';

/** `/baskets/{uid}/tickets`: memberId → chosen ticket type. */
type TicketBasket = Record<string, string>;

function toTicketBasket(raw: unknown, uid: string): TicketBasket {
  const tickets = raw == null ? {} : (parseRecord(basketSchema, raw, `baskets/${uid}`).tickets ?? {});
  return Object.fromEntries(Object.entries(tickets).map(([memberId, t]) => [memberId, t.ticketTypeId]));
}

const ticketsApi = injectRealtimeEndpoints((build) => ({
  getTicketBasket: build.query<TicketBasket, string>(realtimeEndpoint((uid) => `baskets/${uid}`, toTicketBasket)),
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
