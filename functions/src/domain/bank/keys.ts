/**
 * The identity of a bank transaction, which makes booking idempotent: importing the same or an
 * overlapping statement again finds every transaction already recorded under its key.
 *   - with the bank's own reference: SHA-256 of reference + amount;
 *   - without one: SHA-256 of booking date + amount + payer account + title (white space removed,
 *     upper case, so a re-export that wraps the title differently gives the same key) + the
 *     occurrence number among identical transactions of the same statement — two identical
 *     transfers on one day are two payments, and the same statement imported again numbers them
 *     the same way.
 * Keys are `t` + 32 hex digits: a safe database key whatever the bank put in its reference.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { BankTransaction } from './types.js';

/** References that banks print when there is none. */
const NO_REFERENCE = /^(NONREF|NOTPROVIDED|NONE|BRAK|-+|0+)$/i;

function hasReference(tx: Pick<BankTransaction, 'reference'>): boolean {
  return !!tx.reference && !NO_REFERENCE.test(tx.reference.trim());
}

function identity(
  tx: Pick<BankTransaction, 'bookingDate' | 'amountGrosze' | 'payerAccount' | 'title' | 'reference'>,
): string {
  if (hasReference(tx)) return `ref|${tx.reference!.trim().toUpperCase()}|${tx.amountGrosze}`;
  return `tx|${tx.bookingDate}|${tx.amountGrosze}|${tx.payerAccount ?? ''}|${tx.title.replace(/\s+/g, '').toUpperCase()}`;
}

export function transactionKey(
  tx: Pick<BankTransaction, 'bookingDate' | 'amountGrosze' | 'payerAccount' | 'title' | 'reference'>,
  occurrence = 0,
): string {
  const basis = hasReference(tx) ? identity(tx) : `${identity(tx)}|${occurrence}`;
  return `t${bytesToHex(sha256(utf8ToBytes(basis))).slice(0, 32)}`;
}

/** The occurrence number of each transaction among identical ones (same identity) earlier in the statement. */
export function occurrences(transactions: readonly BankTransaction[]): number[] {
  const seen = new Map<string, number>();
  return transactions.map((tx) => {
    if (hasReference(tx)) return 0;
    const id = identity(tx);
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return n;
  });
}
