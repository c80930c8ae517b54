import { describe, expect, it } from 'vitest';
import { createMockUserToken } from '@firebase/util';
import {
  ExpiredTokenError,
  TokenError,
  decodeJwtPayload,
  parseCredential,
  restCredential,
} from '../../src/server/tokens.js';

function unsigned(payload: object): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(payload)}.`;
}

describe('parseCredential', () => {
  it('recognises the owner credential', () => {
    expect(parseCredential('owner')).toEqual({ kind: 'owner' });
  });

  it('turns the SDK mock user token into auth with uid = sub and all claims', () => {
    const token = createMockUserToken({ sub: 'alice', email: 'a@example.com', admin: true } as never, 'demo-x');
    const credential = parseCredential(token);
    expect(credential.kind).toBe('user');
    if (credential.kind !== 'user') return;
    expect(credential.auth.uid).toBe('alice');
    expect(credential.auth.token.email).toBe('a@example.com');
    expect(credential.auth.token.admin).toBe(true);
    expect(credential.auth.provider).toBe('custom');
    expect(credential.expires).toBe(3600);
  });

  it('falls back to user_id when sub is missing', () => {
    const credential = parseCredential(unsigned({ user_id: 'bob', iat: 1 }));
    expect(credential.kind === 'user' && credential.auth.uid).toBe('bob');
  });

  it('refuses garbage and tokens without a subject', () => {
    expect(() => parseCredential('not-a-token')).toThrow(TokenError);
    expect(() => parseCredential('a.!!!.')).toThrow(TokenError);
    expect(() => parseCredential(unsigned({ iat: 1 }))).toThrow(/subject/);
    expect(() => parseCredential('')).toThrow(TokenError);
  });

  it('refuses a token on or after its exp, and accepts it before', () => {
    const token = unsigned({ sub: 'ala', iat: 1_700_000_000, exp: 1_700_003_600 });
    expect(() => parseCredential(token, 1_700_003_600_000)).toThrow(ExpiredTokenError);
    expect(() => parseCredential(token, Date.now())).toThrow('Auth token is expired.');
    const credential = parseCredential(token, 1_700_003_599_999);
    expect(credential.kind === 'user' && credential.expiresAt).toBe(1_700_003_600_000);
  });

  it('does not enforce the placeholder exp of SDK mock tokens (iat 0), as the official emulator accepts them', () => {
    const token = createMockUserToken({ sub: 'alice' } as never, 'demo-x');
    const credential = parseCredential(token);
    expect(credential.kind === 'user' && credential.expiresAt).toBeNull();
    expect(credential.kind === 'user' && credential.expires).toBe(3600);
  });

  it('decodes base64url payloads with non-ASCII claims', () => {
    expect(decodeJwtPayload(unsigned({ sub: 'x', name: 'Zażółć' })).name).toBe('Zażółć');
  });
});

describe('restCredential', () => {
  it('prefers the auth parameter, then the Bearer header', () => {
    expect(restCredential(new URLSearchParams('auth=owner'), 'Bearer other')).toBe('owner');
    expect(restCredential(new URLSearchParams(''), 'Bearer owner')).toBe('owner');
    expect(restCredential(new URLSearchParams('access_token=tok'), undefined)).toBe('tok');
    expect(restCredential(new URLSearchParams(''), undefined)).toBeNull();
    expect(restCredential(new URLSearchParams(''), 'Basic abc')).toBeNull();
  });
});
