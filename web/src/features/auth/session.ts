import type { Auth, User } from 'firebase/auth';
import { dropDeviceCopies } from '../../shared/deviceCopy';
import { adoptStoredSession, forgetStoredSession, loadAuth, whenSdkMayLoad } from '../../shared/firebase';
import {
  claimsFrom,
  restoredProvisionally,
  sessionUnavailable,
  signedIn,
  signedOut,
  type AuthState,
  type RoleClaims,
  type SessionUser,
} from './authSlice';
import { forgetLastUser, readLastClaims, readLastUser, saveLastUser } from './lastUser';

/** What the session layer needs from the store; keeps this module independent of the store's full type. */
interface SessionStore {
  dispatch: (action: { type: string }) => unknown;
  getState: () => { auth: AuthState };
  subscribe: (listener: () => void) => () => void;
}

/** The session operations route guards and pages use; guards receive it so they can be unit-tested. */
export interface Session {
  /**
   * Resolves once the first auth state is known (signed in or out). On a device that had a user
   * signed in, that is at once: the device's last user, provisionally (lastUser.ts), until the
   * identity SDK confirms it or reports otherwise.
   */
  whenKnown(): Promise<AuthState>;
  /** Resolves once the identity SDK itself has reported the user (never provisional). */
  whenConfirmed(): Promise<AuthState>;
  /** Reloads the user record and forces a fresh ID token, so claims granted a moment ago apply. */
  refresh(): Promise<void>;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

function toSessionUser(user: User): SessionUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified };
}

const NO_ROLES: RoleClaims = { admin: false, staff: false };

/** The identity service could not be reached (rather than refusing the account): the device is offline. */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'auth/network-request-failed' || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/**
 * Feeds the auth slice from the identity SDK. `onIdTokenChanged` is used rather than
 * `onAuthStateChanged` because it also fires on sign-in/out and, in addition, whenever the token is
 * refreshed, which is when new custom claims arrive.
 */
