/**
 * The one place the Firebase SDK is initialised. Every part is loaded on first use with a dynamic
 * import, so the sign-in page's first paint needs no Firebase code, and pages that never touch the
 * database or functions never download those SDKs.
 */
import type { FirebaseSetup } from './config';
import type { CallableInput, CallableName, CallableOutput } from '@domain/callables';
import { MIN_TOKEN_VALIDITY_MS, type StoredSession } from './storedSession';
import { takeEarlyReads } from './earlyReads';
import { restKey, restTargetOf, restUrl, type RestRead } from './restRead';
import { loadOnce } from '../loadOnce';

let setup: FirebaseSetup | null = null;

/** Called once by main.tsx after the config has been validated. */
export function configureFirebase(value: FirebaseSetup): void {
  setup = value;
}

function requireSetup(): FirebaseSetup {
  if (!setup) throw new Error('Firebase used before configureFirebase()');
  return setup;
}

const loadApp = loadOnce(() =>
  import('firebase/app').then(({ initializeApp }) => initializeApp(requireSetup().options)),
);

const loadAuthOnce = loadOnce(() =>
  Promise.all([loadApp(), import('./sdk/auth')]).then(([app, sdk]) => {
    // initializeAuth rather than getAuth: getAuth also bundles the popup/redirect resolver, which only
    // federated sign-in needs (pass `sdk.browserPopupRedirectResolver` to signInWithPopup there).
    const auth = sdk.initializeAuth(app, {
      persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence, sdk.browserSessionPersistence],
    });
    const emulators = requireSetup().emulators;
    if (emulators) sdk.connectAuthEmulator(auth, emulators.auth, { disableWarnings: true });
    return { auth, sdk };
  }),
);
export function loadAuth() {
  openSdkGate(); // whoever needs the SDK needs it now
  return loadAuthOnce();
}

/** Account management (sign-up, password policy and change, deletion, e-mail link, Google) on top of loadAuth(). */
export const loadAuthExtras = loadOnce(() => import('./sdk/authExtras'));

// Auth first: a database (or functions) instance made before Auth is registered would start without
// the user's token. The route guard can let a page in before the session is confirmed
// (features/auth/lastUser.ts); Auth then holds the first request until it has confirmed the user.
export const loadDatabase = loadOnce(() =>
  Promise.all([loadApp(), import('./sdk/database'), loadAuth()]).then(([app, sdk]) => {
    const db = sdk.getDatabase(app, requireSetup().options.databaseURL);
    const emulators = requireSetup().emulators;
    if (emulators) sdk.connectDatabaseEmulator(db, emulators.database.host, emulators.database.port);
    databaseLoaded = true;
    return { db, sdk };
  }),
);

/**
 * A returning user's first reads use the identity SDK's stored session (storedSession.ts) and the SDK
 * loads only after them (docs/architecture.md, "Cold load of a returning user"): null here means
 * "ask the SDK".
 */
let storedSession: Promise<StoredSession | null> = Promise.resolve(null);
/** Requests the inline script made with the stored session (./earlyReads.ts), by restKey, until taken. */
let earlyResponses = new Map<string, Promise<Response>>();
let sdkGate: Promise<void> = Promise.resolve();
let openSdkGate: () => void = () => undefined;

/**
 * Called once at start-up with the device's last user (features/auth/lastUser.ts), or null when it names
 * none. Index.html's inline script has read the SDK's stored session already (./earlyReads.ts): when it
 * belongs to that user (or, with none named, to any account) and its ID token is still valid, the first
 * REST reads use it and `whenSdkMayLoad` holds the SDK back until the page's first data has drawn.
 * Resolves with that session, or null (also where the script did not run: every read then asks the SDK).
 */
export function adoptStoredSession(uid: string | null): Promise<StoredSession | null> {
  const early = takeEarlyReads(uid);
  storedSession = early?.session ?? Promise.resolve(null);
  earlyResponses = early?.responses ?? new Map();
  sdkGate = new Promise<void>((resolve) => {
    openSdkGate = resolve;
    void storedSession.then((session) => (session ? afterFirstData() : undefined)).then(resolve);
  });
  return storedSession;
}

/** From now on every read asks the SDK (it has reported its user, or the user signs in or out). */
export function forgetStoredSession(): void {
  storedSession = Promise.resolve(null);
  earlyResponses = new Map();
}

/**
 * Resolves when the identity SDK may load: at once, unless the stored session stands in for it; then
 * once the page's first data has drawn, or anything asks for the SDK itself (loadAuth). Whatever else
 * must not compete with the first data waits for it too: the Database SDK's listeners, the role sync,
 * the version check and the service worker. Asked before `adoptStoredSession`, it has resolved already.
 */
export function whenSdkMayLoad(): Promise<void> {
  return sdkGate;
}

/** Set by the dashboard's home page (features/home) in the commit that draws its live data. */
const FIRST_DATA_MARK = 'dashboard:live';
/** Other pages set no mark: their reads, quiet this long, count as drawn. */
const QUIET_MS = 2000;
let restInFlight = 0;
let quietTimer: ReturnType<typeof setTimeout> | undefined;
let onRestQuiet: () => void = () => undefined;
function armQuietTimer() {
  clearTimeout(quietTimer);
  if (restInFlight === 0) quietTimer = setTimeout(() => onRestQuiet(), QUIET_MS);
}

/** Longest wait for the largest paint after the first data: a page whose data drew no larger element reports none. */
const LARGEST_PAINT_WAIT_MS = 500;

