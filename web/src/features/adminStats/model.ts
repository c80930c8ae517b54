import { formatIsoDay, formatMoney, formatNumber } from '../../shared/format/pl';
import type { AdminStatsData, CatalogueEntry, DayStats } from './api';

export interface TicketRow {
  id: string;
  name: string;
  paid: number;
  reserved: number;
  quota: number;
  left: number;
  archived: boolean;
}

/** Tickets per type: paid (from the counters), reserved by pending orders (sold − paid), quota. */
export function ticketRows(stats: AdminStatsData, live: readonly CatalogueEntry[], archived: readonly CatalogueEntry[]): TicketRow[] {
  return [...live, ...archived]
    .map((t) => {
      const paid = stats.ticketTypes[t.id] ?? 0;
      const quota = t.quota ?? 0;
      return { id: t.id, name: t.archived ? `${t.name} (archiwum)` : t.name, paid, reserved: Math.max(0, t.sold - paid), quota, left: Math.max(0, quota - t.sold), archived: t.archived };
    })
    .filter((row) => !row.archived || row.paid > 0 || row.reserved > 0);
}

export interface MerchRow {
  key: string;
  product: string;
  variant: string;
  paid: number;
  reserved: number;
  stock: number;
  left: number;
}

export function merchRows(stats: AdminStatsData, live: readonly CatalogueEntry[], archived: readonly CatalogueEntry[]): MerchRow[] {
  const rows: MerchRow[] = [];
  for (const p of [...live, ...archived]) {
    for (const v of p.variants ?? []) {
      const paid = stats.variants[p.id]?.[v.id] ?? 0;
      if (p.archived && paid === 0 && v.sold === 0) continue;
      rows.push({
        key: `${p.id}/${v.id}`,
        product: p.archived ? `${p.name} (archiwum)` : p.name,
        variant: v.label,
        paid,
        reserved: Math.max(0, v.sold - paid),
        stock: v.stock,
        left: Math.max(0, v.stock - v.sold),
      });
    }
  }
  return rows;
}

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

/** The daily table: day (`dd.mm.rrrr`, as dates are written everywhere else), orders placed, their gross value, orders paid, revenue paid (columns in that order). */
export function dailyRows(days: readonly DayStats[]): string[][] {
  return days.map((d) => [formatIsoDay(d.date), formatNumber(d.placed, 0), formatMoney(d.placedGross), formatNumber(d.paid, 0), formatMoney(d.paidGross)]);
}
