import type { SessionUser } from './authSlice';
import { localStorageOrNull } from '../../shared/localStorage';

/**
 * The user this device last had signed in, as the identity SDK confirmed it (docs/architecture.md,
 * "Second visit"). The SDK keeps its own user too, but reports it only after asking the identity
 * service about it (`accounts:lookup`, a network round trip); this copy is read synchronously at
 * start-up so the dashboard can draw that account's device copy while the SDK confirms the session.
 * Written after the SDK reported a user, removed before every sign-in and sign-out and whenever the
 * SDK reports no user, so it never names an account other than the one the SDK last confirmed.
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

export function saveLastUser(user: SessionUser): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ format: FORMAT, user }));
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
