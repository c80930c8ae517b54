/**
 * `/ksef/{uid}/{invoiceId}`: what the admin recorded after sending an invoice to KSeF (through the
 * Ministry's free application or accounting software). Written only by the `recordKsefSubmission`
 * callable, once. It keeps the exact XML file that was generated when the number was recorded, so the
 * file offered for download afterwards, its SHA-256 and the KOD I link can never drift apart.
 */
import { z } from 'zod';
import { extend } from 'zod/mini';
import type { CorrectionInvoice } from '../refunds.js';
import {
  invoiceSchema,
  isoDateSchema,
  timestampSchema,
  uidSchema,
  type Invoice,
  type InvoiceData,
} from '../schemas.js';
import { buildFa3Xml, fa3FileName, fa3FromInvoice, type Fa3Problem } from './fa3.js';
import { fa3FromCorrection } from './fa3Correction.js';
import { kodILinkFromHash, ksefQrBase, ksefQrEnvironmentSchema } from './kodI.js';
import { KSEF_NUMBER_PATTERN, parseKsefNumber } from './ksefNumber.js';
import { fileHashBase64Url, utf8 } from './sha256.js';
import { isoToPolishDate } from '../pdf/format.js';

export const ksefNumberSchema = z
  .string({ error: 'Podaj numer KSeF' })
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .refine(
    (v) => KSEF_NUMBER_PATTERN.test(v),
    'Numer KSeF ma 35 znaków: NIP-RRRRMMDD-12 znaków-2 znaki (np. 5265877635-20250826-0100001AF629-AF)',
  )
  .refine(
    (v) => parseKsefNumber(v) !== null,
    'Nieprawidłowy numer KSeF: zła data lub suma kontrolna — sprawdź, czy został przepisany bez błędów',
  );

/** Ids of documents KSeF records are kept for: invoice ids (`FV-2026-000123`) and correction ids (`KOR-2026-000001`). */
export const ksefDocumentIdSchema = z
  .string({ error: 'Brak identyfikatora faktury' })
  .regex(/^(FV|KOR)-\d{4}-\d{6,}$/, 'Nieprawidłowy identyfikator faktury');

export const ksefRecordSchema = z.strictObject({
  ksefNumber: z.string().regex(KSEF_NUMBER_PATTERN),
  /** The day the invoice was sent to KSeF (YYYY-MM-DD), as the admin recorded it. */
  submittedOn: isoDateSchema,
  /** The exact FA(3) file (UTF-8 text) the number belongs to. */
  xml: z.string().min(1).max(2_000_000),
  /** SHA-256 of the file's UTF-8 bytes, Base64URL: the last part of the KOD I link. */
  sha256: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  recordedAt: timestampSchema,
  recordedBy: uidSchema,
  /** The KSeF environment the number comes from: KOD I's host (kodI.ts); absent = production. */
  environment: ksefQrEnvironmentSchema.optional(),
});
export type KsefRecord = z.output<typeof ksefRecordSchema>;

/**
 * A stored invoice as the KSeF code reads it: the seller's details as plain text (a missing one empty), because buildFa3Xml checks
 * them itself and names each problem in Polish („brak NIP sprzedawcy”) — a seller saved incomplete must reach
 * the admin as that reason on the board and in the refusal, not as an unreadable record.
 */
const SELLER_FIELDS = ['name', 'street', 'postalCode', 'city', 'nip', 'bankName', 'bankAccount'] as const;
export const ksefInvoiceSnapshotSchema = extend(invoiceSchema, {
  seller: z.strictObject(
    Object.fromEntries(SELLER_FIELDS.map((field) => [field, z.string().default('')])) as Record<
      (typeof SELLER_FIELDS)[number],
      z.ZodDefault<z.ZodString>
    >,
  ),
});

/** `/ksefNumbers/{ksefNumber}`: the document a KSeF number belongs to (one number, one document). */
export const ksefNumberClaimSchema = z.strictObject({ uid: uidSchema, invoiceId: ksefDocumentIdSchema });
export type KsefNumberClaim = z.output<typeof ksefNumberClaimSchema>;

/** `/ksefUpo/{documentId}`: the UPO (official receipt) KSeF issued for an accepted document, kept apart from the live board. */
export const ksefUpoSchema = z.strictObject({
  xml: z.string().min(1),
  sessionReference: z.string().min(1),
  at: timestampSchema,
});
export type KsefUpo = z.output<typeof ksefUpoSchema>;