/**
 * Runs `callback` once the page's largest paint at or after `since` (a performance timestamp) is on
 * screen: the browser reports it (Largest Contentful Paint) when the frame was presented, which on a
 * busy phone comes well after React's commit and its animation frames. Where the browser does not
 * report it, after the frame that follows the next one (the next was then drawn).
 */
function afterLargestPaint(since: number, callback: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    setTimeout(callback);
  };
  const timer = setTimeout(go, LARGEST_PAINT_WAIT_MS);
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) go();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } else if (document.visibilityState === 'visible') {
    requestAnimationFrame(() => requestAnimationFrame(go));
  } else go();
}

/**
 * Resolves after the first data is on screen (the mark, then its largest paint), a first input, or
 * quiet reads. After the paint, not the commit: what starts downloading before the page's largest
 * paint competes with it for the phone's bandwidth (and Lighthouse counts it on the way to that paint).
 */
function afterFirstData(): Promise<void> {
  return new Promise((resolve) => {
    const open = () => void setTimeout(resolve);
    try {
      new PerformanceObserver((list, observer) => {
        const mark = list.getEntriesByName(FIRST_DATA_MARK)[0];
        if (!mark) return;
        observer.disconnect();
        afterLargestPaint(mark.startTime, resolve); // which calls back a task after the paint itself
      }).observe({ type: 'mark', buffered: true });
    } catch {
      // No Performance Observer: the other signals open it.
    }
    for (const type of ['pointerdown', 'keydown']) addEventListener(type, open, { once: true, capture: true });
    onRestQuiet = open;
    armQuietTimer();
  });
}

let databaseLoaded = false;
/** True once the Database SDK is loaded and connected: reads then go over its connection. */
export function isDatabaseLoaded(): boolean {
  return databaseLoaded;
}

export type { RestRead };

/** The REST API could not answer (no network, an unexpected status): read through the SDK instead. */
export const REST_UNAVAILABLE: unique symbol = Symbol('rest-unavailable');

/**
 * Reads a value once over the Realtime Database REST API (`GET {path}.json?auth=…`), as the signed-in
 * user: a page's first data does not wait for the Database SDK (39 KB gzip), its WebSocket and its
 * handshake. The same security rules apply as to the SDK's reads (the ID token travels as `auth`):
 * the SDK's, or, before the SDK has loaded, the stored session's (adoptStoredSession); a stored token
 * the database refuses is dropped and the read asked again through the SDK. A read index.html's inline
 * script already made (./earlyReads.ts) is taken, not asked again. Rejects with a permission error when
 * the rules refuse; resolves with REST_UNAVAILABLE when the request fails otherwise, so the caller can
 * fall back to the SDK (e.g. offline, where the SDK waits).
 */
export async function readOverRest(read: RestRead): Promise<unknown> {
  restInFlight++;
  clearTimeout(quietTimer);
  try {
    return await readOnce(read);
  } finally {
    restInFlight--;
    armQuietTimer();
  }
}

async function readOnce(read: RestRead): Promise<unknown> {
  const stored = await storedSession;
  const storedToken = stored && stored.expiresAt - Date.now() >= MIN_TOKEN_VALIDITY_MS ? stored.idToken : null;
  // The inline script's request for this read, made with this same stored token, when there is one.
  const key = restKey(read);
  const early = storedToken ? earlyResponses.get(key) : undefined;
  earlyResponses.delete(key);
  let request = early;
  if (!request) {
    let token: string | undefined;
    if (storedToken) token = storedToken;
    else {
      const { auth } = await loadAuth();
      await auth.authStateReady(); // never a read as a user the SDK has not confirmed
      token = await auth.currentUser?.getIdToken();
    }
    request = fetch(restUrl(restTargetOf(requireSetup()), read, token), { cache: 'no-store' });
  }
  let response: Response;
  try {
    response = await request;
  } catch {
    return REST_UNAVAILABLE;
  }
  if (response.status === 401 || response.status === 403) {
    if (storedToken) {
      // Revoked, or the rules want more than the stored token says: the SDK decides, with no error shown.
      forgetStoredSession();
      return readOnce(read);
    }
    throw Object.assign(
      new Error(`permission_denied at /${read.path}: Client doesn't have permission to access the desired data.`),
      { code: 'PERMISSION_DENIED' },
    );
  }
  if (!response.ok) return REST_UNAVAILABLE;
  try {
    return (await response.json()) as unknown;
  } catch {
    return REST_UNAVAILABLE;
  }
}

const loadFunctions = loadOnce(() =>
  Promise.all([loadApp(), import('./sdk/functions'), loadAuth()]).then(([app, sdk]) => {
    const functions = sdk.getFunctions(app, requireSetup().functionsRegion);
    const emulators = requireSetup().emulators;
    if (emulators) sdk.connectFunctionsEmulator(functions, emulators.functions.host, emulators.functions.port);
    return { functions, sdk };
  }),
);

type CallableNames = typeof import('@domain/callables').CALLABLES;
/** Every name in the domain's table is the deployed function's own name, so the name is sent as is. */
const namesAreWireNames: CallableNames extends { [N in CallableName]: N } ? true : never = true;
void namesAreWireNames;

/**
 * The one way the app calls a Cloud Function: the name, its input and its answer are typed by the
 * shared table in `@domain/callables` (type-only here, so the sign-in page ships no zod).
 */
export async function callFunction<N extends CallableName>(
  name: N,
  input: CallableInput<N>,
): Promise<CallableOutput<N>> {
  const { functions, sdk } = await loadFunctions();
  const result = await sdk.httpsCallable<CallableInput<N>, CallableOutput<N>>(functions, name)(input);
  return result.data;
}
