import type { SettledTransaction } from '@domain/bank/matching';
import type { CsvMapping } from '@domain/bank/csv';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';

export interface SavedMapping {
  bank: string;
  mapping: CsvMapping;
}

const entries = (raw: unknown): [string, Record<string, unknown>][] =>
  typeof raw === 'object' && raw !== null ? (Object.entries(raw) as [string, Record<string, unknown>][]) : [];

/** Transfers earlier imports settled (`status: done`), by transaction key: the preview never books them again. */
export function toSettled(raw: unknown): Record<string, SettledTransaction> {
  const out: Record<string, SettledTransaction> = {};
  for (const [key, t] of entries(raw)) {
    if (t.status === 'done' && (t.outcome === 'booked' || t.outcome === 'refund' || t.outcome === 'ignored')) out[key] = { outcome: t.outcome };
  }
  return out;
}

export function toMappings(raw: unknown): Record<string, SavedMapping> {
  const out: Record<string, SavedMapping> = {};
  for (const [fingerprint, m] of entries(raw)) if (m.mapping && typeof m.bank === 'string') out[fingerprint] = { bank: m.bank, mapping: m.mapping as unknown as CsvMapping };
  return out;
}

/** Admin-only paths (database.rules.json "bank"), each a live listener while the tab is open. */
export const bankImportApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    bankSettledTransactions: build.query<Record<string, SettledTransaction>, void>(realtimeEndpoint(() => 'bank/transactions', toSettled)),
    bankCsvMappings: build.query<Record<string, SavedMapping>, void>(realtimeEndpoint(() => 'bank/csvMappings', toMappings)),
  }),
});

export const { useBankSettledTransactionsQuery, useBankCsvMappingsQuery } = bankImportApi;
