/**
 * The one place the Firebase SDK is initialised. Every part is loaded on first use with a dynamic
 * import, so the sign-in page's first paint needs no Firebase code, and pages that never touch the
 * database or functions never download those SDKs.
 */
import type { FirebaseSetup } from './config';
import type { CallableInput, CallableName, CallableOutput } from '@domain/callables';

let setup: FirebaseSetup | null = null;

/** Called once by main.tsx after the config has been validated. */
export function configureFirebase(value: FirebaseSetup): void {
  setup = value;
}

function requireSetup(): FirebaseSetup {
  if (!setup) throw new Error('Firebase used before configureFirebase()');
  return setup;
}

let appPromise: Promise<import('firebase/app').FirebaseApp> | null = null;
function loadApp() {
  appPromise ??= import('firebase/app').then(({ initializeApp }) => initializeApp(requireSetup().options));
  return appPromise;
}

let authPromise: Promise<{ auth: import('firebase/auth').Auth; sdk: typeof import('./sdk/auth') }> | null = null;
export function loadAuth() {
  authPromise ??= Promise.all([loadApp(), import('./sdk/auth')]).then(([app, sdk]) => {
    // initializeAuth rather than getAuth: getAuth also bundles the popup/redirect resolver, which only
    // federated sign-in needs (pass `sdk.browserPopupRedirectResolver` to signInWithPopup there).
    const auth = sdk.initializeAuth(app, {
      persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence, sdk.browserSessionPersistence],
    });
    const emulators = requireSetup().emulators;
    if (emulators) sdk.connectAuthEmulator(auth, emulators.auth, { disableWarnings: true });
    return { auth, sdk };
  });
  return authPromise;
}

let authExtrasPromise: Promise<typeof import('./sdk/authExtras')> | null = null;
/** Account management (sign-up, password policy and change, deletion, e-mail link, Google) on top of loadAuth(). */
export function loadAuthExtras() {
  authExtrasPromise ??= import('./sdk/authExtras');
  return authExtrasPromise;
}

let databasePromise: Promise<{ db: import('firebase/database').Database; sdk: typeof import('./sdk/database') }> | null =
  null;
export function loadDatabase() {
  databasePromise ??= Promise.all([loadApp(), import('./sdk/database')]).then(([app, sdk]) => {
    const db = sdk.getDatabase(app, requireSetup().options.databaseURL);
    const emulators = requireSetup().emulators;
    if (emulators) sdk.connectDatabaseEmulator(db, emulators.database.host, emulators.database.port);
    return { db, sdk };
  });
  return databasePromise;
}

let functionsPromise: Promise<{
  functions: import('firebase/functions').Functions;
  sdk: typeof import('./sdk/functions');
}> | null = null;
export function loadFunctions() {
  functionsPromise ??= Promise.all([loadApp(), import('./sdk/functions')]).then(([app, sdk]) => {
    const functions = sdk.getFunctions(app, requireSetup().functionsRegion);
    const emulators = requireSetup().emulators;
    if (emulators) sdk.connectFunctionsEmulator(functions, emulators.functions.host, emulators.functions.port);
    return { functions, sdk };
  });
  return functionsPromise;
}

type CallableNames = typeof import('@domain/callables').CALLABLES;
/** Every name in the domain's table is the deployed function's own name, so the name is sent as is. */
const namesAreWireNames: CallableNames extends { [N in CallableName]: N } ? true : never = true;
void namesAreWireNames;

/**
 * The one way the app calls a Cloud Function: the name, its input and its answer are typed by the
 * shared table in `@domain/callables` (type-only here, so the sign-in page ships no zod).
 */
export async function callFunction<N extends CallableName>(name: N, input: CallableInput<N>): Promise<CallableOutput<N>> {
  const { functions, sdk } = await loadFunctions();
  const result = await sdk.httpsCallable<CallableInput<N>, CallableOutput<N>>(functions, name)(input);
  return result.data;
}
