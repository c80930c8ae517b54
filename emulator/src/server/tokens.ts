// Emulator credentials. The Auth emulator, the web SDK's mockUserToken and rules-unit-testing send
// unsigned JWTs (alg "none"); their payload becomes `auth` in rules. The literal `owner` credential
// (Admin SDK, rules-unit-testing's withSecurityRulesDisabled) bypasses rules.

export interface AuthInfo { uid: string; token: Record<string, unknown>; provider?: string }

export type Credential =
  | { kind: 'owner' }
  | { kind: 'user'; auth: AuthInfo; expires: number | null; claims: Record<string, unknown> };

export class TokenError extends Error {}

function base64UrlDecode(part: string): string {
  const normalised = part.replace(/-/g, '+').replace(/_/g, '/');
  return Buffer.from(normalised, 'base64').toString('utf8');
}

/** Decodes the JWT payload without verifying a signature (the emulator trusts its tokens, as the official one does). */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length < 2 || parts.length > 3 || parts[1] === '') throw new TokenError('Could not parse auth token.');
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(parts[1]));
  } catch {
    throw new TokenError('Could not parse auth token.');
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw new TokenError('Could not parse auth token.');
  return payload as Record<string, unknown>;
}

export function authFromClaims(claims: Record<string, unknown>): AuthInfo {
  const uidClaim = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub
    : typeof claims.user_id === 'string' && claims.user_id !== '' ? claims.user_id
      : typeof claims.uid === 'string' ? claims.uid : null;
  if (uidClaim === null) throw new TokenError('Auth token has no subject (sub or user_id).');
  const firebase = claims.firebase as { sign_in_provider?: unknown } | undefined;
  const provider = firebase && typeof firebase.sign_in_provider === 'string' ? firebase.sign_in_provider : undefined;
  return { uid: uidClaim, token: { ...claims }, ...(provider ? { provider } : {}) };
}

export function parseCredential(cred: unknown): Credential {
  if (typeof cred !== 'string' || cred === '') throw new TokenError('Missing auth credential.');
  if (cred === 'owner') return { kind: 'owner' };
  const claims = decodeJwtPayload(cred);
  const auth = authFromClaims(claims);
  const expires = typeof claims.exp === 'number' ? claims.exp : null;
  return { kind: 'user', auth, expires, claims };
}

/** Reads the credential of a REST request: `auth=` / `access_token=` parameter or `Authorization: Bearer`. */
export function restCredential(search: URLSearchParams, authorization: string | undefined): string | null {
  const param = search.get('auth') ?? search.get('access_token');
  if (param !== null && param !== '') return param;
  if (authorization) {
    const match = /^\s*(Bearer|Firebase)\s+(.+?)\s*$/i.exec(authorization);
    if (match) return match[2];
  }
  return null;
}
