/**
 * The shapes every statement parser produces. A statement file (MT940, camt.053 or CSV) becomes a
 * `ParsedStatement`: its transactions in file order, amounts in integer grosze (credit > 0, debit < 0).
 */

type StatementFormat = 'mt940' | 'camt053' | 'csv';
export type TextEncodingName = 'utf-8' | 'utf-16' | 'windows-1250' | 'iso-8859-2' | 'cp852';

export interface BankTransaction {
  /** Booking date (YYYY-MM-DD) as the bank states it. */
  bookingDate: string;
  /** Integer grosze; incoming credits are positive, debits negative. */
  amountGrosze: number;
  /** ISO 4217 code, upper case. */
  currency: string;
  /** The transfer title as typed by the payer (sub-fields joined), cleaned of control characters. */
  title: string;
  payerName?: string;
  /** The payer's account (IBAN or NRB), without spaces. */
  payerAccount?: string;
  /** The bank's own reference of this transaction, when the format carries one. */
  reference?: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  encoding: TextEncodingName;
  /** The encoding was guessed from close scores: the preview asks the admin to check the Polish letters. */
  encodingUncertain?: true;
  /** How many statements the file held (MT940 and camt.053 may hold several). */
  statementCount?: number;
  /** The statement's own account, when the file names it. */
  account?: string;
  transactions: BankTransaction[];
  /** Non-fatal notes for the admin (Polish). */
  warnings: string[];
}

/**
 * A file that cannot be read as a statement. `message` is Polish and shown to the admin as is; `code`
 * is stable for tests and the UI. Nothing is written anywhere when a file is refused.
 */
export class StatementError extends Error {
  constructor(
    readonly code: StatementErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

export type StatementErrorCode =
  | 'too-large'
  | 'empty'
  | 'binary'
  | 'bad-encoding'
  | 'unknown-format'
  | 'truncated'
  | 'malformed'
  | 'xml-doctype'
  | 'xml-entity-expansion'
  | 'xml-external-entity'
  | 'xml-too-deep'
  | 'xml-too-large'
  | 'balance-mismatch'
  | 'bad-amount'
  | 'bad-date'
  | 'csv-mapping-needed'
  | 'csv-mapping-invalid'
  | 'no-transactions';