export const BUYER_TYPE_LABELS = { company: 'firma', person: 'konsument' } as const;

/**
 * The checks of a KSeF number an admin records by hand beyond its format (recordKsefSubmission): it starts with
 * the seller's NIP, its date is not before the document's issue date, and the day it was sent lies between the
 * issue date and today. The first problem, for the Polish refusal; null when the number fits the document.
 */
export function manualKsefNumberProblem(
  document: { issueDate: string; seller: { nip: string } },
  number: { sellerNip: string; acceptedOn: string },
  submittedOn: string,
  today: string,
): { field: 'ksefNumber' | 'submittedOn'; message: string } | null {
  if (number.sellerNip !== document.seller.nip)
    return {
      field: 'ksefNumber',
      message: `Numer KSeF zaczyna się od NIP-u sprzedawcy (${document.seller.nip}), a ten — od ${number.sellerNip}`,
    };
  if (number.acceptedOn < document.issueDate)
    return {
      field: 'ksefNumber',
      message: `Data w numerze KSeF (${isoToPolishDate(number.acceptedOn)}) jest wcześniejsza niż data wystawienia faktury (${isoToPolishDate(document.issueDate)})`,
    };
  if (submittedOn < document.issueDate)
    return {
      field: 'submittedOn',
      message: `Data wysłania nie może być wcześniejsza niż data wystawienia faktury (${isoToPolishDate(document.issueDate)})`,
    };
  if (submittedOn > today) return { field: 'submittedOn', message: 'Data wysłania nie może być z przyszłości' };
  return null;
}

/** KSeF is mandatory for invoices to businesses (a buyer with a NIP); optional for consumers. */
export function ksefRequired(buyer: Pick<InvoiceData, 'kind'> | undefined): boolean {
  return buyer?.kind === 'company';
}

export type KsefFile =
  | { ok: true; xml: string; fileName: string; sha256: string; fromRecord: boolean }
  | { ok: false; problems: Fa3Problem[] };

/**
 * The file to hand out for an invoice: once a KSeF number is recorded, the stored file (the one the
 * number belongs to); before that, the file generated from the snapshot.
 */
export function ksefFileFor(invoice: Invoice, record?: Pick<KsefRecord, 'xml' | 'sha256'> | null): KsefFile {
  const fileName = fa3FileName(invoice.number);
  if (record?.xml)
    return { ok: true, xml: record.xml, fileName, sha256: fileHashBase64Url(utf8(record.xml)), fromRecord: true };
  const built = buildFa3Xml(fa3FromInvoice(invoice));
  if (!built.ok) return built;
  return { ok: true, xml: built.xml, fileName, sha256: fileHashBase64Url(utf8(built.xml)), fromRecord: false };
}

/**
 * The same for a correction invoice. `corrected` is the KSeF record of the invoice it corrects (its number
 * goes into `DaneFaKorygowanej`); once the correction's own number is recorded, its stored file is handed out.
 */
export function ksefFileForCorrection(
  correction: CorrectionInvoice,
  corrected?: Pick<KsefRecord, 'ksefNumber'> | null,
  record?: Pick<KsefRecord, 'xml' | 'sha256'> | null,
): KsefFile {
  const fileName = fa3FileName(correction.number);
  if (record?.xml)
    return { ok: true, xml: record.xml, fileName, sha256: fileHashBase64Url(utf8(record.xml)), fromRecord: true };
  const built = buildFa3Xml(fa3FromCorrection(correction, corrected?.ksefNumber));
  if (!built.ok) return built;
  return { ok: true, xml: built.xml, fileName, sha256: fileHashBase64Url(utf8(built.xml)), fromRecord: false };
}

/** The KOD I link of a recorded invoice, computed from the stored file's own bytes, on its environment's host. */
export function kodIForRecord(
  invoice: { seller: Pick<Invoice['seller'], 'nip'>; issueDate: string },
  record: Pick<KsefRecord, 'xml' | 'environment'>,
): string {
  return kodILinkFromHash(
    invoice.seller.nip,
    invoice.issueDate,
    fileHashBase64Url(utf8(record.xml)),
    ksefQrBase(record.environment),
  );
}
