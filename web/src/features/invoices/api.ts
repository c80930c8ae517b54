import { invoiceSchema, type Invoice } from '@domain/schemas';
import { injectRealtimeEndpoints, parseEntries, realtimeEndpoint, recordEndpoint } from '../../shared/api/realtime';

export interface InvoiceEntry extends Invoice {
  id: string;
}

function toInvoices(raw: unknown, uid: string): InvoiceEntry[] {
  return parseEntries(invoiceSchema, raw, `invoices/${uid}`).sort((a, b) => b.issuedAt - a.issuedAt);
}

export interface InvoiceKey {
  uid: string;
  invoiceId: string;
}

const invoicesApi = injectRealtimeEndpoints((build) => ({
  getMyInvoices: build.query<InvoiceEntry[], string>(realtimeEndpoint((uid) => `invoices/${uid}`, toInvoices)),
  /** One invoice; only ever asked for the signed-in user's own uid (the rules refuse any other). */
  getInvoice: build.query<Invoice | null, InvoiceKey>(
    recordEndpoint(invoiceSchema, ({ uid, invoiceId }) => `invoices/${uid}/${invoiceId}`),
  ),
}));

export const { useGetMyInvoicesQuery, useGetInvoiceQuery } = invoicesApi;

/** `{userId}-{invoiceId}` → parts; user ids never contain "-", invoice ids do (`FV-2026-000123`). */
export function parseInvoiceKey(key: string | undefined): InvoiceKey | null {
  const m = /^([A-Za-z0-9_]{1,128})-([A-Za-z0-9_-]{1,64})$/.exec(key ?? '');
  return m ? { uid: m[1], invoiceId: m[2] } : null;
}
