import { freeUnits, ticketTypeSchema, type TicketType } from '@domain/schemas';
import { injectRealtimeEndpoints, parseRecords, realtimeEndpoint } from '../../shared/api/realtime';

export interface TicketTypeEntry extends TicketType {
  id: string;
  /** quota − sold − units held by waiting-list offers, never below 0. */
  available: number;
  /** Active and inside its sale window right now. */
  onSale: boolean;
}

function toTicketTypes(raw: unknown): TicketTypeEntry[] {
  const now = Date.now();
  return parseRecords(ticketTypeSchema, raw, 'ticketTypes')
    .map(([id, t]: [string, TicketType]) => ({
      ...t,
      id,
      available: freeUnits(t),
      onSale:
        t.active === true && (t.saleStart == null || now >= t.saleStart) && (t.saleEnd == null || now <= t.saleEnd),
    }))
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.name.localeCompare(b.name, 'pl'));
}

const ticketTypesApi = injectRealtimeEndpoints((build) => ({
  /** `/ticketTypes`, live: availability changes as others buy. */
  getTicketTypes: build.query<TicketTypeEntry[], void>(realtimeEndpoint(() => 'ticketTypes', toTicketTypes)),
}));

export const { useGetTicketTypesQuery } = ticketTypesApi;
