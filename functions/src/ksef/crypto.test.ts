// The KSeF cryptography against node:crypto's independent primitives and a real RSA key pair: what the
// client sends must be what the Ministry (here: the private key holder) can open and check.
import { createHash, generateKeyPairSync, publicEncrypt, constants } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FA3_FORM_CODE, invoiceOutcome, INVOICE_STATUS, ksefTokenPlaintext } from '../domain/ksef/api.js';
import {
  aesDecrypt,
  aesEncrypt,
  encryptionInfo,
  newSessionKey,
  rsaOaepDecrypt,
  rsaOaepEncrypt,
  sendInvoiceRequest,
  sha256Base64,
} from './crypto.js';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

describe('KSeF cryptography', () => {
  it('a session key is 32 random bytes with a 16-byte IV, fresh each time', () => {
    const a = newSessionKey();
    const b = newSessionKey();
    expect(a.key).toHaveLength(32);
    expect(a.iv).toHaveLength(16);
    expect(a.key.equals(b.key)).toBe(false);
  });

  it('AES-256-CBC/PKCS#7 round trip, padded to whole blocks (a full extra block on an exact multiple)', () => {
    const key = newSessionKey();
    for (const size of [0, 1, 15, 16, 17, 1000]) {
      const plain = Buffer.from('ż'.repeat(size)).subarray(0, size);
      const encrypted = aesEncrypt(plain, key);
      expect(encrypted.byteLength).toBe((Math.floor(size / 16) + 1) * 16);
      expect(aesDecrypt(encrypted, key).equals(plain)).toBe(true);
    }
  });

  it('decrypting with another key fails or gives other bytes', () => {
    const plain = Buffer.from('<Faktura/>');
    const encrypted = aesEncrypt(plain, newSessionKey());
    let other: Buffer | null;
    try {
      other = aesDecrypt(encrypted, newSessionKey());
    } catch {
      other = null;
    }
    expect(other?.equals(plain) ?? false).toBe(false);
  });

  it('RSA-OAEP uses SHA-256 (a SHA-1 OAEP decryption of it fails), and round-trips', () => {
    const token = Buffer.from(
      ksefTokenPlaintext('20260129-EC-398D2D8000-AECC6044CB-97|nip-1234563218|abc', 1769700000123),
    );
    const encrypted = rsaOaepEncrypt(publicKey, token);
    expect(encrypted).toHaveLength(256);
    expect(rsaOaepDecrypt(privateKey, encrypted).toString()).toBe(token.toString());
    const sha1 = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING }, token);
    expect(() => rsaOaepDecrypt(privateKey, sha1)).toThrow();
  });

  it('the token plain text is token|timestampMs', () => {
    expect(ksefTokenPlaintext('T0K3N', 1769700000123)).toBe('T0K3N|1769700000123');
  });

  it('encryptionInfo wraps the key for the certificate holder and sends the IV in clear', () => {
    const key = newSessionKey();
    const info = encryptionInfo(key, publicKey);
    expect(rsaOaepDecrypt(privateKey, Buffer.from(info.encryptedSymmetricKey, 'base64')).equals(key.key)).toBe(true);
    expect(Buffer.from(info.initializationVector, 'base64').equals(key.iv)).toBe(true);
  });

  it('sendInvoiceRequest: hashes and sizes of the plain and the encrypted file, content decrypts to the exact bytes', () => {
    const key = newSessionKey();
    const xml = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Faktura>Żółć „cudzysłów”</Faktura>\n', 'utf8');
    const body = sendInvoiceRequest(xml, key);
    expect(Object.keys(body).sort()).toEqual([
      'encryptedInvoiceContent',
      'encryptedInvoiceHash',
      'encryptedInvoiceSize',
      'invoiceHash',
      'invoiceSize',
    ]);
    expect(body.invoiceSize).toBe(xml.byteLength);
    expect(body.invoiceHash).toBe(createHash('sha256').update(xml).digest('base64'));
    const encrypted = Buffer.from(body.encryptedInvoiceContent, 'base64');
    expect(body.encryptedInvoiceSize).toBe(encrypted.byteLength);
    expect(body.encryptedInvoiceHash).toBe(sha256Base64(encrypted));
    expect(aesDecrypt(encrypted, key).equals(xml)).toBe(true);
  });

  it('the FA(3) form code and the status table follow the OpenAPI', () => {
    expect(FA3_FORM_CODE).toEqual({ systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' });
    expect(invoiceOutcome(INVOICE_STATUS.received.code)).toBe('pending');
    expect(invoiceOutcome(INVOICE_STATUS.processing.code)).toBe('pending');
    expect(invoiceOutcome(INVOICE_STATUS.accepted.code)).toBe('accepted');
    expect(invoiceOutcome(INVOICE_STATUS.cancelledBySystem.code)).toBe('retry');
    expect(invoiceOutcome(INVOICE_STATUS.unknownError.code)).toBe('retry');
    for (const s of [
      INVOICE_STATUS.duplicate,
      INVOICE_STATUS.semanticError,
      INVOICE_STATUS.fileInvalid,
      INVOICE_STATUS.decryptionFailed,
      INVOICE_STATUS.wrongPermissions,
    ]) {
      expect(invoiceOutcome(s.code)).toBe('rejected');
    }
  });
});
