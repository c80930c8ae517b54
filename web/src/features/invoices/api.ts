import type { Invoice } from '@domain/schemas';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';

export interface InvoiceEntry extends Invoice {
  id: string;
}

function toInvoices(raw: unknown): InvoiceEntry[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, Invoice>)
    .map(([id, inv]) => ({ ...inv, id }))
    .sort((a, b) => b.issuedAt - a.issuedAt);
}

export interface InvoiceKey {
  uid: string;
  invoiceId: string;
}

export const invoicesApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getMyInvoices: build.query<InvoiceEntry[], string>(realtimeEndpoint((uid) => `invoices/${uid}`, toInvoices)),
    /** One invoice; only ever asked for the signed-in user's own uid (the rules refuse any other). */
    getInvoice: build.query<Invoice | null, InvoiceKey>(
      realtimeEndpoint(
        ({ uid, invoiceId }) => `invoices/${uid}/${invoiceId}`,
        (raw) => (typeof raw === 'object' && raw !== null ? (raw as Invoice) : null),
      ),
    ),
  }),
});

export const { useGetMyInvoicesQuery, useGetInvoiceQuery } = invoicesApi;

/** `{userId}-{invoiceId}` → parts; user ids never contain "-", invoice ids do (`FV-2026-000123`). */
export function parseInvoiceKey(key: string | undefined): InvoiceKey | null {
  const m = /^([A-Za-z0-9_]{1,128})-([A-Za-z0-9_-]{1,64})$/.exec(key ?? '');
  return m ? { uid: m[1], invoiceId: m[2] } : null;
}
