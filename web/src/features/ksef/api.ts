import type { Invoice } from '@domain/schemas';
import { ksefRecordSchema, ksefUpoSchema, type KsefRecord } from '@domain/ksef/record';
import { ksefOfflineSchema, ksefOutageSchema, type KsefOffline, type KsefOutage } from '@domain/ksef/offline';
import type { CorrectionInvoice } from '@domain/refunds';
import { ksefLastRunSchema, ksefOutboxEntrySchema, type KsefLastRun, type KsefOutboxEntry } from '@domain/ksef/outbox';
import {
  injectRealtimeEndpoints,
  parseRecordMap,
  parseRecordsPerUser,
  realtimeEndpoint,
  recordEndpoint,
} from '../../shared/api/realtime';
import { loadDatabase } from '../../shared/firebase';

export interface InvoiceRef {
  uid: string;
  invoiceId: string;
}

/** An invoice with the keys it is stored under (`/invoices/{uid}/{invoiceId}`). */
export interface StoredInvoice extends InvoiceRef {
  invoice: Invoice;
}

const isObject = (raw: unknown): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null;

/**
 * Not parsed with `invoiceSchema` on purpose: an issued invoice cannot be changed, and this list
 * exists to show, row by row, the invoices whose stored data FA(3) refuses (e.g. a seller saved
 * without a NIP, `describeFa3Problems`). A strict parse would hide every row behind one error.
 */
export function toStoredInvoices(raw: unknown): StoredInvoice[] {
  if (!isObject(raw)) return [];
  const out: StoredInvoice[] = [];
  for (const [uid, perUser] of Object.entries(raw)) {
    if (!isObject(perUser)) continue;
    for (const [invoiceId, invoice] of Object.entries(perUser))
      if (isObject(invoice)) out.push({ uid, invoiceId, invoice: invoice as unknown as Invoice });
  }
  // Newest number first: the number carries the year and the gapless sequence.
  return out.sort(
    (a, b) =>
      b.invoice.issueDate.localeCompare(a.invoice.issueDate) || b.invoice.number.localeCompare(a.invoice.number),
  );
}

/** A correction invoice with the keys it is stored under (`/corrections/{uid}/{KOR-…}`). */
export interface StoredCorrection {
  uid: string;
  correctionId: string;
  correction: CorrectionInvoice;
}

/** Not parsed with `correctionInvoiceSchema`, for the reason given at `toStoredInvoices`: the list shows each correction FA(3) refuses. */
export function toStoredCorrections(raw: unknown): StoredCorrection[] {
  if (!isObject(raw)) return [];
  const out: StoredCorrection[] = [];
  for (const [uid, perUser] of Object.entries(raw)) {
    if (!isObject(perUser)) continue;
    for (const [correctionId, correction] of Object.entries(perUser))
      if (isObject(correction)) out.push({ uid, correctionId, correction: correction as unknown as CorrectionInvoice });
  }
  return out;
}

/** `/ksef` → `{ "uid/invoiceId": record }`. */
export function toKsefRecords(raw: unknown): Record<string, KsefRecord> {
  return Object.fromEntries(
    parseRecordsPerUser(ksefRecordSchema, raw, 'ksef').map(([uid, invoiceId, record]) => [
      `${uid}/${invoiceId}`,
      record,
    ]),
  );
}

/** `/ksefOutbox` → entries by document id (admins; entries the schema refuses are reported and left out). */
function toKsefOutbox(raw: unknown): Record<string, KsefOutboxEntry> {
  return parseRecordMap(ksefOutboxEntrySchema, raw, 'ksefOutbox');
}

/** The UPO of an accepted document (admins), read once when asked for: the XML is kept out of the live board. */
export async function fetchKsefUpo(documentId: string): Promise<string | null> {
  const { db, sdk } = await loadDatabase();
  const parsed = ksefUpoSchema.safeParse((await sdk.get(sdk.ref(db, `ksefUpo/${documentId}`))).val());
  return parsed.success ? parsed.data.xml : null;
}

/** Live reads for KSeF: the owner's own record (the rules allow nothing else) and, for admins, everything. */
const ksefApi = injectRealtimeEndpoints((build) => ({
  getKsefRecord: build.query<KsefRecord | null, InvoiceRef>(
    recordEndpoint(ksefRecordSchema, ({ uid, invoiceId }) => `ksef/${uid}/${invoiceId}`),
  ),
  getKsefOffline: build.query<KsefOffline | null, InvoiceRef>(
    recordEndpoint(ksefOfflineSchema, ({ uid, invoiceId }) => `ksefOffline/${uid}/${invoiceId}`),
  ),
  adminAllInvoices: build.query<StoredInvoice[], void>(realtimeEndpoint(() => 'invoices', toStoredInvoices)),
  adminAllCorrections: build.query<StoredCorrection[], void>(
    realtimeEndpoint(() => 'corrections', toStoredCorrections),
  ),
  adminKsefOutbox: build.query<Record<string, KsefOutboxEntry>, void>(
    realtimeEndpoint(() => 'ksefOutbox', toKsefOutbox),
  ),
  adminKsefLastRun: build.query<KsefLastRun | null, void>(recordEndpoint(ksefLastRunSchema, () => 'ksefLastRun')),
  adminKsefRecords: build.query<Record<string, KsefRecord>, void>(realtimeEndpoint(() => 'ksef', toKsefRecords)),
  adminKsefOutage: build.query<KsefOutage | null, void>(recordEndpoint(ksefOutageSchema, () => 'ksefOutage')),
}));

export const {
  useGetKsefRecordQuery,
  useGetKsefOfflineQuery,
  useAdminAllInvoicesQuery,
  useAdminAllCorrectionsQuery,
  useAdminKsefRecordsQuery,
  useAdminKsefOutboxQuery,
  useAdminKsefLastRunQuery,
  useAdminKsefOutageQuery,
} = ksefApi;
