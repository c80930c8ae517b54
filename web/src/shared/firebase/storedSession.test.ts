import { describe, expect, it } from 'vitest';
import { MIN_TOKEN_VALIDITY_MS, readStoredSession, storedSessionOf } from './storedSession';

const NOW = Date.UTC(2026, 10, 26, 12);

/** A user record as @firebase/auth's `UserImpl.toJSON()` persists it (the e2e layer reads a real one). */
function record(
  overrides: { uid?: unknown; stsTokenManager?: unknown; displayName?: unknown; emailVerified?: unknown } = {},
) {
  return {
    uid: 'uid-a',
    email: 'a@example.com',
    emailVerified: true,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: 'a@example.com' }],
    stsTokenManager: { refreshToken: 'refresh-a', accessToken: 'id-token-a', expirationTime: NOW + 3_600_000 },
    createdAt: '1764150000000',
    lastLoginAt: '1764150000000',
    apiKey: 'demo-api-key',
    appName: '[DEFAULT]',
    ...overrides,
  };
}

describe('storedSessionOf', () => {
  it('takes the ID token of the expected user while it is valid for another minute', () => {
    expect(storedSessionOf(record(), 'uid-a', NOW)).toEqual({
      uid: 'uid-a',
      user: { uid: 'uid-a', email: 'a@example.com', displayName: null, emailVerified: true },
      idToken: 'id-token-a',
      expiresAt: NOW + 3_600_000,
    });
    const expiresAt = NOW + MIN_TOKEN_VALIDITY_MS;
    const justValid = record({ stsTokenManager: { accessToken: 'id-token-a', expirationTime: expiresAt } });
    expect(storedSessionOf(justValid, 'uid-a', NOW)?.expiresAt).toBe(expiresAt);
  });

  it('refuses another account’s record, whatever its token', () => {
    expect(storedSessionOf(record(), 'uid-b', NOW)).toBeNull();
    expect(storedSessionOf(record({ uid: undefined }), 'uid-a', NOW)).toBeNull();
    expect(storedSessionOf(record({ uid: '' }), '', NOW)).toBeNull();
  });

  it('takes the record’s own account when the device names no last user', () => {
    expect(storedSessionOf(record(), null, NOW)?.user).toEqual({
      uid: 'uid-a',
      email: 'a@example.com',
      displayName: null,
      emailVerified: true,
    });
    const named = record({ displayName: 'Anna Kowalska', emailVerified: 'yes' });
    expect(storedSessionOf(named, null, NOW)?.user).toMatchObject({
      displayName: 'Anna Kowalska',
      emailVerified: false,
    });
    expect(storedSessionOf(record({ uid: undefined }), null, NOW)).toBeNull();
    expect(storedSessionOf(record({ uid: '' }), null, NOW)).toBeNull();
    expect(storedSessionOf(record({ uid: 7 }), null, NOW)).toBeNull();
  });

  it('refuses a token that expired or expires within the minute', () => {
    for (const expirationTime of [NOW - 1, NOW, NOW + MIN_TOKEN_VALIDITY_MS - 1]) {
      const expiring = record({ stsTokenManager: { accessToken: 'id-token-a', expirationTime } });
      expect(storedSessionOf(expiring, 'uid-a', NOW)).toBeNull();
    }
  });

  it('treats anything odd as no session', () => {
    const odd: unknown[] = [
      null,
      undefined,
      'uid-a',
      42,
      [],
      record({ stsTokenManager: null }),
      record({ stsTokenManager: 'id-token-a' }),
      record({ stsTokenManager: {} }),
      record({ stsTokenManager: { accessToken: '', expirationTime: NOW + 3_600_000 } }),
      record({ stsTokenManager: { accessToken: 7, expirationTime: NOW + 3_600_000 } }),
      record({ stsTokenManager: { accessToken: 'id-token-a', expirationTime: String(NOW + 3_600_000) } }),
      record({ stsTokenManager: { accessToken: 'id-token-a', expirationTime: Number.NaN } }),
    ];
    for (const value of odd) {
      expect(storedSessionOf(value, 'uid-a', NOW)).toBeNull();
      expect(storedSessionOf(value, null, NOW)).toBeNull();
    }
  });
});

describe('readStoredSession', () => {
  it('answers null, without throwing, where the browser has no IndexedDB', async () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
    Object.defineProperty(globalThis, 'indexedDB', { configurable: true, value: undefined });
    try {
      await expect(readStoredSession('demo-api-key', 'uid-a')).resolves.toBeNull();
    } finally {
      if (saved) Object.defineProperty(globalThis, 'indexedDB', saved);
      else delete (globalThis as { indexedDB?: unknown }).indexedDB;
    }
  });
});
