/**
 * The seller's KSeF offline certificate (optional): signs KOD II of documents handed out in offline24 mode
 * (kody-qr.md, „KOD II – Weryfikacja certyfikatu”). The certificate (`KSEF_OFFLINE_CERTIFICATE`, PEM — public,
 * a plain parameter) gives the serial number; its private key (`KSEF_OFFLINE_KEY`, PEM — a Functions secret)
 * signs. RSA keys sign RSASSA-PSS (SHA-256, MGF1-SHA-256, 32-byte salt), EC P-256 keys ECDSA in the IEEE P1363
 * form (R‖S) the documentation recommends; the signature goes into the link as Base64URL.
 */
import { createPrivateKey, sign, X509Certificate, constants, type KeyObject } from 'node:crypto';
import { kodIILink, kodIISigningInput, type KodIIParts } from '../domain/ksef/offline.js';

export interface OfflineCertificate {
  serial: string;
  key: KeyObject;
}

/** From the environment; null when not configured (offline documents then carry KOD I only and the admin sees why). */
export function offlineCertificate(env: NodeJS.ProcessEnv = process.env): OfflineCertificate | null {
  const certificatePem = env.KSEF_OFFLINE_CERTIFICATE?.trim();
  const keyPem = env.KSEF_OFFLINE_KEY?.trim();
  if (!certificatePem || !keyPem) return null;
  const certificate = new X509Certificate(certificatePem);
  const key = createPrivateKey(keyPem);
  if (!certificate.checkPrivateKey(key))
    throw new Error('KSEF_OFFLINE_KEY is not the private key of KSEF_OFFLINE_CERTIFICATE');
  return { serial: certificate.serialNumber.toUpperCase(), key };
}

function signKodII(input: string, key: KeyObject): string {
  const data = Buffer.from(input, 'utf8');
  const signature =
    key.asymmetricKeyType === 'rsa'
      ? sign('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 })
      : sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' });
  return signature.toString('base64url');
}

/** The KOD II link of one document, or null without a certificate. */
export function kodIIFor(
  parts: Omit<KodIIParts, 'certificateSerial'>,
  certificate: OfflineCertificate | null,
): string | null {
  if (!certificate) return null;
  const input = kodIISigningInput({ ...parts, certificateSerial: certificate.serial });
  return kodIILink(input, signKodII(input, certificate.key));
}
