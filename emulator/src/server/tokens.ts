// Emulator credentials. The Auth emulator, the web SDK's mockUserToken and rules-unit-testing send
// unsigned JWTs (alg "none"); their payload becomes `auth` in rules. The literal `owner` credential
// (Admin SDK, rules-unit-testing's withSecurityRulesDisabled) bypasses rules.

interface AuthInfo {
  uid: string;
  token: Record<string, unknown>;
  provider?: string;
}

type Credential =
  | { kind: 'owner' }
  | {
      kind: 'user';
      auth: AuthInfo;
      expires: number | null;
      claims: Record<string, unknown>;
      /** When the token stops being accepted (ms since the epoch); null when its expiry is not enforced. */
      expiresAt: number | null;
    };

export class TokenError extends Error {}

/** A token past its `exp`: the wire status is `expired_token`, REST answers 401. */
export class ExpiredTokenError extends TokenError {}

export const EXPIRED_TOKEN_MESSAGE = 'Auth token is expired.';

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
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    throw new TokenError('Could not parse auth token.');
  return payload as Record<string, unknown>;
}

function authFromClaims(claims: Record<string, unknown>): AuthInfo {
  const uidClaim =
    typeof claims.sub === 'string' && claims.sub !== ''
      ? claims.sub
      : typeof claims.user_id === 'string' && claims.user_id !== ''
        ? claims.user_id
        : typeof claims.uid === 'string'
          ? claims.uid
          : null;
  if (uidClaim === null) throw new TokenError('Auth token has no subject (sub or user_id).');
  const firebase = claims.firebase as { sign_in_provider?: unknown } | undefined;
  const provider = firebase && typeof firebase.sign_in_provider === 'string' ? firebase.sign_in_provider : undefined;
  return { uid: uidClaim, token: { ...claims }, ...(provider ? { provider } : {}) };
}

/**
 * When a token's expiry is enforced (ms since the epoch), or null. The SDKs' mock user tokens
 * (`mockUserToken`, rules-unit-testing) carry `iat: 0, exp: 3600` unless the caller gives an `iat`:
 * a fixed placeholder, not a lifetime, and the official emulator accepts them, so they never expire.
 */
function enforcedExpiry(claims: Record<string, unknown>): number | null {
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
  if (claims.iat === 0) return null;
  return claims.exp * 1000;
}

/** Parses a credential; a user token past its enforced `exp` throws ExpiredTokenError. */
export function parseCredential(cred: unknown, now: number = Date.now()): Credential {
  if (typeof cred !== 'string' || cred === '') throw new TokenError('Missing auth credential.');
  if (cred === 'owner') return { kind: 'owner' };
  const claims = decodeJwtPayload(cred);
  const auth = authFromClaims(claims);
  const expires = typeof claims.exp === 'number' ? claims.exp : null;
  const expiresAt = enforcedExpiry(claims);
  // JWT exp: the token must not be accepted on or after that second.
  if (expiresAt !== null && now >= expiresAt) throw new ExpiredTokenError(EXPIRED_TOKEN_MESSAGE);
  return { kind: 'user', auth, expires, claims, expiresAt };
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
