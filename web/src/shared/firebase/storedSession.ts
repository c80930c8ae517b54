/**
 * The identity SDK's own persisted user, read without the SDK (docs/architecture.md, "Cold load of a
 * returning user"): `indexedDBLocalPersistence` keeps it in the IndexedDB database
 * `firebaseLocalStorageDb`, store `firebaseLocalStorage`, as `{ fbase_key, value }` with the key
 * `firebase:authUser:<apiKey>:[DEFAULT]` and the value `UserImpl.toJSON()` (uid, stsTokenManager:
 * { accessToken, refreshToken, expirationTime }, …; @firebase/auth 1.x). Its ID token lets the first
 * REST reads go out before the SDK (35 KB gzip) has loaded. Read only: the SDK stays the record's owner.
 */
export interface StoredSession {
  uid: string;
  /** The account as the SDK saved it: it stands in for the user until the SDK reports (features/auth). */
  user: { uid: string; email: string | null; displayName: string | null; emailVerified: boolean };
  idToken: string;
  /** Epoch ms when the ID token expires. */
  expiresAt: number;
}

/** A token this close to its expiry is not used: the read it serves could arrive after it. */
export const MIN_TOKEN_VALIDITY_MS = 60_000;

const DB_NAME = 'firebaseLocalStorageDb';
const STORE_NAME = 'firebaseLocalStorage';
/** An IndexedDB that does not answer (a browser bug, a locked profile) must not hold the page up. */
const READ_TIMEOUT_MS = 1000;

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The stored user record as a session whose ID token is valid for at least another minute at `now`;
 * null for anything else (no or an expiring token, an unexpected shape). `uid`: the account the device
 * last had signed in (features/auth/lastUser.ts), when it names one: a record of another account is
 * refused. Without one (a first visit, or local storage cleared) the record's own account is taken: it
 * is the SDK's own confirmed session, and its token is bound to that account wherever it is used.
 */
export function storedSessionOf(record: unknown, uid: string | null, now: number): StoredSession | null {
  if (typeof record !== 'object' || record === null || uid === '') return null;
  const stored = record as { uid?: unknown; email?: unknown; displayName?: unknown; emailVerified?: unknown };
  const { stsTokenManager: tokens } = record as { stsTokenManager?: unknown };
  if (typeof stored.uid !== 'string' || stored.uid === '' || (uid !== null && stored.uid !== uid)) return null;
  if (typeof tokens !== 'object' || tokens === null) return null;
  const { accessToken, expirationTime } = tokens as { accessToken?: unknown; expirationTime?: unknown };
  if (typeof accessToken !== 'string' || accessToken === '' || typeof expirationTime !== 'number') return null;
  if (!(expirationTime - now >= MIN_TOKEN_VALIDITY_MS)) return null;
  const user = {
    uid: stored.uid,
    email: textOrNull(stored.email),
    displayName: textOrNull(stored.displayName),
    emailVerified: stored.emailVerified === true,
  };
  return { uid: stored.uid, user, idToken: accessToken, expiresAt: expirationTime };
}

/** The SDK's persisted session for the default app (of `uid`, when given), or null; never rejects. */
export function readStoredSession(apiKey: string, uid: string | null): Promise<StoredSession | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS);
    const done = (session: StoredSession | null) => {
      clearTimeout(timer);
      resolve(session);
    };
    try {
      const open = indexedDB.open(DB_NAME);
      // No SDK database on this device: create none (the SDK creates its own, with its store).
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onerror = () => done(null);
      open.onsuccess = () => {
        const db = open.result;
        try {
          const get = db
            .transaction(STORE_NAME, 'readonly')
            .objectStore(STORE_NAME)
            .get(`firebase:authUser:${apiKey}:[DEFAULT]`);
          get.onsuccess = () =>
            done(storedSessionOf((get.result as { value?: unknown } | undefined)?.value, uid, Date.now()));
          get.onerror = () => done(null);
        } catch {
          done(null); // no such store
        } finally {
          db.close(); // the request still completes; the SDK keeps its own connection
        }
      };
    } catch {
      done(null); // IndexedDB unavailable
    }
  });
}
