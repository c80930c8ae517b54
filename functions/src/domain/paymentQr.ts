/**
 * The payment QR code of Polish banking apps: the Związek Banków Polskich recommendation of
 * 3 December 2013 („Rekomendacja … dotycząca kodu dwuwymiarowego (2D) …”, known as „Standard 2D”).
 * The code holds one line of nine fields separated by `|`:
 *
 *   NIP | country | account | amount | recipient | title | reserve 1 | reserve 2 | reserve 3
 *
 * - NIP: the recipient's 10-digit tax number; empty for a recipient without one (the recommendation's
 *   recipient „type 2”, a natural person),
 * - country: `PL`,
 * - account: the 26-digit NRB, no spaces, no `PL`,
 * - amount: grosze as exactly six digits, zero-padded (`012345` = 123,45 zł) — so at most 9 999,99 zł;
 *   `000000` is the recommendation's „amount typed in by the payer”,
 * - recipient name: at most 20 characters, title: at most 32 characters,
 * - reserve 1 (≤ 20, a payment reference), reserve 2 (≤ 12, Invoobill), reserve 3 (≤ 24): empty here,
 * - the whole line at most 160 characters.
 * Names and titles keep letters (with the Polish ones), digits, spaces and `, . / \ - @ # & * _`; other
 * characters (quotes, the `|` separator, control characters) are dropped, other accented Latin letters
 * lose their marks (`é` → `e`). The line is encoded in UTF-8
 * (byte mode): `paymentQrBytes`.
 *
 * Above 9 999,99 zł the code carries `000000`: it still fills the account, the recipient and the
 * title, and the payer types the amount, which the screen and the e-mail say next to the code
 * (`paymentQrCarriesAmount`). Public implementations disagree on a longer amount field and nothing
 * shows how the apps read one; an app that takes six digits of it would fill in a wrong amount, which
 * is worse than none (the decision and its sources: docs/email.md).
 */

import { isValidNip } from './identifiers.js';
import { formatMoney } from './money.js';

const PAYMENT_QR_SEPARATOR = '|';
export const PAYMENT_QR_MAX_GROSZE = 999_999;
const PAYMENT_QR_LIMITS = {
  nip: 10,
  country: 2,
  account: 26,
  amount: 6,
  recipient: 20,
  title: 32,
  reserve1: 20,
  reserve2: 12,
  reserve3: 24,
  total: 160,
} as const;

export interface PaymentQrInput {
  /** Recipient's NIP, 10 digits (dashes and spaces are removed); empty or absent for a recipient without one. */
  nip?: string;
  /** 26-digit account number (spaces and a leading `PL` are removed). */
  bankAccount: string;
  amountGrosze: number;
  recipientName: string;
  /** The order number, e.g. `ZAM/2026/000042`. */
  title: string;
}

/** Characters a field may keep: letters (Latin, with the Polish ones), digits, space and `, . / \ - @ # & * _`. */
const DISALLOWED = /[^A-Za-z0-9ĄĆĘŁŃÓŚŹŻąćęłńóśźż ,./\\\-@#&*_]/gu;

const POLISH = new Set('ĄĆĘŁŃÓŚŹŻąćęłńóśźż');

/** Other accented Latin letters lose their marks (`é` → `e`); Polish letters stay as they are. */
function toAllowedLetter(char: string): string {
  return POLISH.has(char) ? char : char.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * A text field for the code: NFC, disallowed characters dropped, runs of spaces collapsed, trimmed,
 * and cut to `limit` characters on a character boundary (never inside a letter written as a base
 * and a combining mark, never inside a surrogate pair).
 */
export function paymentQrText(text: string, limit: number): string {
  const clean = Array.from(text.normalize('NFC'), toAllowedLetter)
    .join('')
    .replace(DISALLOWED, '')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(clean).slice(0, limit).join('').trimEnd();
}

/**
 * Whether the code of a transfer of `amountGrosze` carries the amount: up to 9 999,99 zł it does; above,
 * the amount field is `000000` and the payer types the amount after scanning.
 */
export function paymentQrCarriesAmount(amountGrosze: number): boolean {
  return amountGrosze <= PAYMENT_QR_MAX_GROSZE;
}

/** What the payer reads next to a code without the amount (screen and e-mail say the same). */
export function paymentQrTypeAmountNote(amountGrosze: number): string {
  return `Kwotę ${formatMoney(amountGrosze)} wpisz ręcznie — kod QR banków mieści kwoty do ${formatMoney(PAYMENT_QR_MAX_GROSZE)}.`;
}

/**
 * The Standard 2D line for a transfer, or null when no code may be made: an amount that is not a
 * whole number of grosze above 0, an account that is not 26 digits, a NIP given but not valid (banking
 * apps check it and refuse the code), or a recipient or title left empty by the character rules.
 * Above 9 999,99 zł the amount field is `000000` (see `paymentQrCarriesAmount`).
 */
export function paymentQrPayload(input: PaymentQrInput): string | null {
  const nip = (input.nip ?? '').replace(/[\s-]/g, '');
  const account = input.bankAccount.replace(/\s/g, '').replace(/^PL/i, '');
  if (!Number.isSafeInteger(input.amountGrosze) || input.amountGrosze <= 0) return null;
  if (!/^\d{26}$/.test(account) || (nip !== '' && !(/^\d{10}$/.test(nip) && isValidNip(nip)))) return null;
  const recipient = paymentQrText(input.recipientName, PAYMENT_QR_LIMITS.recipient);
  const title = paymentQrText(input.title, PAYMENT_QR_LIMITS.title);
  if (!recipient || !title) return null;
  const amount = paymentQrCarriesAmount(input.amountGrosze)
    ? String(input.amountGrosze).padStart(PAYMENT_QR_LIMITS.amount, '0')
    : '0'.repeat(PAYMENT_QR_LIMITS.amount);
  const line = [nip, 'PL', account, amount, recipient, title, '', '', ''].join(PAYMENT_QR_SEPARATOR);
  // Cannot exceed the total with the limits above (10+2+26+6+20+32+8 separators = 104); kept as a guard.
  return Array.from(line).length <= PAYMENT_QR_LIMITS.total ? line : null;
}

/** The fields of a Standard 2D line (for tests and for reading a scanned code back). */
export function parsePaymentQr(line: string): {
  nip: string;
  country: string;
  account: string;
  amountGrosze: number;
  recipient: string;
  title: string;
  reserves: string[];
} | null {
  const fields = line.split(PAYMENT_QR_SEPARATOR);
  if (fields.length !== 9 || !/^\d{6}$/.test(fields[3])) return null;
  return {
    nip: fields[0],
    country: fields[1],
    account: fields[2],
    amountGrosze: Number(fields[3]),
    recipient: fields[4],
    title: fields[5],
    reserves: fields.slice(6),
  };
}

/**
 * The line as the bytes the QR code carries (UTF-8), each byte one character of the returned string:
 * the form qrcode-generator's byte mode takes (its own conversion keeps only the low 8 bits of each
 * UTF-16 unit, which would garble ą, ę, ł…).
 */
export function paymentQrBytes(line: string): string {
  return String.fromCharCode(...new TextEncoder().encode(line));
}
