/**
 * Callable inputs and stored shapes of the bank import (docs/data-model.md, "Bank statements").
 * Inputs are strict: the booking callable takes parsed transactions, never a file.
 */
import { z } from 'zod';
import { hasUnsafeText, keySchema } from '../schemas.js';
import { CSV_DATE_FORMATS, CSV_DELIMITERS } from './csv.js';
import { txKeySchema } from './transfer.js';

/** At most this many transfers per booking call: the admin page sends a statement in chunks. */
const MAX_BOOKING_ITEMS = 50;
/** Largest single transfer accepted (10 million zł), far above any order. */
const MAX_TRANSFER_GROSZE = 1_000_000_000;

const bankText = (max: number, what: string) =>
  z
    .string({ error: `Nieprawidłowy ${what}` })
    .max(max, `${what[0].toUpperCase()}${what.slice(1)} jest za długi`)
    .refine((v) => !hasUnsafeText(v), `${what[0].toUpperCase()}${what.slice(1)} zawiera niedozwolone znaki`);

const bankTransactionInputSchema = z.strictObject({
  bookingDate: z.string({ error: 'Brak daty operacji' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Nieprawidłowa data operacji'),
  amountGrosze: z
    .int({ error: 'Nieprawidłowa kwota przelewu' })
    .min(1, 'Księgować można tylko wpływy')
    .max(MAX_TRANSFER_GROSZE, 'Kwota przelewu jest za duża'),
  currency: z.literal('PLN', { error: 'Księgować można tylko przelewy w złotych' }),
  title: bankText(500, 'tytuł'),
  payerName: bankText(200, 'nadawca').optional(),
  payerAccount: z
    .string()
    .regex(/^[A-Z]{0,2}\d{8,32}$/, 'Nieprawidłowy numer rachunku nadawcy')
    .optional(),
  reference: bankText(100, 'numer referencyjny').optional(),
  occurrence: z.int().min(0).max(100_000).optional(),
});
export type BankTransactionInput = z.output<typeof bankTransactionInputSchema>;

const orderIdsSchema = z
  .array(keySchema, { error: 'Wybierz zamówienie' })
  .max(20, 'Za dużo zamówień w jednym przelewie')
  .refine((ids) => new Set(ids).size === ids.length, 'Zamówienie powtarza się na liście');

const bookingActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('book'),
      orderIds: orderIdsSchema.refine((ids) => ids.length >= 1, 'Wybierz zamówienie'),
      manual: z.boolean().optional(),
    }),
    z.strictObject({ kind: z.literal('refund'), orderIds: orderIdsSchema.optional() }),
    z.strictObject({ kind: z.literal('ignore') }),
  ],
  { error: 'Nieprawidłowa decyzja' },
);
export type BookingActionInput = z.output<typeof bookingActionSchema>;

const STATEMENT_FORMATS = ['mt940', 'camt053', 'csv'] as const;
export const bookBankTransactionsInput = z.strictObject({
  items: z
    .array(z.strictObject({ transaction: bankTransactionInputSchema, action: bookingActionSchema }), {
      error: 'Brak przelewów do zaksięgowania',
    })
    .min(1, 'Brak przelewów do zaksięgowania')
    .max(MAX_BOOKING_ITEMS, `Najwyżej ${MAX_BOOKING_ITEMS} przelewów naraz`),
  source: z.strictObject({
    format: z.enum(STATEMENT_FORMATS, { error: 'Nieznany format wyciągu' }),
    fileName: bankText(200, 'nazwa pliku').optional(),
  }),
});

export type BookingOrderResult = 'booked' | 'duplicate' | 'cancelled' | 'missing';
export interface BankBookingResult {
  txKey: string;
  outcome: 'booked' | 'refund' | 'ignored' | 'already-settled' | 'failed';
  orders: { orderId: string; number?: string; result: BookingOrderResult; invoiceNumber?: string }[];
  /** What went to the refund candidates (overpayment, duplicate, cancelled order). */
  refundGrosze?: number;
  /** For `failed`: the refusal reason (a re-run may finish it). */
  reason?: string;
  /** Polish, one sentence for the admin. */
  message: string;
}
export interface BookBankTransactionsOutput {
  results: BankBookingResult[];
}

