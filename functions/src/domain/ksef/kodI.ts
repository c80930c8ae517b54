/**
 * KOD I, the verification link printed as a QR code on an invoice sent to KSeF (Ministry of Finance,
 * KSeF 2.0 documentation, `kody-qr.md`): `{base}/invoice/{seller NIP}/{issue date DD-MM-RRRR}/{SHA-256 of
 * the invoice file, Base64URL}`. The hash is of the exact bytes of the XML file sent to KSeF, so the
 * link is computed from those bytes and nothing else. Under the code goes the KSeF number.
 */
import { fileHashBase64Url, utf8 } from './sha256.js';

/** Production address; KSeF's test and demo environments use qr-test. / qr-demo. in its place. */
export const KSEF_QR_BASE = 'https://qr.ksef.mf.gov.pl';

/** `2026-02-01` → `01-02-2026`. */
export function kodIDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new RangeError(`Not a date: ${isoDate}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

export function kodILinkFromHash(sellerNip: string, issueDate: string, hashBase64Url: string, base = KSEF_QR_BASE): string {
  if (!/^\d{10}$/.test(sellerNip)) throw new RangeError('Seller NIP must be 10 digits');
  if (!/^[A-Za-z0-9_-]{43}$/.test(hashBase64Url)) throw new RangeError('Not a Base64URL SHA-256');
  return `${base}/invoice/${sellerNip}/${kodIDate(issueDate)}/${hashBase64Url}`;
}

/** The link for an XML file given as text (hashed as UTF-8, the way it is downloaded) or as bytes. */
export function kodILink(sellerNip: string, issueDate: string, xml: string | Uint8Array, base = KSEF_QR_BASE): string {
  return kodILinkFromHash(sellerNip, issueDate, fileHashBase64Url(typeof xml === 'string' ? utf8(xml) : xml), base);
}
