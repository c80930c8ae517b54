import { useMemo } from 'react';
import { orderSchema, type Order } from '@domain/schemas';
import { adminStatsSchema, refundStatsSchema } from '@domain/statsSchemas';
import type { CorrectionInvoice, OrderRefunds } from '@domain/refunds';
import { correctionInvoiceSchema, orderRefundsSchema } from '@domain/refundSchemas';
import { loadDatabase } from '../../shared/firebase';
import {
  injectRealtimeEndpoints,
  parseEntries,
  parseRecord,
  parseRecordMap,
  parseRecordsPerUser,
  realtimeEndpoint,
} from '../../shared/api/realtime';
import { useAdminArchivedProductsQuery, useAdminArchivedTicketTypesQuery } from '../admin';
import { useGetCountriesQuery } from '../registration';
import { useGetProductsQuery, useGetTicketTypesQuery } from '../catalogue';

export interface AdminStatsData {
  revenue: { pendingGross: number; paidGross: number };
  orders: { pending: number; paid: number; cancelled: number };
  /** Per Warsaw day: orders placed and their gross value (cancellations not subtracted), orders paid and their gross. */
  perDay: DayStats[];
  ticketTypes: Record<string, number>;
  variants: Record<string, Record<string, number>>;
  pickups: { total: number; picked: number };
  byCountry: Record<string, number>;
  /** Per discount code: orders placed with it, units discounted and the discount given (docs/discounts.md). */
  discounts: Record<string, { orders: number; units: number; discountGross: number }>;
}

export interface DayStats {
  date: string;
  placed: number;
  placedGross: number;
  paid: number;
  paidGross: number;
}

/** `/stats/refunds` (docs/refunds.md): money returned by correction invoices, per day and per item. */
export interface RefundStatsData {
  gross: number;
  count: number;
  perDay: { date: string; count: number; gross: number }[];
  /** Ticket type id → units refunded and their gross. */
  ticketTypes: Record<string, { quantity: number; gross: number }>;
  /** Product id → variant id → units refunded and their gross. */
  variants: Record<string, Record<string, { quantity: number; gross: number }>>;
}

export interface CatalogueEntry {
  id: string;
  name: string;
  quota?: number;
  sold: number;
  archived: boolean;
  variants?: { id: string; label: string; stock: number; sold: number }[];
}

