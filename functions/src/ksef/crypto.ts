/**
 * The cryptography the KSeF API 2.0 requires (sesja-interaktywna.md, uwierzytelnianie.md), on node:crypto:
 * RSA-OAEP with SHA-256 (and MGF1-SHA-256) to the Ministry's public key certificate for the KSeF token and
 * the session key; AES-256-CBC with PKCS#7 for each invoice; Base64 SHA-256 hashes and byte sizes of the
 * plain and the encrypted file.
 */
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  publicEncrypt,
  privateDecrypt,
  randomBytes,
  X509Certificate,
  type KeyLike,
} from 'node:crypto';
import type { EncryptionInfo, SendInvoiceRequest } from '../domain/ksef/api.js';

export interface SessionKey {
  key: Buffer;
  iv: Buffer;
}

/** A fresh AES-256 key and a 128-bit IV (one per session, as the documentation recommends). */
export function newSessionKey(): SessionKey {
  return { key: randomBytes(32), iv: randomBytes(16) };
}

/** The public key of a certificate served as DER in Base64. */
export function publicKeyOfCertificate(derBase64: string): KeyLike {
  return new X509Certificate(Buffer.from(derBase64, 'base64')).publicKey;
}

export function rsaOaepEncrypt(publicKey: KeyLike, data: Uint8Array): Buffer {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);
}

/** The inverse (the stand-in and the tests hold the private key). */
export function rsaOaepDecrypt(privateKey: KeyLike, data: Uint8Array): Buffer {
  return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);
}

export function aesEncrypt(plain: Uint8Array, { key, iv }: SessionKey): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, iv); // PKCS#7 padding is node's default
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

export function aesDecrypt(encrypted: Uint8Array, { key, iv }: SessionKey): Buffer {
  const decipher = createDecipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([decipher.update(encrypted), decipher.final()]);
}

export function sha256Base64(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/** The `encryption` of `POST /sessions/online`: the session key wrapped for the Ministry, the IV in clear. */
export function encryptionInfo(sessionKey: SessionKey, symmetricKeyCertificate: KeyLike): EncryptionInfo {
  return {
    encryptedSymmetricKey: rsaOaepEncrypt(symmetricKeyCertificate, sessionKey.key).toString('base64'),
    initializationVector: sessionKey.iv.toString('base64'),
  };
}

/** The body of `POST /sessions/online/{ref}/invoices` for one invoice file (its exact bytes). */
export function sendInvoiceRequest(
  invoice: Uint8Array,
  sessionKey: SessionKey,
  offlineMode = false,
): SendInvoiceRequest {
  const encrypted = aesEncrypt(invoice, sessionKey);
  return {
    ...(offlineMode ? { offlineMode: true } : {}),
    invoiceHash: sha256Base64(invoice),
    invoiceSize: invoice.byteLength,
    encryptedInvoiceHash: sha256Base64(encrypted),
    encryptedInvoiceSize: encrypted.byteLength,
    encryptedInvoiceContent: encrypted.toString('base64'),
  };
}