export function createSession(store: SessionStore): Session {
  const confirm = (user: SessionUser, claims: RoleClaims) => {
    saveLastUser(user, claims);
    store.dispatch(signedIn({ user, claims }));
  };
  /**
   * The user's roles as the ID token says. A token that has expired (tokens live an hour) is renewed
   * first; offline that fails, and a station device started cold at the gate would lock its staff
   * member out (docs/pickup-offline.md). So, only when the identity service cannot be reached, the
   * roles last confirmed on this device for this same account stand in (lastUser.ts; another
   * account gets none), until the network returns and the renewed token says what holds now — a
   * role removed meanwhile then takes effect. Any other failure (a revoked or disabled account)
   * leaves no roles.
   */
  const confirmWithClaims = async (auth: Auth, user: User) => {
    try {
      const token = await user.getIdTokenResult();
      // A late answer for an account that has since signed out (or been replaced) confirms nothing.
      if (auth.currentUser?.uid === user.uid) confirm(toSessionUser(user), claimsFrom(token.claims));
    } catch (error) {
      if (auth.currentUser?.uid !== user.uid) return;
      const kept = unreachable(error) ? readLastClaims(user.uid) : null;
      confirm(toSessionUser(user), kept ?? NO_ROLES);
      if (kept) askAgainOnline(auth, user);
    }
  };
  let waitingForNetwork = false;
  // The SDK also renews the token on its own schedule (its retries back off up to 16 minutes), and
  // any callable or database request renews it: asking once the browser reports the network back
  // makes the real roles apply at once.
  const askAgainOnline = (auth: Auth, user: User) => {
    if (waitingForNetwork || typeof window === 'undefined') return;
    waitingForNetwork = true;
    window.addEventListener(
      'online',
      () => {
        waitingForNetwork = false;
        if (auth.currentUser?.uid === user.uid) void confirmWithClaims(auth, user);
      },
      { once: true },
    );
  };
  const confirmSignedOut = () => {
    forgetLastUser();
    store.dispatch(signedOut());
  };
  // The device's last user stands in until the SDK has asked the identity service about it: the
  // route guard lets the dashboard draw that account's device copy meanwhile. If the SDK then reports
  // no user, the state turns signed out (the copy is dropped, the dashboard frame leaves); if another
  // user, the copies of every other account are dropped before that user is stored.
  const lastUser = readLastUser();
  if (lastUser) store.dispatch(restoredProvisionally(lastUser));
  // The SDK's stored session of that user, while its ID token is valid, serves the first reads on its
  // own: the SDK then loads once the page's first data has drawn (shared/firebase, whenSdkMayLoad), or
  // as soon as something needs it (a sign-in or -out, a role check, a callable, the Database SDK).
  // With no last user on the device (a first visit here, or its local storage cleared), the SDK's stored
  // account stands in the same way, unless the SDK has reported first.
  void adoptStoredSession(lastUser?.uid ?? null).then((stored) => {
    if (!lastUser && stored && store.getState().auth.status === 'unknown') {
      store.dispatch(restoredProvisionally(stored.user));
    }
  });

  let started: ReturnType<typeof loadAuth> | null = null;
  const start = () => {
    started ??= loadAuth().then(
      ({ auth, sdk }) => {
        sdk.onIdTokenChanged(auth, async (user) => {
          // The SDK has spoken: no read uses the stored session any more.
          forgetStoredSession();
          // A device copy belongs to one account: signed out (also after the account's deletion) none
          // stays, and another account signing in never sees the previous one's (shared/deviceCopy.ts).
          void dropDeviceCopies(user?.uid ?? null);
          if (!user) {
            confirmSignedOut();
            return;
          }
          await confirmWithClaims(auth, user);
        });
        return { auth, sdk };
      },
      (error: unknown) => {
        store.dispatch(sessionUnavailable(error instanceof Error ? error.message : String(error)));
        throw error;
      },
    );
    // The rejection is reported through the store; callers that need the SDK see it again on their own await.
    started.catch(() => undefined);
    return started;
  };
  void whenSdkMayLoad().then(start);

  function whenState(accept: (auth: AuthState) => boolean): Promise<AuthState> {
    return new Promise((resolve) => {
      const check = () => {
        const { auth } = store.getState();
        if (!accept(auth)) return false;
        resolve(auth);
        return true;
      };
      if (check()) return;
      const unsubscribe = store.subscribe(() => {
        if (check()) unsubscribe();
      });
    });
  }

  return {
    whenKnown: () => whenState((auth) => auth.status !== 'unknown'),
    whenConfirmed: () => {
      void start();
      return whenState((auth) => auth.status !== 'unknown' && !auth.provisional);
    },
    async refresh() {
      const { auth } = await start();
      await auth.authStateReady(); // the persisted user is there only once the SDK has loaded it
      const user = auth.currentUser;
      if (!user) return;
      await user.reload();
      const token = await user.getIdTokenResult(true);
      confirm(toSessionUser(user), claimsFrom(token.claims));
    },
    async signIn(email, password) {
      forgetStoredSession();
      const { auth, sdk } = await start();
      // Until the SDK has reported the new user, the device names no last user: a visit cut off in
      // between waits for the SDK instead of standing in with whoever was signed in before.
      forgetLastUser();
      const credential = await sdk.signInWithEmailAndPassword(auth, email, password);
      void dropDeviceCopies(credential.user.uid);
      const token = await credential.user.getIdTokenResult();
      // Confirmed here too so the redirect after sign-in never races the token listener.
      confirm(toSessionUser(credential.user), claimsFrom(token.claims));
    },
    async signOut() {
      forgetStoredSession();
      const { auth, sdk } = await start();
      // First: the user asked for nothing of the account to stay on the device (the localStorage
      // copies go at once; a feature's own device data, e.g. the station's IndexedDB, is awaited).
      const dropped = dropDeviceCopies();
      forgetLastUser();
      await dropped;
      await sdk.signOut(auth);
      confirmSignedOut();
    },
  };
}
