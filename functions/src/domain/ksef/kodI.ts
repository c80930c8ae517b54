/**
 * KOD I, the verification link printed as a QR code on an invoice sent to KSeF (Ministry of Finance,
 * KSeF 2.0 documentation, `kody-qr.md`): `{base}/invoice/{seller NIP}/{issue date DD-MM-RRRR}/{SHA-256 of
 * the invoice file, Base64URL}`. The hash is of the exact bytes of the XML file sent to KSeF, so the
 * link is computed from those bytes and nothing else. Under the code goes the KSeF number.
 */
import { z } from 'zod';
import { fileHashBase64Url, utf8 } from './sha256.js';

/**
 * The verification hosts of KOD I and KOD II per KSeF environment (`kody-qr.md`, „Środowiska”: TE
 * `qr-test.`, DEMO `qr-demo.`, PROD `qr.`). A link points to the environment the document was sent to;
 * a record that does not name one was made in production.
 */
export const KSEF_QR_BASES = {
  test: 'https://qr-test.ksef.mf.gov.pl',
  demo: 'https://qr-demo.ksef.mf.gov.pl',
  production: 'https://qr.ksef.mf.gov.pl',
} as const;
export const ksefQrEnvironmentSchema = z.enum(['test', 'demo', 'production']);
export type KsefQrEnvironment = z.output<typeof ksefQrEnvironmentSchema>;

/** The QR host of an environment (production when none is named). */
export function ksefQrBase(environment?: KsefQrEnvironment | null): string {
  return KSEF_QR_BASES[environment ?? 'production'];
}

/** `2026-02-01` → `01-02-2026`. */
function kodIDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new RangeError(`Not a date: ${isoDate}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

export function kodILinkFromHash(
  sellerNip: string,
  issueDate: string,
  hashBase64Url: string,
  base: string = KSEF_QR_BASES.production,
): string {
  if (!/^\d{10}$/.test(sellerNip)) throw new RangeError('Seller NIP must be 10 digits');
  if (!/^[A-Za-z0-9_-]{43}$/.test(hashBase64Url)) throw new RangeError('Not a Base64URL SHA-256');
  return `${base}/invoice/${sellerNip}/${kodIDate(issueDate)}/${hashBase64Url}`;
}

/** The link for an XML file given as text (hashed as UTF-8, the way it is downloaded) or as bytes. */
export function kodILink(
  sellerNip: string,
  issueDate: string,
  xml: string | Uint8Array,
  base: string = KSEF_QR_BASES.production,
): string {
  return kodILinkFromHash(sellerNip, issueDate, fileHashBase64Url(typeof xml === 'string' ? utf8(xml) : xml), base);
}
