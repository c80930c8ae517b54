/**
 * Przelewy24 REST API (https://developers.przelewy24.pl/): the pure parts — checksums, the shapes of
 * the messages it sends, and the checks a notification must pass before the order is confirmed.
 * Used by the provider module (functions/src/payments/przelewy24.ts) and by the local stand-in
 * (scripts/lib/p24StandIn.mjs mirrors the checksum code; tests/functions compare both).
 *
 * Every `sign` is the SHA-384 (lower-case hex) of a JSON object whose fields come in the order the
 * documentation lists, with the CRC key last, encoded like PHP's
 * `json_encode(..., JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES)` — which is what
 * `JSON.stringify` does with strings and integers.
 */
import { sha384 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';

/** Base URLs of the API (…/api/v1) and the payment window (…/trnRequest/{token}). */
/** transaction/register takes a payer's e-mail of at most this many characters (TransactionRequestBody.email). */
export const P24_EMAIL_MAX_LENGTH = 50;

export const P24_HOSTS = {
  sandbox: 'https://sandbox.przelewy24.pl',
  production: 'https://secure.przelewy24.pl',
} as const;

/** The field order of each checksum, as documented. */
export const P24_SIGN_FIELDS = {
  register: ['sessionId', 'merchantId', 'amount', 'currency', 'crc'],
  notification: [
    'merchantId',
    'posId',
    'sessionId',
    'amount',
    'originAmount',
    'currency',
    'orderId',
    'methodId',
    'statement',
    'crc',
  ],
  verify: ['sessionId', 'orderId', 'amount', 'currency', 'crc'],
  refundNotification: ['orderId', 'sessionId', 'refundsUuid', 'merchantId', 'amount', 'currency', 'status', 'crc'],
} as const;
type P24SignKind = keyof typeof P24_SIGN_FIELDS;
type SignInput<K extends P24SignKind> = Record<(typeof P24_SIGN_FIELDS)[K][number], string | number>;

/** The exact text that is hashed: the documented JSON object (exposed for the unit tests). */
export function p24SignText<K extends P24SignKind>(kind: K, fields: SignInput<K>): string {
  const ordered: Record<string, string | number> = {};
  for (const name of P24_SIGN_FIELDS[kind]) ordered[name] = (fields as Record<string, string | number>)[name];
  return JSON.stringify(ordered);
}

export function p24Sign<K extends P24SignKind>(kind: K, fields: SignInput<K>): string {
  return bytesToHex(sha384(utf8ToBytes(p24SignText(kind, fields))));
}

/** Compares two checksums without stopping at the first difference. */
function signsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const p24Int = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
const signSchema = z.string().regex(/^[0-9a-fA-F]{96}$/, 'Nieprawidłowa suma kontrolna');

/** The transaction notification POSTed to urlStatus after a successful payment. */
export const p24NotificationSchema = z.object({
  merchantId: p24Int,
  posId: p24Int,
  sessionId: z.string().max(100),
  amount: p24Int,
  originAmount: p24Int,
  currency: z.string().max(3),
  orderId: p24Int,
  methodId: p24Int,
  statement: z.string().max(1024),
  sign: signSchema,
});
export type P24Notification = z.output<typeof p24NotificationSchema>;

/** The refund notification POSTed to the refund's urlStatus; status 0 = completed, 1 = rejected. */
export const p24RefundNotificationSchema = z.object({
  orderId: p24Int,
  sessionId: z.string().max(100),
  merchantId: p24Int,
  requestId: z.string().max(100),
  refundsUuid: z.string().max(100),
  amount: p24Int,
  currency: z.string().max(3),
  timestamp: p24Int,
  status: z.union([z.literal(0), z.literal(1)]),
  sign: signSchema,
});
export type P24RefundNotification = z.output<typeof p24RefundNotificationSchema>;

/** The merchant's account, as the Functions secrets hold it. */
export interface P24Account {
  merchantId: number;
  posId: number;
  crc: string;
}

type NotificationProblem = 'bad-sign' | 'wrong-merchant' | 'wrong-pos' | 'wrong-currency' | 'wrong-amount';

/** The documented reasons a refund is refused (409, TransactionRefund409Item.message), in Polish. */
const REFUND_REFUSAL_LABELS: Record<string, string> = {
  'Transaction not found': 'operator nie zna tej transakcji',
  'Transaction in wrong status - cannot refund': 'stan transakcji nie pozwala na zwrot',
  'Insufficient funds available': 'za mało środków na koncie w Przelewy24',
  'The amount of refund exceeds available amount for the transaction': 'kwota przekracza to, co można jeszcze zwrócić',
};

/** The provider's reason(s) for refusing a refund, in Polish where documented, else as it gave them. */
export function refundRefusalLabel(reason: string): string {
  return reason
    .split('; ')
    .map((part) => (Object.hasOwn(REFUND_REFUSAL_LABELS, part) ? REFUND_REFUSAL_LABELS[part] : part))
    .join('; ');
}

export const NOTIFICATION_PROBLEM_LABELS: Record<NotificationProblem, string> = {
  'bad-sign': 'nieprawidłowa suma kontrolna (sign)',
  'wrong-merchant': 'inny identyfikator sprzedawcy',
  'wrong-pos': 'inny identyfikator punktu (POS)',
  'wrong-currency': 'inna waluta niż PLN',
  'wrong-amount': 'kwota inna niż wartość zamówienia',
};

/**
 * Whether a parsed notification is ours and pays exactly `expectedAmount` grosze in PLN. The sign comes
 * first: a message that does not carry our CRC tells us nothing about the other fields.
 */
export function checkNotification(
  n: P24Notification,
  account: P24Account,
  expectedAmount: number,
): { ok: true } | { ok: false; problem: NotificationProblem } {
  const expected = p24Sign('notification', { ...n, crc: account.crc });
  if (!signsEqual(expected, n.sign.toLowerCase())) return { ok: false, problem: 'bad-sign' };
  if (n.merchantId !== account.merchantId) return { ok: false, problem: 'wrong-merchant' };
  if (n.posId !== account.posId) return { ok: false, problem: 'wrong-pos' };
  if (n.currency !== 'PLN') return { ok: false, problem: 'wrong-currency' };
  if (n.amount !== expectedAmount || n.originAmount !== expectedAmount) return { ok: false, problem: 'wrong-amount' };
  return { ok: true };
}

export function checkRefundNotification(
  n: P24RefundNotification,
  account: P24Account,
): { ok: true } | { ok: false; problem: 'bad-sign' | 'wrong-merchant' } {
  const expected = p24Sign('refundNotification', { ...n, crc: account.crc });
  if (!signsEqual(expected, n.sign.toLowerCase())) return { ok: false, problem: 'bad-sign' };
  if (n.merchantId !== account.merchantId) return { ok: false, problem: 'wrong-merchant' };
  return { ok: true };
}

// Method ids and their names are in ./p24Methods.ts (no checksum code, so the web app can show them).
export { invoicePaymentMethodOf } from './p24Methods.js';
