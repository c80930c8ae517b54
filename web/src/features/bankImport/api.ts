import type { SettledTransaction } from '@domain/bank/matching';
import type { CsvMapping } from '@domain/bank/csv';
import { bankTransactionRecordSchema, savedCsvMappingSchema } from '@domain/bank/schemas';
import { injectRealtimeEndpoints, parseRecords, realtimeEndpoint } from '../../shared/api/realtime';

interface SavedMapping {
  bank: string;
  mapping: CsvMapping;
}

/** Transfers earlier imports settled (`status: done`), by transaction key: the preview never books them again. */
export function toSettled(raw: unknown): Record<string, SettledTransaction> {
  const out: Record<string, SettledTransaction> = {};
  for (const [key, t] of parseRecords(bankTransactionRecordSchema, raw, 'bank/transactions'))
    if (t.status === 'done' && t.outcome) out[key] = { outcome: t.outcome };
  return out;
}

/** Saved CSV column mappings, by layout fingerprint. */
function toMappings(raw: unknown): Record<string, SavedMapping> {
  return Object.fromEntries(
    parseRecords(savedCsvMappingSchema, raw, 'bank/csvMappings').map(([fingerprint, m]) => [
      fingerprint,
      { bank: m.bank, mapping: m.mapping },
    ]),
  );
}

/** Admin-only paths (database.rules.json "bank"), each a live listener while the tab is open. */
const bankImportApi = injectRealtimeEndpoints((build) => ({
  bankSettledTransactions: build.query<Record<string, SettledTransaction>, void>(
    realtimeEndpoint(() => 'bank/transactions', toSettled),
  ),
  bankCsvMappings: build.query<Record<string, SavedMapping>, void>(
    realtimeEndpoint(() => 'bank/csvMappings', toMappings),
  ),
}));

export const { useBankSettledTransactionsQuery, useBankCsvMappingsQuery } = bankImportApi;
