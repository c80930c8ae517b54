/**
 * Reads the Firebase web config from Vite's environment (docs/app-contracts.md).
 * Pure: no Firebase import, so it runs before any SDK code is fetched and decides whether the app can start.
 */
interface FirebaseWebOptions {
  apiKey: string;
  authDomain: string;
  projectId: string;
  databaseURL: string;
  appId?: string;
}

interface EmulatorHosts {
  auth: string;
  database: { host: string; port: number };
  functions: { host: string; port: number };
}

export interface FirebaseSetup {
  options: FirebaseWebOptions;
  /** Set in development and tests; null for a real project. */
  emulators: EmulatorHosts | null;
  functionsRegion: string;
}

const DEMO_PROJECT_ID = 'demo-panel-uczestnika';
const FUNCTIONS_REGION = 'europe-central2';

/** Raised when the app cannot start; main.tsx renders it on the error page. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly description: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}

type Env = Record<string, string | boolean | undefined>;

function hostPort(value: string | undefined, fallback: string, name: string): { host: string; port: number } {
  const raw = (value ?? '').trim() || fallback;
  const match = /^(.+):(\d+)$/.exec(raw);
  if (!match)
    throw new StartupError(
      `${name} must be host:port, got "${raw}"`,
      'Nieprawidłowy adres emulatora w konfiguracji aplikacji.',
    );
  return { host: match[1], port: Number(match[2]) };
}

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v.trim() : '');

export function readFirebaseConfig(env: Env): FirebaseSetup {
  const useEmulators = str(env.VITE_USE_EMULATORS) === 'true';
  if (useEmulators) {
    const projectId = str(env.VITE_FIREBASE_PROJECT_ID) || DEMO_PROJECT_ID;
    if (!projectId.startsWith('demo-')) {
      // A demo- id guarantees the SDK can never reach a real project by accident.
      throw new StartupError(
        `Emulator mode needs a demo- project id, got "${projectId}"`,
        'Tryb emulatorów wymaga identyfikatora projektu zaczynającego się od „demo-”.',
      );
    }
    const database = hostPort(str(env.VITE_DATABASE_EMULATOR_HOST), '127.0.0.1:9000', 'VITE_DATABASE_EMULATOR_HOST');
    const functions = hostPort(str(env.VITE_FUNCTIONS_EMULATOR_HOST), '127.0.0.1:5001', 'VITE_FUNCTIONS_EMULATOR_HOST');
    const auth = hostPort(str(env.VITE_AUTH_EMULATOR_HOST), '127.0.0.1:9099', 'VITE_AUTH_EMULATOR_HOST');
    return {
      options: {
        apiKey: 'demo-api-key',
        authDomain: `${projectId}.firebaseapp.com`,
        projectId,
        databaseURL: `https://${projectId}-default-rtdb.firebaseio.com`,
      },
      emulators: { auth: `http://${auth.host}:${auth.port}`, database, functions },
      functionsRegion: FUNCTIONS_REGION,
    };
  }

  const required = {
    apiKey: 'VITE_FIREBASE_API_KEY',
    authDomain: 'VITE_FIREBASE_AUTH_DOMAIN',
    projectId: 'VITE_FIREBASE_PROJECT_ID',
    databaseURL: 'VITE_FIREBASE_DATABASE_URL',
    appId: 'VITE_FIREBASE_APP_ID',
  } as const;
  const missing = Object.values(required).filter((name) => !str(env[name]));
  if (missing.length > 0) {
    throw new StartupError(
      `Missing Firebase configuration: ${missing.join(', ')}`,
      'Aplikacja nie ma konfiguracji połączenia z serwerem. Administrator musi uzupełnić zmienne środowiskowe i ponownie zbudować aplikację.',
    );
  }
  return {
    options: {
      apiKey: str(env.VITE_FIREBASE_API_KEY),
      authDomain: str(env.VITE_FIREBASE_AUTH_DOMAIN),
      projectId: str(env.VITE_FIREBASE_PROJECT_ID),
      databaseURL: str(env.VITE_FIREBASE_DATABASE_URL),
      appId: str(env.VITE_FIREBASE_APP_ID),
    },
    emulators: null,
    functionsRegion: FUNCTIONS_REGION,
  };
}

/**
 * Where the Realtime Database answers REST reads: the emulator's `http://host:port`, or the database
 * URL of a real project (without a trailing slash).
 */
export function databaseBase({ options, emulators }: FirebaseSetup): string {
  return emulators
    ? `http://${emulators.database.host}:${emulators.database.port}`
    : options.databaseURL.replace(/\/+$/, '');
}
