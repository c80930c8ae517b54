import type { User } from 'firebase/auth';
import { dropDeviceCopies } from '../../shared/deviceCopy';
import { loadAuth } from '../../shared/firebase';
import { claimsFrom, sessionUnavailable, signedIn, signedOut, type AuthState, type SessionUser } from './authSlice';

/** What the session layer needs from the store; keeps this module independent of the store's full type. */
interface SessionStore {
  dispatch: (action: { type: string }) => unknown;
  getState: () => { auth: AuthState };
  subscribe: (listener: () => void) => () => void;
}

/** The session operations route guards and pages use; guards receive it so they can be unit-tested. */
export interface Session {
  /** Resolves once the first auth state is known (signed in or out). */
  whenKnown(): Promise<AuthState>;
  /** Reloads the user record and forces a fresh ID token, so claims granted a moment ago apply. */
  refresh(): Promise<void>;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

function toSessionUser(user: User): SessionUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified };
}

/**
 * Feeds the auth slice from the identity SDK. `onIdTokenChanged` is used rather than
 * `onAuthStateChanged` because it also fires on sign-in/out and, in addition, whenever the token is
 * refreshed, which is when new custom claims arrive.
 */
export function createSession(store: SessionStore): Session {
  const started = loadAuth().then(
    ({ auth, sdk }) => {
      sdk.onIdTokenChanged(auth, async (user) => {
        // A device copy belongs to one account: signed out (also after the account's deletion) none
        // stays, and another account signing in never sees the previous one's (shared/deviceCopy.ts).
        dropDeviceCopies(user?.uid ?? null);
        if (!user) {
          store.dispatch(signedOut());
          return;
        }
        try {
          const token = await user.getIdTokenResult();
          store.dispatch(signedIn({ user: toSessionUser(user), claims: claimsFrom(token.claims) }));
        } catch {
          store.dispatch(signedIn({ user: toSessionUser(user), claims: { admin: false, staff: false } }));
        }
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

  function whenKnown(): Promise<AuthState> {
    return new Promise((resolve) => {
      const check = () => {
        const { auth } = store.getState();
        if (auth.status === 'unknown') return false;
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
    whenKnown,
    async refresh() {
      const { auth } = await started;
      const user = auth.currentUser;
      if (!user) return;
      await user.reload();
      const token = await user.getIdTokenResult(true);
      store.dispatch(signedIn({ user: toSessionUser(user), claims: claimsFrom(token.claims) }));
    },
    async signIn(email, password) {
      const { auth, sdk } = await started;
      const credential = await sdk.signInWithEmailAndPassword(auth, email, password);
      dropDeviceCopies(credential.user.uid);
      const token = await credential.user.getIdTokenResult();
      // Dispatched here too so the redirect after sign-in never races the token listener.
      store.dispatch(signedIn({ user: toSessionUser(credential.user), claims: claimsFrom(token.claims) }));
    },
    async signOut() {
      const { auth, sdk } = await started;
      dropDeviceCopies(); // first: the user asked for nothing of the account to stay on the device
      await sdk.signOut(auth);
      store.dispatch(signedOut());
    },
  };
}
