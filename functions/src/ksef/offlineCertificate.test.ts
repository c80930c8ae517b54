import { constants, createPublicKey, verify, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KSEF_QR_BASES } from '../domain/ksef/kodI.js';
import { kodIIFor, offlineCertificate } from './offlineCertificate.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A key and a self-signed certificate made by openssl (as the local stack's stand-in makes its offline certificate). */
function newCertificate(keyArgs: string[]): { certificatePem: string; keyPem: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kod-ii-test-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', ...keyArgs, '-nodes', '-keyout', keyFile, '-out', certFile, '-subj', '/CN=test', '-days', '1'],
      { stdio: 'ignore' },
    );
    return { certificatePem: readFileSync(certFile, 'utf8'), keyPem: readFileSync(keyFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const newOfflineCertificate = () => newCertificate(['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']);

const hash = 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE';
const parts = { qrBase: KSEF_QR_BASES.test, contextNip: '1111111111', sellerNip: '1111111111', hashBase64Url: hash };

function verifyLink(link: string, certificatePem: string): boolean {
  const cut = link.lastIndexOf('/');
  const input = link.slice('https://'.length, cut);
  const signature = Buffer.from(link.slice(cut + 1), 'base64url');
  const key = createPublicKey(new X509Certificate(certificatePem).publicKey.export({ format: 'pem', type: 'spki' }));
  return key.asymmetricKeyType === 'rsa'
    ? verify('sha256', Buffer.from(input), { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature)
    : verify('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }, signature);
}

describe('KOD II signed with the offline certificate', () => {
  it('EC P-256: the link names the certificate serial and carries a 64-byte R‖S signature of the link path', () => {
    const pems = newOfflineCertificate();
    const certificate = offlineCertificate({
      KSEF_OFFLINE_CERTIFICATE: pems.certificatePem,
      KSEF_OFFLINE_KEY: pems.keyPem,
    })!;
    const link = kodIIFor(parts, certificate)!;
    expect(link).toMatch(
      new RegExp(
        `^https://qr-test\\.ksef\\.mf\\.gov\\.pl/certificate/Nip/1111111111/1111111111/${certificate.serial}/${hash}/[A-Za-z0-9_-]{86}$`,
      ),
    );
    expect(verifyLink(link, pems.certificatePem)).toBe(true);
    expect(verifyLink(link.replace('1111111111/1111111111', '1111111111/2222222222'), pems.certificatePem)).toBe(false);
  });

  it('RSA: RSASSA-PSS with SHA-256 and a 32-byte salt', () => {
    const rsa = newCertificate(['-newkey', 'rsa:2048']);
    const link = kodIIFor(
      parts,
      offlineCertificate({ KSEF_OFFLINE_CERTIFICATE: rsa.certificatePem, KSEF_OFFLINE_KEY: rsa.keyPem }),
    )!;
    expect(verifyLink(link, rsa.certificatePem)).toBe(true);
  });

  it('without a certificate there is no KOD II; a key of another certificate is refused', () => {
    expect(offlineCertificate({})).toBeNull();
    expect(kodIIFor(parts, null)).toBeNull();
    const a = newOfflineCertificate();
    const b = newOfflineCertificate();
    expect(() =>
      offlineCertificate({ KSEF_OFFLINE_CERTIFICATE: a.certificatePem, KSEF_OFFLINE_KEY: b.keyPem }),
    ).toThrow(/not the private key/);
  });
});
