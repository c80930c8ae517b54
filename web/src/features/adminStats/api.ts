import type { Order } from '@domain/schemas';
import { loadDatabase } from '../../shared/firebase';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';

export interface AdminStatsData {
  revenue: { pendingGross: number; paidGross: number };
  orders: { pending: number; paid: number; cancelled: number };
  /** Per Warsaw day: orders placed and their gross value (cancellations not subtracted), orders paid and their gross. */
  perDay: DayStats[];
  ticketTypes: Record<string, number>;
  variants: Record<string, Record<string, number>>;
  pickups: { total: number; picked: number };
  byCountry: Record<string, number>;
}

export interface DayStats {
  date: string;
  placed: number;
  placedGross: number;
  paid: number;
  paidGross: number;
}

export interface CatalogueEntry {
  id: string;
  name: string;
  quota?: number;
  sold: number;
  archived: boolean;
  variants?: { id: string; label: string; stock: number; sold: number }[];
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

/** /stats/admin with every counter present (absent counters are 0). */
export function toAdminStats(raw: unknown): AdminStatsData {
  const r = obj(raw);
  const revenue = obj(r.revenue);
  const orders = obj(r.orders);
  const pickups = obj(r.pickups);
  return {
    revenue: { pendingGross: num(revenue.pendingGross), paidGross: num(revenue.paidGross) },
    orders: { pending: num(orders.pending), paid: num(orders.paid), cancelled: num(orders.cancelled) },
    perDay: Object.entries(obj(r.perDay))
      .map(([date, d]) => ({ date, placed: num(obj(d).placed), placedGross: num(obj(d).placedGross), paid: num(obj(d).paid), paidGross: num(obj(d).paidGross) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    ticketTypes: Object.fromEntries(Object.entries(obj(r.ticketTypes)).map(([id, t]) => [id, num(obj(t).paid)])),
    variants: Object.fromEntries(
      Object.entries(obj(r.variants)).map(([pid, vs]) => [pid, Object.fromEntries(Object.entries(obj(vs)).map(([vid, v]) => [vid, num(obj(v).paid)]))]),
    ),
    pickups: { total: num(pickups.total), picked: num(pickups.picked) },
    byCountry: Object.fromEntries(Object.entries(obj(r.byCountry)).map(([code, n]) => [code, num(n)])),
  };
}

function toCatalogue(archived: boolean) {
  return (raw: unknown): CatalogueEntry[] =>
    Object.entries(obj(raw)).map(([id, e]) => {
      const entry = obj(e);
      const variants = entry.variants
        ? Object.entries(obj(entry.variants))
            .map(([vid, v]) => ({ id: vid, label: String(obj(v).label ?? vid), stock: num(obj(v).stock), sold: num(obj(v).sold), sortOrder: num(obj(v).sortOrder) }))
            .sort((a, b) => a.sortOrder - b.sortOrder)
            .map(({ sortOrder: _omit, ...v }) => v)
        : undefined;
      return { id, name: String(entry.name ?? id), quota: entry.quota === undefined ? undefined : num(entry.quota), sold: num(entry.sold), archived, variants };
    });
}

export const adminStatsApi = realtimeApi.injectEndpoints({
  endpoints: (build) => ({
    statsAdmin: build.query<AdminStatsData, void>(realtimeEndpoint(() => 'stats/admin', toAdminStats)),
    statsTicketTypes: build.query<CatalogueEntry[], void>(realtimeEndpoint(() => 'ticketTypes', toCatalogue(false))),
    statsArchivedTicketTypes: build.query<CatalogueEntry[], void>(realtimeEndpoint(() => 'archivedTicketTypes', toCatalogue(true))),
    statsProducts: build.query<CatalogueEntry[], void>(realtimeEndpoint(() => 'products', toCatalogue(false))),
    statsArchivedProducts: build.query<CatalogueEntry[], void>(realtimeEndpoint(() => 'archivedProducts', toCatalogue(true))),
    statsCountries: build.query<Record<string, string>, void>(realtimeEndpoint(() => 'countries', (raw) => obj(raw) as Record<string, string>)),
  }),
});

export const {
  useStatsAdminQuery,
  useStatsTicketTypesQuery,
  useStatsArchivedTicketTypesQuery,
  useStatsProductsQuery,
  useStatsArchivedProductsQuery,
  useStatsCountriesQuery,
} = adminStatsApi;

/** All orders, read once for the export (a file is a snapshot; no listener needed). */
export async function fetchAllOrders(): Promise<Order[]> {
  const { db, sdk } = await loadDatabase();
  const snapshot = await sdk.get(sdk.ref(db, 'orders'));
  return Object.values(obj(snapshot.val())) as Order[];
}