const column = z.int().min(0).max(200);
const csvMappingSchema = z
  .strictObject({
    delimiter: z.enum(CSV_DELIMITERS),
    headerRow: z.int().min(-1).max(200),
    dataStart: z.int().min(0).max(201),
    decimal: z.enum([',', '.']),
    dateFormat: z.enum(CSV_DATE_FORMATS),
    columns: z.strictObject({
      bookingDate: column,
      amount: column.optional(),
      credit: column.optional(),
      debit: column.optional(),
      title: z.array(column).max(10),
      payerName: z.array(column).max(5).optional(),
      payerAccount: column.optional(),
      reference: column.optional(),
      currency: column.optional(),
    }),
    labelledFrom: column.optional(),
  })
  .refine((m) => m.columns.amount !== undefined || m.columns.credit !== undefined, {
    message: 'Wskaż kolumnę z kwotą',
    path: ['columns', 'amount'],
  })
  .refine((m) => m.columns.title.length > 0 || m.labelledFrom !== undefined, {
    message: 'Wskaż kolumnę z tytułem przelewu',
    path: ['columns', 'title'],
  });

const CSV_FINGERPRINT_PATTERN = /^c[0-9a-f]{24}$/;
export const saveBankCsvMappingInput = z.strictObject({
  fingerprint: z.string().regex(CSV_FINGERPRINT_PATTERN, 'Nieprawidłowy układ pliku'),
  bank: z
    .string()
    .trim()
    .min(1, 'Podaj nazwę banku')
    .max(60, 'Najwyżej 60 znaków')
    .refine((v) => !hasUnsafeText(v), 'Nazwa zawiera niedozwolone znaki'),
  mapping: csvMappingSchema,
});
export interface SaveBankCsvMappingOutput {
  fingerprint: string;
}

// ------------------------------------------------------------------ stored

const REFUND_REASONS = ['overpaid', 'duplicate', 'cancelled', 'unmatched'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

const storedTransaction = {
  bookingDate: z.string(),
  amountGrosze: z.int(),
  currency: z.string(),
  title: z.string(),
  payerName: z.string().optional(),
  payerAccount: z.string().optional(),
  reference: z.string().optional(),
};

/** `/bank/transactions/{txKey}`: the claim while a booking works on it, then the settled record. */
export const bankTransactionRecordSchema = z.strictObject({
  ...storedTransaction,
  status: z.enum(['processing', 'done']),
  /** While processing: who holds the claim, since when, with which token. */
  claim: z.strictObject({ token: z.string(), by: z.string(), at: z.int() }).optional(),
  outcome: z.enum(['booked', 'refund', 'ignored']).optional(),
  /** orderId → what happened to it. */
  orders: z.record(keySchema, z.enum(['booked', 'duplicate', 'cancelled', 'missing'])).optional(),
  manual: z.boolean().optional(),
  refundGrosze: z.int().optional(),
  settledAt: z.int().optional(),
  settledBy: z.string().optional(),
  source: z.strictObject({ format: z.enum(STATEMENT_FORMATS), fileName: z.string().optional() }).optional(),
});
export type BankTransactionRecord = z.output<typeof bankTransactionRecordSchema>;

/** `/bank/refundCandidates/{txKey}`: money to return (the refunds view lists these). */
export const refundCandidateSchema = z.strictObject({
  txKey: txKeySchema,
  reason: z.enum(REFUND_REASONS),
  /** What to return; `amountGrosze` is the whole transfer. */
  refundGrosze: z.int().min(1),
  ...storedTransaction,
  /** orderId → order number, for the orders the transfer named. */
  orders: z.record(keySchema, z.string()).optional(),
  /** The owner of the (first) order, so the refunds view can link the participant. */
  uid: z.string().optional(),
  status: z.enum(['open', 'refunded', 'dismissed']),
  createdAt: z.int(),
  createdBy: z.string(),
  /** Settled by the admin (bank/refundCandidates.ts): the day the organiser's transfer left, or why it stays. */
  refundedOn: z.string().optional(),
  dismissReason: z.string().optional(),
  settledAt: z.int().optional(),
  settledBy: z.string().optional(),
});
export type RefundCandidate = z.output<typeof refundCandidateSchema>;

/** `/bank/csvMappings/{fingerprint}`: a column mapping saved for one bank's CSV layout. */
export const savedCsvMappingSchema = z.strictObject({
  bank: z.string(),
  mapping: csvMappingSchema,
  savedAt: z.int(),
  savedBy: z.string(),
});
