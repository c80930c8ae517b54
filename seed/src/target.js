// Where the seed writes: the emulators (default, any "demo-" project) or a real Firebase project,
// which needs credentials, an explicit database URL and --yes-real-project.

const DEFAULT_PROJECT = 'demo-panel-uczestnika';
const DEFAULT_DATABASE_EMULATOR_HOST = '127.0.0.1:9000';
const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';

export class UsageError extends Error {}

/**
 * @typedef {{
 *   kind: 'emulator' | 'real', projectId: string, databaseURL: string, namespace: string,
 *   databaseEmulatorHost?: string, authEmulatorHost?: string
 * }} Target
 */

/** @param {string} url */
function namespaceOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.searchParams.get('ns') ?? parsed.hostname.split('.')[0];
  } catch {
    throw new UsageError(`Nieprawidłowy adres bazy danych: ${url}`);
  }
}

/**
 * @param {{ project?: string, databaseUrl?: string, yesRealProject?: boolean, demo?: boolean }} args
 * @param {Record<string, string | undefined>} env
 * @returns {Target}
 */
export function resolveTarget(args, env) {
  const projectId = args.project ?? env.GCLOUD_PROJECT ?? DEFAULT_PROJECT;
  if (!/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/.test(projectId))
    throw new UsageError(`Nieprawidłowy identyfikator projektu: ${projectId}`);

  if (projectId.startsWith('demo-')) {
    const databaseURL = args.databaseUrl ?? env.DATABASE_URL ?? `https://${projectId}-default-rtdb.firebaseio.com`;
    return {
      kind: 'emulator',
      projectId,
      databaseURL,
      namespace: namespaceOf(databaseURL),
      databaseEmulatorHost: env.FIREBASE_DATABASE_EMULATOR_HOST || DEFAULT_DATABASE_EMULATOR_HOST,
      authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || DEFAULT_AUTH_EMULATOR_HOST,
    };
  }

  // A real project: every safety catch is explicit, because this writes to production data.
  if (!args.yesRealProject) {
    throw new UsageError(
      `Projekt „${projectId}” nie jest projektem demo (demo-…), czyli to prawdziwa baza. ` +
        'Jeśli na pewno chcesz ją zmienić, dodaj --yes-real-project.',
    );
  }
  if (args.demo)
    throw new UsageError('Konta demo (--demo) można tworzyć tylko w emulatorach, nigdy w prawdziwym projekcie.');
  if (env.FIREBASE_DATABASE_EMULATOR_HOST || env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new UsageError(
      'Ustawiono FIREBASE_DATABASE_EMULATOR_HOST lub FIREBASE_AUTH_EMULATOR_HOST, a projekt nie jest projektem demo. ' +
        'Usuń te zmienne (prawdziwy projekt) albo użyj projektu demo-… (emulatory).',
    );
  }
  if (!env.GOOGLE_APPLICATION_CREDENTIALS) {
    throw new UsageError(
      'Brak poświadczeń: ustaw GOOGLE_APPLICATION_CREDENTIALS na plik klucza konta usługi projektu.',
    );
  }
  if (!args.databaseUrl) {
    throw new UsageError(
      'Podaj adres bazy: --database-url https://<projekt>-default-rtdb.<region>.firebasedatabase.app',
    );
  }
  return { kind: 'real', projectId, databaseURL: args.databaseUrl, namespace: namespaceOf(args.databaseUrl) };
}