/** /stats/admin parsed with its domain schema, with every counter present (absent counters are 0). */
export function toAdminStats(raw: unknown): AdminStatsData {
  const r = raw == null ? {} : parseRecord(adminStatsSchema, raw, 'stats/admin');
  const n = (v: number | undefined) => v ?? 0;
  const paid = (counters: Record<string, { paid?: number }>) =>
    Object.fromEntries(Object.entries(counters).map(([id, c]) => [id, n(c.paid)]));
  return {
    revenue: { pendingGross: n(r.revenue?.pendingGross), paidGross: n(r.revenue?.paidGross) },
    orders: { pending: n(r.orders?.pending), paid: n(r.orders?.paid), cancelled: n(r.orders?.cancelled) },
    perDay: Object.entries(r.perDay ?? {})
      .map(([date, d]) => ({
        date,
        placed: n(d.placed),
        placedGross: n(d.placedGross),
        paid: n(d.paid),
        paidGross: n(d.paidGross),
      }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    ticketTypes: paid(r.ticketTypes ?? {}),
    variants: Object.fromEntries(Object.entries(r.variants ?? {}).map(([pid, vs]) => [pid, paid(vs)])),
    pickups: { total: n(r.pickups?.total), picked: n(r.pickups?.picked) },
    byCountry: r.byCountry ?? {},
    discounts: Object.fromEntries(
      Object.entries(r.discounts ?? {}).map(([code, d]) => [
        code,
        { orders: n(d.orders), units: n(d.units), discountGross: n(d.discountGross) },
      ]),
    ),
  };
}

/** /stats/refunds parsed with its domain schema, with every counter present (absent counters are 0). */
export function toRefundStats(raw: unknown): RefundStatsData {
  const r = raw == null ? {} : parseRecord(refundStatsSchema, raw, 'stats/refunds');
  const n = (v: number | undefined) => v ?? 0;
  const quantityGross = (c: { quantity?: number; gross?: number }) => ({ quantity: n(c.quantity), gross: n(c.gross) });
  return {
    gross: n(r.gross),
    count: n(r.count),
    perDay: Object.entries(r.perDay ?? {})
      .map(([date, d]) => ({ date, count: n(d.count), gross: n(d.gross) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    ticketTypes: Object.fromEntries(Object.entries(r.ticketTypes ?? {}).map(([id, t]) => [id, quantityGross(t)])),
    variants: Object.fromEntries(
      Object.entries(r.variants ?? {}).map(([pid, vs]) => [
        pid,
        Object.fromEntries(Object.entries(vs).map(([vid, v]) => [vid, quantityGross(v)])),
      ]),
    ),
  };
}

/** A ticket type or product as its own feature lists it, live or archived. */
interface CatalogueSource {
  id: string;
  name: string;
  quota?: number;
  sold?: number;
  variants?: readonly { id: string; label: string; stock: number; sold: number }[];
}

/** Ticket types or products (variants already in display order) as the sales tables list them. */
function toCatalogue(items: readonly CatalogueSource[], archived: boolean): CatalogueEntry[] {
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    quota: item.quota,
    sold: item.sold ?? 0,
    archived,
    variants: item.variants?.map((v) => ({ id: v.id, label: v.label, stock: v.stock, sold: v.sold })),
  }));
}

const adminStatsApi = injectRealtimeEndpoints((build) => ({
  statsAdmin: build.query<AdminStatsData, void>(realtimeEndpoint(() => 'stats/admin', toAdminStats)),
  statsRefunds: build.query<RefundStatsData, void>(realtimeEndpoint(() => 'stats/refunds', toRefundStats)),
}));

export const { useStatsAdminQuery, useStatsRefundsQuery } = adminStatsApi;

// The catalogue and the country names come from the features that own those paths (one endpoint
// per database path); these hooks only reshape them for the sales tables.
function useCatalogue(items: readonly CatalogueSource[] | undefined, archived: boolean) {
  return { data: useMemo(() => items && toCatalogue(items, archived), [items, archived]) };
}
export const useStatsTicketTypesQuery = () => useCatalogue(useGetTicketTypesQuery().data, false);
export const useStatsArchivedTicketTypesQuery = () => useCatalogue(useAdminArchivedTicketTypesQuery().data, true);
export const useStatsProductsQuery = () => useCatalogue(useGetProductsQuery().data, false);
export const useStatsArchivedProductsQuery = () => useCatalogue(useAdminArchivedProductsQuery().data, true);
export function useStatsCountriesQuery() {
  const countries = useGetCountriesQuery().data;
  return { data: useMemo(() => countries && Object.fromEntries(countries.map((c) => [c.code, c.name])), [countries]) };
}

/** All orders with their ids, read once for the export (a file is a snapshot; no listener needed). */
export async function fetchAllOrders(): Promise<(Order & { id: string })[]> {
  const { db, sdk } = await loadDatabase();
  const snapshot = await sdk.get(sdk.ref(db, 'orders'));
  return parseEntries(orderSchema, snapshot.val(), 'orders');
}

/** Every order's refunds (`/refunds`, by order id) and every correction invoice (`/corrections/{uid}/…`), read once for the exports. */
export async function fetchRefundsForExport(): Promise<{
  refunds: Record<string, OrderRefunds>;
  corrections: CorrectionInvoice[];
}> {
  const { db, sdk } = await loadDatabase();
  const [refunds, corrections] = await Promise.all([
    sdk.get(sdk.ref(db, 'refunds')),
    sdk.get(sdk.ref(db, 'corrections')),
  ]);
  return {
    refunds: parseRecordMap(orderRefundsSchema, refunds.val(), 'refunds'),
    corrections: parseRecordsPerUser(correctionInvoiceSchema, corrections.val(), 'corrections').map(
      ([, , correction]) => correction,
    ),
  };
}
