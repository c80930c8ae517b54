// `npm run seed -- --file seed/event.example.json [--admin email] [--reset] [--demo]`
// Validates the whole file, plans the changes against what the database holds, writes them in one
// atomic update, then handles accounts. Messages are Polish: organisers run this.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { initializeApp, deleteApp, applicationDefault } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { getAuth } from 'firebase-admin/auth';
import { loadSeedFile } from './validate.js';
import { planSeed } from './plan.js';
import { resolveTarget, UsageError } from './target.js';
import { ensureDemoAccount, ensureRoles, findUserByEmail, loadDemoAccounts } from './accounts.js';

export const SEED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_ACCOUNTS_FILE = path.join(SEED_DIR, 'demo-accounts.json');

export const EXIT = { ok: 0, invalid: 1, usage: 2, failure: 3 };

const HELP = `Seed Panelu Uczestnika – wczytuje wydarzenie, bilety, produkty i kraje z pliku JSON.

Użycie:
  npm run seed -- --file seed/event.example.json [opcje]

Opcje:
  --file <plik>           plik z danymi wydarzenia (wymagany)
  --admin <e-mail>        nadaj uprawnienia administratora istniejącemu kontu
  --demo                  utwórz konta demo z seed/demo-accounts.json (tylko emulatory)
  --reset                 wyzeruj liczniki sprzedaży (sold) biletów i wariantów z pliku
  --dry-run               tylko sprawdź plik i pokaż, co by się zmieniło
  --project <id>          projekt (domyślnie demo-panel-uczestnika = emulatory)
  --database-url <url>    adres bazy (wymagany dla prawdziwego projektu)
  --yes-real-project      potwierdzenie zapisu do prawdziwego projektu (nie demo-…)
  --help                  ta pomoc

Emulatory: FIREBASE_DATABASE_EMULATOR_HOST (domyślnie 127.0.0.1:9000),
FIREBASE_AUTH_EMULATOR_HOST (domyślnie 127.0.0.1:9099).
Prawdziwy projekt: GOOGLE_APPLICATION_CREDENTIALS=<klucz konta usługi> oraz
--project <id> --database-url <url> --yes-real-project.`;

const SECTION_LABEL = { event: 'wydarzenie', countries: 'kraje', ticketTypes: 'bilety', products: 'produkty' };
const ACTION_LABEL = {
  created: 'utworzono',
  updated: 'zmieniono',
  unchanged: 'bez zmian',
  kept: 'nie ma w pliku – pozostawiono bez zmian',
  reset: 'wyzerowano',
};

/** @param {string} section */
const tag = (section) => `[${section}]`.padEnd(16);

/**
 * @template T
 * @param {Promise<T>} promise @param {number} ms @param {string} message
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, message) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, timeout])).finally(() => clearTimeout(timer));
}

/** @param {unknown} error */
function describeError(error) {
  const e = /** @type {{ code?: string, message?: string, errorInfo?: { code?: string } }} */ (error);
  const text = `${e?.code ?? e?.errorInfo?.code ?? ''} ${e?.message ?? String(error)}`;
  if (/ECONNREFUSED|fetch failed|socket hang up/i.test(text)) return `brak połączenia (${e?.message ?? text})`;
  return e?.message ?? String(error);
}

/**
 * @param {string[]} argv
 * @param {{ env?: Record<string, string | undefined>, out?: (line: string) => void, err?: (line: string) => void, now?: () => number, connectTimeoutMs?: number }} [io]
 * @returns {Promise<number>} exit code
 */
