import { CALLABLES, type CallableInput, type CallableOutput } from '@domain/callables';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';
import { callFunction, loadDatabase } from '../../shared/firebase';

/** `/baskets/{uid}/tickets`: memberId → chosen ticket type. */
export type TicketBasket = Record<string, string>;

function toTicketBasket(raw: unknown): TicketBasket {
  const tickets = (raw as { tickets?: Record<string, { ticketTypeId?: string }> } | null)?.tickets ?? {};
  return Object.fromEntries(Object.entries(tickets).flatMap(([memberId, t]) => (typeof t?.ticketTypeId === 'string' ? [[memberId, t.ticketTypeId]] : [])));
}

export const ticketsApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getTicketBasket: build.query<TicketBasket, string>(realtimeEndpoint((uid) => `baskets/${uid}`, toTicketBasket)),
  }),
});

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
  return callFunction<CallableInput<'placeTicketOrder'>, CallableOutput<'placeTicketOrder'>>(CALLABLES.placeTicketOrder, input);
}

const KEY_STORAGE = 'panel.checkout.tickets.key';

/**
 * One idempotency key per checkout: created when the buyer step opens, reused by every retry and
 * double click (the server then answers with the same order), dropped once the order exists.
 */
export function checkoutKey(): string {
  let key = sessionStorage.getItem(KEY_STORAGE);
  if (!key || !/^[A-Za-z0-9_-]{8,64}$/.test(key)) {
    key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    sessionStorage.setItem(KEY_STORAGE, key);
  }
  return key;
}

export function finishCheckout(): void {
  sessionStorage.removeItem(KEY_STORAGE);
}
