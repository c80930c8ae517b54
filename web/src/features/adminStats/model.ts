import { isoToPolishDate, formatMoney, formatNumber } from '../../shared/format/pl';
import type { AdminStatsData, CatalogueEntry, DayStats, RefundStatsData } from './api';

export interface TicketRow {
  id: string;
  name: string;
  paid: number;
  /** Units refunded (correction invoices); already taken out of `paid`. */
  refunded: number;
  reserved: number;
  quota: number;
  left: number;
  archived: boolean;
}

/**
 * Rows of one catalogue (ticket types, products) from the sales counters: the live items and the
 * archived ones that still count, with the units refunded taken out of what was paid.
 */
type CatalogueRows<Row> = (
  stats: AdminStatsData,
  live: readonly CatalogueEntry[],
  archived: readonly CatalogueEntry[],
  refunds?: RefundStatsData,
) => Row[];

/** Tickets per type: paid (from the counters, refunds taken out), reserved by pending orders (sold − paid), refunded, quota. */
export const ticketRows: CatalogueRows<TicketRow> = (stats, live, archived, refunds) =>
  [...live, ...archived]
    .map((t) => {
      const paid = stats.ticketTypes[t.id] ?? 0;
      const quota = t.quota ?? 0;
      const refunded = refunds?.ticketTypes[t.id]?.quantity ?? 0;
      return {
        id: t.id,
        name: t.archived ? `${t.name} (archiwum)` : t.name,
        paid,
        refunded,
        reserved: Math.max(0, t.sold - paid),
        quota,
        left: Math.max(0, quota - t.sold),
        archived: t.archived,
      };
    })
    .filter((row) => !row.archived || row.paid > 0 || row.reserved > 0 || row.refunded > 0);

export interface MerchRow {
  key: string;
  product: string;
  variant: string;
  paid: number;
  /** Units refunded (correction invoices); already taken out of `paid`. */
  refunded: number;
  reserved: number;
  stock: number;
  left: number;
}

export const merchRows: CatalogueRows<MerchRow> = (stats, live, archived, refunds) => {
  const rows: MerchRow[] = [];
  for (const p of [...live, ...archived]) {
    for (const v of p.variants ?? []) {
      const paid = stats.variants[p.id]?.[v.id] ?? 0;
      const refunded = refunds?.variants[p.id]?.[v.id]?.quantity ?? 0;
      if (p.archived && paid === 0 && v.sold === 0 && refunded === 0) continue;
      rows.push({
        key: `${p.id}/${v.id}`,
        product: p.archived ? `${p.name} (archiwum)` : p.name,
        variant: v.label,
        paid,
        refunded,
        reserved: Math.max(0, v.sold - paid),
        stock: v.stock,
        left: Math.max(0, v.stock - v.sold),
      });
    }
  }
  return rows;
};

export interface CountryRow {
  code: string;
  name: string;
  accounts: number;
}

export function countryRows(stats: AdminStatsData, names: Record<string, string>): CountryRow[] {
  return Object.entries(stats.byCountry)
    .filter(([, n]) => n > 0)
    .map(([code, accounts]) => ({ code, name: names[code] ?? code, accounts }))
    .sort((a, b) => b.accounts - a.accounts || a.name.localeCompare(b.name, 'pl'));
}

/** `2026-11-22` → `22.11` for chart axes. */
export const shortDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;

/** One day of sales with the money refunded that day (correction invoices issued) and the revenue net of it. */
export interface DayRow extends DayStats {
  refunds: number;
  refundedGross: number;
  /** Revenue paid that day minus money refunded that day. */
  netGross: number;
}

/** Sales days and refund days together, oldest first (a day with only a refund is a row too). */
export function daysWithRefunds(days: readonly DayStats[], refunds: RefundStatsData | undefined): DayRow[] {
  const byDate = new Map<string, DayRow>();
  for (const d of days) byDate.set(d.date, { ...d, refunds: 0, refundedGross: 0, netGross: d.paidGross });
  for (const r of refunds?.perDay ?? []) {
    const day = byDate.get(r.date) ?? {
      date: r.date,
      placed: 0,
      placedGross: 0,
      paid: 0,
      paidGross: 0,
      refunds: 0,
      refundedGross: 0,
      netGross: 0,
    };
    byDate.set(r.date, { ...day, refunds: r.count, refundedGross: r.gross, netGross: day.paidGross - r.gross });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The daily table: day (`dd.mm.rrrr`, as dates are written everywhere else), orders placed, their gross
 * value, orders paid, revenue paid, refunds (correction invoices), money refunded, revenue net of refunds.
 */
export function dailyRows(days: readonly DayRow[]): string[][] {
  return days.map((d) => [
    isoToPolishDate(d.date),
    formatNumber(d.placed, 0),
    formatMoney(d.placedGross),
    formatNumber(d.paid, 0),
    formatMoney(d.paidGross),
    formatNumber(d.refunds, 0),
    formatMoney(d.refundedGross),
    formatMoney(d.netGross),
  ]);
}

export interface RefundItemRow {
  key: string;
  name: string;
  quantity: number;
  /** Gross value of the refunded units (a cancellation fee kept is not subtracted here). */
  gross: number;
}

/** Refunded tickets and merchandise per item, largest value first (names from the catalogue, archived ones marked). */
export function refundItemRows(
  refunds: RefundStatsData,
  tickets: readonly CatalogueEntry[],
  products: readonly CatalogueEntry[],
): RefundItemRow[] {
  const ticketName = new Map(tickets.map((t) => [t.id, t.archived ? `${t.name} (archiwum)` : t.name]));
  const product = new Map(products.map((p) => [p.id, p]));
  const rows: RefundItemRow[] = [];
  for (const [id, r] of Object.entries(refunds.ticketTypes))
    if (r.quantity > 0) rows.push({ key: `t/${id}`, name: `Bilet: ${ticketName.get(id) ?? id}`, ...r });
  for (const [pid, variants] of Object.entries(refunds.variants))
    for (const [vid, r] of Object.entries(variants)) {
      if (r.quantity <= 0) continue;
      const p = product.get(pid);
      const label = p?.variants?.find((v) => v.id === vid)?.label ?? vid;
      rows.push({
        key: `v/${pid}/${vid}`,
        name: `${p ? (p.archived ? `${p.name} (archiwum)` : p.name) : pid} — ${label}`,
        ...r,
      });
    }
  return rows.sort((a, b) => b.gross - a.gross || a.name.localeCompare(b.name, 'pl'));
}

export interface DiscountStatRow {
  code: string;
  orders: number;
  units: number;
  discountGross: number;
}

/** Codes that were used (now or before a cancellation took it back: then all counts are 0 and the code is left out), most discount first. */
export function discountRows(stats: AdminStatsData): DiscountStatRow[] {
  return Object.entries(stats.discounts)
    .map(([code, d]) => ({ code, ...d }))
    .filter((r) => r.orders > 0 || r.units > 0 || r.discountGross > 0)
    .sort((a, b) => b.discountGross - a.discountGross || a.code.localeCompare(b.code));
}