export async function main(argv, io = {}) {
  const env = io.env ?? process.env;
  const out = io.out ?? ((line) => console.log(line));
  const err = io.err ?? ((line) => console.error(line));
  const now = io.now ?? Date.now;

  /** @type {ReturnType<typeof parseArgs>['values']} */
  let args;
  try {
    ({ values: args } = parseArgs({
      args: argv,
      options: {
        file: { type: 'string' },
        admin: { type: 'string' },
        demo: { type: 'boolean', default: false },
        reset: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        project: { type: 'string' },
        'database-url': { type: 'string' },
        'yes-real-project': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    err(`Błędne argumenty: ${/** @type {Error} */ (error).message}\n\n${HELP}`);
    return EXIT.usage;
  }
  if (args.help) {
    out(HELP);
    return EXIT.ok;
  }
  if (typeof args.file !== 'string') {
    err(`Podaj plik: --file <plik.json>\n\n${HELP}`);
    return EXIT.usage;
  }
  const adminEmail = typeof args.admin === 'string' ? args.admin.trim().toLowerCase() : undefined;
  if (adminEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(adminEmail)) {
    err(`Nieprawidłowy adres e-mail w --admin: ${args.admin}`);
    return EXIT.usage;
  }

  // 1. The file, completely, before anything else.
  const loaded = await loadSeedFile(args.file);
  if (!loaded.ok) {
    err(`Plik ${args.file} zawiera błędy (${loaded.problems.length}):`);
    for (const problem of loaded.problems) err(`  • ${problem.path}: ${problem.message}`);
    err('Nic nie zapisano.');
    return EXIT.invalid;
  }
  const seed = loaded.data;
  const variantCount = Object.values(seed.products).reduce((n, p) => n + Object.keys(p.variants).length, 0);
  out(
    `Plik ${args.file} jest poprawny: wydarzenie „${seed.event.name}”, rodzaje biletów: ${Object.keys(seed.ticketTypes).length}, ` +
      `produkty: ${Object.keys(seed.products).length} (wariantów: ${variantCount}), kraje: ${Object.keys(seed.countries).length}.`,
  );

  // 2. Where to write.
  /** @type {import('./target.js').Target} */
  let target;
  try {
    target = resolveTarget(
      {
        project: /** @type {string|undefined} */ (args.project),
        databaseUrl: /** @type {string|undefined} */ (args['database-url']),
        yesRealProject: Boolean(args['yes-real-project']),
        demo: Boolean(args.demo),
      },
      env,
    );
  } catch (error) {
    if (error instanceof UsageError) {
      err(error.message);
      return EXIT.usage;
    }
    throw error;
  }
  if (target.kind === 'emulator') {
    // The Admin SDK reads these from the environment.
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = target.databaseEmulatorHost;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = target.authEmulatorHost;
    out(
      `Cel: emulatory – projekt ${target.projectId}, baza ${target.databaseEmulatorHost} (${target.namespace}), Auth ${target.authEmulatorHost}.`,
    );
  } else {
    out(`Cel: PRAWDZIWY projekt ${target.projectId}, baza ${target.databaseURL}.`);
  }

  const app = initializeApp(
    {
      projectId: target.projectId,
      databaseURL: target.databaseURL,
      ...(target.kind === 'real' ? { credential: applicationDefault() } : {}),
    },
    `seed-${process.pid}-${now()}`,
  );
  const db = getDatabase(app);
  const auth = getAuth(app);
  try {
    // 3. What the database holds now.
    const read = async (/** @type {string} */ p) => (await db.ref(p).get()).val();
    let current;
    try {
      current = await withTimeout(
        (async () => ({
          event: await read('event'),
          countries: await read('countries'),
          ticketTypes: await read('ticketTypes'),
          products: await read('products'),
          archivedTicketTypes: await read('archivedTicketTypes'),
          archivedProducts: await read('archivedProducts'),
        }))(),
        io.connectTimeoutMs ?? 15_000,
        'upłynął czas oczekiwania',
      );
    } catch (error) {
      err(
        `Nie można odczytać bazy ${target.kind === 'emulator' ? target.databaseEmulatorHost : target.databaseURL}: ${describeError(error)}.`,
      );
      if (target.kind === 'emulator')
        err('Czy emulatory działają? Uruchom: npm start (albo ustaw FIREBASE_DATABASE_EMULATOR_HOST).');
      return EXIT.failure;
    }

    // 4. The plan; refusals (quota below sold, archived ids) stop the run before any write.
    const at = now();
    const { updates, changes, problems } = planSeed(seed, current, { reset: Boolean(args.reset), now: at });
    if (problems.length) {
      err(`Pliku nie można zastosować do tej bazy (${problems.length}):`);
      for (const problem of problems) err(`  • ${problem.path}: ${problem.message}`);
      err('Nic nie zapisano.');
      return EXIT.invalid;
    }
    const demoAccounts = args.demo ? (await loadDemoAccounts(DEMO_ACCOUNTS_FILE)).accounts : [];
    // --admin names an existing account, or one of the demo accounts this run creates.
    const adminIsDemo = demoAccounts.some((account) => account.email.toLowerCase() === adminEmail);
    if (adminEmail && !adminIsDemo) {
      let user;
      try {
        user = await findUserByEmail(auth, adminEmail);
      } catch (error) {
        err(`Nie można sprawdzić konta ${adminEmail} w usłudze logowania: ${describeError(error)}.`);
        return EXIT.failure;
      }
      if (!user) {
        err(
          `Nie ma konta z adresem ${adminEmail}. Najpierw zarejestruj je w aplikacji, potem uruchom seed ponownie. Nic nie zapisano.`,
        );
        return EXIT.invalid;
      }
    }

    for (const change of changes) {
      const label = `${change.id ? `${change.id}: ` : ''}${ACTION_LABEL[change.action]}${change.detail ? ` (${change.detail})` : ''}`;
      out(`${tag(SECTION_LABEL[change.section])}${label}`);
    }
    const writes = Object.keys(updates).length;
    if (args['dry-run']) {
      out(`Próba (--dry-run): ${writes ? `do zapisania ${writes} zmian` : 'nic do zapisania'}. Nic nie zapisano.`);
      return EXIT.ok;
    }
    if (writes) {
      await db.ref().update(updates);
      out(`Zapisano dane wydarzenia jedną operacją (${writes} ${writes === 1 ? 'ścieżka' : 'ścieżek'}).`);
    }

    // 5. Accounts.
    let accountChanges = 0;
    if (args.demo) {
      for (const account of demoAccounts) {
        let done;
        try {
          done = await ensureDemoAccount(auth, db, account, at);
        } catch (error) {
          err(`Nie można utworzyć konta demo ${account.email}: ${describeError(error)}.`);
          err('Czy emulator Auth działa? Uruchom: npm start (albo ustaw FIREBASE_AUTH_EMULATOR_HOST).');
          return EXIT.failure;
        }
        accountChanges += done.length;
        out(
          `${tag('konta demo')}${account.role} ${account.email} / ${account.password}: ${done.length ? `utworzono: ${done.join(', ')}` : 'bez zmian'}`,
        );
      }
    }
    if (adminEmail) {
      const user = await findUserByEmail(auth, adminEmail);
      if (!user) throw new Error(`konto ${adminEmail} zniknęło w trakcie działania`);
      const done = await ensureRoles(auth, db, user, { admin: true }, at);
      accountChanges += done.length;
      out(
        `${tag('administrator')}${adminEmail}: ${done.length ? done.join(', ') : 'już jest administratorem – bez zmian'}`,
      );
    }

    // 6. Summary.
    const count = (/** @type {string} */ action) => changes.filter((c) => c.action === action).length;
    const created = count('created');
    const updated = count('updated');
    if (writes === 0 && accountChanges === 0) {
      out(`Podsumowanie: nic do zmiany – baza jest zgodna z plikiem (bez zmian: ${count('unchanged')}).`);
    } else {
      out(
        `Podsumowanie: utworzono ${created}, zmieniono ${updated}, bez zmian ${count('unchanged')}` +
          `${count('kept') ? `, pozostawiono spoza pliku ${count('kept')}` : ''}${accountChanges ? `, zmiany kont: ${accountChanges}` : ''}.`,
      );
    }
    return EXIT.ok;
  } finally {
    await deleteApp(app);
  }
}
