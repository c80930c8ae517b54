import type { RoleClaims, SessionUser } from './authSlice';
import { localStorageOrNull } from '../../shared/localStorage';

/**
 * The user this device last had signed in, as the identity SDK confirmed it (docs/architecture.md,
 * "Second visit"). The SDK keeps its own user too, but reports it only after asking the identity
 * service about it (`accounts:lookup`, a network round trip); this copy is read synchronously at
 * start-up so the dashboard can draw that account's device copy while the SDK confirms the session.
 * Written after the SDK reported a user, removed before every sign-in and sign-out and whenever the
 * SDK reports no user, so it never names an account other than the one the SDK last confirmed.
 *
 * It also keeps that account's roles as the identity service last confirmed them: a station device
 * started offline after its ID token expired (tokens live an hour) cannot renew the token, and
 * without them its staff member would be locked out of the station (session.ts, docs/pickup-offline.md).
 */
const KEY = 'panel.session.lastUser';
const FORMAT = 1;

// Storage disabled: every visit waits for the SDK.
const storage = localStorageOrNull;

export function readLastUser(): SessionUser | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { format?: unknown; user?: Partial<SessionUser> } | null;
    const user = stored?.user;
    if (stored?.format !== FORMAT || !user || typeof user.uid !== 'string' || user.uid === '') return null;
    return {
      uid: user.uid,
      email: typeof user.email === 'string' ? user.email : null,
      displayName: typeof user.displayName === 'string' ? user.displayName : null,
      emailVerified: user.emailVerified === true,
    };
  } catch {
    return null;
  }
}

/**
 * The roles last confirmed for `uid` on this device, or null when the record names another account,
 * was written without roles (an older record) or cannot be read: nobody is given roles by default.
 */
export function readLastClaims(uid: string): RoleClaims | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as {
      format?: unknown;
      user?: { uid?: unknown };
      claims?: Partial<Record<keyof RoleClaims, unknown>>;
    } | null;
    const claims = stored?.claims;
    if (stored?.format !== FORMAT || stored.user?.uid !== uid || typeof claims !== 'object' || !claims) return null;
    return { admin: claims.admin === true, staff: claims.staff === true };
  } catch {
    return null;
  }
}

export function saveLastUser(user: SessionUser, claims: RoleClaims): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ format: FORMAT, user, claims }));
  } catch {
    // Quota exceeded: the next visit waits for the SDK, as without it.
  }
}

export function forgetLastUser(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // storage disabled: nothing was saved
  }
}
