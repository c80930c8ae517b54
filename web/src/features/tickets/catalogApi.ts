import type { Seller, TicketType } from '@domain/schemas';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';

export interface TicketTypeEntry extends TicketType {
  id: string;
  /** quota − sold, never below 0. */
  available: number;
  /** Active and inside its sale window right now. */
  onSale: boolean;
}

function toTicketTypes(raw: unknown): TicketTypeEntry[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const now = Date.now();
  return Object.entries(raw as Record<string, TicketType>)
    .map(([id, t]) => ({
      ...t,
      id,
      available: Math.max(0, (t.quota ?? 0) - (t.sold ?? 0)),
      onSale: t.active === true && (t.saleStart == null || now >= t.saleStart) && (t.saleEnd == null || now <= t.saleEnd),
    }))
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.name.localeCompare(b.name, 'pl'));
}

export interface SellerInfo {
  eventName: string;
  seller: Seller | null;
}

function toSeller(raw: unknown): SellerInfo {
  const e = (typeof raw === 'object' && raw !== null ? raw : {}) as { name?: string; seller?: Seller };
  return { eventName: e.name ?? '', seller: e.seller ?? null };
}

export const catalogApi = realtimeApi.injectEndpoints({
  endpoints: (build) => ({
    /** `/ticketTypes`, live: availability changes as others buy. */
    getTicketTypes: build.query<TicketTypeEntry[], void>(realtimeEndpoint(() => 'ticketTypes', toTicketTypes)),
    /** `/event` seen as the seller of an order: who to pay and where. */
    getSeller: build.query<SellerInfo, void>(realtimeEndpoint(() => 'event', toSeller)),
  }),
});

export const { useGetTicketTypesQuery, useGetSellerQuery } = catalogApi;
