// The seed CLI end to end against the project's RTDB emulator (and the Auth emulator for accounts):
// idempotent runs, sold counters kept, nothing written on an invalid file, refusals for real projects.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInWithPassword } from '../../tests/helpers/stackHttp.mjs';
import { main, EXIT } from '../src/cli.js';
import { ROOT, startAuthEmulator, startDatabaseEmulator, type Running } from './emulators.js';

const EXAMPLE = path.join(ROOT, 'seed', 'event.example.json');
let database: Awaited<ReturnType<typeof startDatabaseEmulator>>;
let env: Record<string, string | undefined>;

/** Runs the CLI in-process; returns its exit code and what it printed. */
async function seed(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    connectTimeoutMs: 10_000,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function exampleCopy(change: (file: any) => void): string {
  const file = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
  change(file);
  const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'seed-cli-')), 'event.json');
  writeFileSync(target, JSON.stringify(file));
  return target;
}

beforeAll(async () => {
  database = await startDatabaseEmulator();
  // No Auth emulator listens here: the catalogue part must not need it.
  env = {
    FIREBASE_DATABASE_EMULATOR_HOST: database.host,
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    GCLOUD_PROJECT: undefined,
    DATABASE_URL: undefined,
  };
}, 30_000);

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.rest('/', { method: 'PUT', body: 'null' });
});

describe('seeding the catalogue', () => {
  it('creates everything, and a second run changes nothing and says so', async () => {
    const first = await seed('--file', EXAMPLE);
    expect(first.err).toBe('');
    expect(first.code).toBe(EXIT.ok);
    expect(first.out).toContain('[bilety]        karnet-3-dniowy: utworzono');
    expect(first.out).toContain('Podsumowanie: utworzono 8, zmieniono 0, bez zmian 0.');
    const afterFirst = await database.rest('/');

    const second = await seed('--file', EXAMPLE);
    expect(second.code).toBe(EXIT.ok);
    expect(second.out).toContain('Podsumowanie: nic do zmiany – baza jest zgodna z plikiem (bez zmian: 8).');
    expect(second.out).not.toContain('Zapisano');
    expect(await database.rest('/')).toEqual(afterFirst);

    const stored = afterFirst as any;
    expect(Object.keys(stored.countries)).toHaveLength(249);
    expect(stored.event.seller.bankAccount).toBe('22102047950000123456789012');
    expect(stored.ticketTypes['karnet-3-dniowy']).toMatchObject({
      priceGrosze: 18900,
      vatRate: 8,
      sold: 0,
      saleEnd: Date.parse('2027-07-18T12:00:00+02:00'),
    });
    expect(stored.products['bluza-sztorm'].variants.XXL).toMatchObject({ label: 'XXL', stock: 15, sold: 0 });
  });

  it('updates changed fields and keeps sold counters, unless --reset', async () => {
    await seed('--file', EXAMPLE);
    await database.rest('/ticketTypes/karnet-3-dniowy/sold', { method: 'PUT', body: '12' });
    await database.rest('/products/koszulka-baltyk/variants/M/sold', { method: 'PUT', body: '4' });
    const changed = exampleCopy((f) => (f.ticketTypes['karnet-3-dniowy'].priceGrosze = 19900));

    const update = await seed('--file', changed);
    expect(update.code).toBe(EXIT.ok);
    expect(update.out).toContain('[bilety]        karnet-3-dniowy: zmieniono (priceGrosze)');
    expect(update.out).toContain('Podsumowanie: utworzono 0, zmieniono 1, bez zmian 7.');
    expect(await database.rest('/ticketTypes/karnet-3-dniowy/sold')).toBe(12);
    expect(await database.rest('/ticketTypes/karnet-3-dniowy/priceGrosze')).toBe(19900);
    expect(await database.rest('/products/koszulka-baltyk/variants/M/sold')).toBe(4);

    const again = await seed('--file', changed);
    expect(again.out).toContain('nic do zmiany');

    const reset = await seed('--file', changed, '--reset');
    expect(reset.code).toBe(EXIT.ok);
    expect(await database.rest('/ticketTypes/karnet-3-dniowy/sold')).toBe(0);
    expect(await database.rest('/products/koszulka-baltyk/variants/M/sold')).toBe(0);
  });

  it('writes nothing when the file is invalid, and lists every problem', async () => {
    const broken = exampleCopy((f) => {
      f.event.seller.nip = '1234567890';
      f.products['kubek-latarnia'].priceGrosze = -1;
    });
    const result = await seed('--file', broken);
    expect(result.code).toBe(EXIT.invalid);
    expect(result.err).toContain('zawiera błędy (2)');
    expect(result.err).toContain('  • event.seller.nip: Nieprawidłowy NIP');
    expect(result.err).toContain('  • products.kubek-latarnia.priceGrosze: Podaj cenę (liczba całkowita groszy)');
    expect(result.err).toContain('Nic nie zapisano.');
    expect(await database.rest('/')).toBeNull();
  });

  it('writes nothing when the file cannot apply to the data (quota below sold)', async () => {
    await seed('--file', EXAMPLE);
    await database.rest('/ticketTypes/bilet-dzieciecy/sold', { method: 'PUT', body: '250' });
    const before = await database.rest('/');
    const shrunk = exampleCopy((f) => {
      f.ticketTypes['bilet-dzieciecy'].quota = 200;
      f.event.name = 'Zlot Morski 2027 – edycja letnia';
    });
    const result = await seed('--file', shrunk);
    expect(result.code).toBe(EXIT.invalid);
    expect(result.err).toContain(
      'ticketTypes.bilet-dzieciecy.quota: Pula (200) mniejsza niż liczba sprzedanych i zarezerwowanych biletów (250)',
    );
    expect(await database.rest('/')).toEqual(before);
  });

  it('--dry-run shows the plan and writes nothing', async () => {
    const result = await seed('--file', EXAMPLE, '--dry-run');
    expect(result.code).toBe(EXIT.ok);
    expect(result.out).toContain('[wydarzenie]    utworzono');
    expect(result.out).toContain('Próba (--dry-run): do zapisania 8 zmian. Nic nie zapisano.');
    expect(await database.rest('/')).toBeNull();
  });

  it('npm run seed: plain Node runs the CLI and the TypeScript domain without a build step', async () => {
    // Undefined variables are left out of the child's environment.
    const options = { cwd: ROOT, env: { ...process.env, ...env } };
    const bin = path.join(ROOT, 'seed', 'bin', 'seed.js');
    const { stdout } = await promisify(execFile)(process.execPath, [bin, '--file', EXAMPLE, '--dry-run'], options);
    expect(stdout).toContain('Próba (--dry-run): do zapisania 8 zmian. Nic nie zapisano.');
    const broken = exampleCopy((f) => (f.event.seller.nip = '1234567890'));
    const failed = await promisify(execFile)(process.execPath, [bin, '--file', broken], options).then(
      () => ({ code: EXIT.ok, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed.code).toBe(EXIT.invalid);
    expect(failed.stderr).toContain('  • event.seller.nip: Nieprawidłowy NIP');
  }, 60_000);

  it('--admin stops before writing when the Auth emulator cannot be reached', async () => {
    const result = await seed('--file', EXAMPLE, '--admin', 'kto@example.com');
    expect(result.code).toBe(EXIT.failure);
    expect(result.err).toContain('Nie można sprawdzić konta kto@example.com');
    expect(await database.rest('/')).toBeNull();
  });
});

describe('safety catches', () => {
  it('refuses a non-demo project without --yes-real-project', async () => {
    const result = await seed('--file', EXAMPLE, '--project', 'zlot-morski-prod');
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain('nie jest projektem demo');
  });

  it('refuses --demo on a real project', async () => {
    const result = await seed(
      '--file',
      EXAMPLE,
      '--project',
      'zlot-morski-prod',
      '--yes-real-project',
      '--demo',
      '--database-url',
      'https://zlot-morski-prod-default-rtdb.europe-west1.firebasedatabase.app',
    );
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain('tylko w emulatorach');
  });

  it('refuses a real project while emulator variables are set', async () => {
    const result = await seed(
      '--file',
      EXAMPLE,
      '--project',
      'zlot-morski-prod',
      '--yes-real-project',
      '--database-url',
      'https://zlot-morski-prod-default-rtdb.europe-west1.firebasedatabase.app',
    );
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain('FIREBASE_DATABASE_EMULATOR_HOST');
  });

  it('refuses a real project without credentials and without a database URL', async () => {
    const saved = env;
    env = {};
    try {
      const noCredentials = await seed(
        '--file',
        EXAMPLE,
        '--project',
        'zlot-morski-prod',
        '--yes-real-project',
        '--database-url',
        'https://x-default-rtdb.firebaseio.com',
      );
      expect(noCredentials.err).toContain('GOOGLE_APPLICATION_CREDENTIALS');
      env = { GOOGLE_APPLICATION_CREDENTIALS: '/nie/ma/klucza.json' };
      const noUrl = await seed('--file', EXAMPLE, '--project', 'zlot-morski-prod', '--yes-real-project');
      expect(noUrl.code).toBe(EXIT.usage);
      expect(noUrl.err).toContain('--database-url');
    } finally {
      env = saved;
    }
  });

  it('explains unknown options', async () => {
    const result = await seed('--file', EXAMPLE, '--force');
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain('Błędne argumenty');
  });
});

describe('accounts (Auth emulator)', () => {
  let auth: Running;
  beforeAll(async () => {
    auth = await startAuthEmulator();
  }, 180_000);
  afterAll(async () => {
    await auth?.close();
  }, 30_000);

  it('--demo creates the demo accounts with claims, profiles and members, once', async () => {
    env = { ...env, FIREBASE_AUTH_EMULATOR_HOST: auth.host };
    const demo = JSON.parse(readFileSync(path.join(ROOT, 'seed', 'demo-accounts.json'), 'utf8'));
    const first = await seed('--file', EXAMPLE, '--demo');
    expect(first.err).toBe('');
    expect(first.code).toBe(EXIT.ok);
    for (const account of demo.accounts)
      expect(first.out).toContain(`${account.role} ${account.email} / ${account.password}: utworzono: konto`);

    const stored = (await database.rest('/')) as any;
    expect(stored.roles.demoAdmin).toMatchObject({ admin: true, staff: false, updatedBy: 'seed' });
    expect(stored.roles.demoStaff).toMatchObject({ admin: false, staff: true });
    expect(stored.roles.demoUczestnik).toBeUndefined();
    expect(Object.keys(stored.members.demoUczestnik).sort()).toEqual([
      'demo-corka',
      'demo-partner',
      'demo-syn',
      'self',
    ]);
    expect(stored.profiles.demoUczestnik).toMatchObject({
      email: 'uczestnik@example.com',
      firstName: 'Marta',
      pickupCode: 'MRTN4W9Q',
    });
    expect(stored.pickupCodes.MRTN4W9Q).toEqual({ uid: 'demoUczestnik' });
    expect(stored.pickupDirectory.demoUczestnik).toMatchObject({
      name: 'Marta Nowak',
      nameLower: 'marta nowak',
      lastNameLower: 'nowak',
    });
    // Staff find the account by any of its people's names: the children's first names included.
    expect(
      Object.keys(stored.pickupSearch)
        .filter((key) => key.endsWith('_demoUczestnik'))
        .sort(),
    ).toEqual([
      'kuba_demoUczestnik',
      'marta_demoUczestnik',
      'nowak_demoUczestnik',
      'piotr_demoUczestnik',
      'zosia_demoUczestnik',
    ]);
    expect(stored.pickupSearch.zosia_demoUczestnik).toMatchObject({
      uid: 'demoUczestnik',
      name: 'Marta Nowak',
      pickupCode: 'MRTN4W9Q',
      person: 'Zosia Nowak',
    });
    expect(stored.stats.public.accounts).toBe(3);

    // The password from demo-accounts.json signs in, and the token carries the claim.
    const { idToken } = await signInWithPassword(`http://${auth.host}`, {
      email: 'admin@example.com',
      password: demo.accounts[0].password,
    });
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString());
    expect(claims.admin).toBe(true);

    const second = await seed('--file', EXAMPLE, '--demo');
    expect(second.code).toBe(EXIT.ok);
    expect(second.out).toContain('Podsumowanie: nic do zmiany');
    expect(await database.rest('/')).toEqual(stored);

    // A directory entry from before surname search existed gets lastNameLower on the next run, once.
    await database.rest('/pickupDirectory/demoUczestnik/lastNameLower', { method: 'DELETE' });
    const upgrade = await seed('--file', EXAMPLE, '--demo');
    expect(upgrade.code).toBe(EXIT.ok);
    expect(upgrade.out).toContain('wyszukiwanie po nazwisku');
    expect(await database.rest('/')).toEqual(stored);

    // Accounts seeded before the name-search index existed get their entries on the next run, once.
    await database.rest('/pickupSearch', { method: 'DELETE' });
    const indexed = await seed('--file', EXAMPLE, '--demo');
    expect(indexed.out).toContain('wyszukiwanie po imionach uczestników');
    expect(await database.rest('/')).toEqual(stored);
  });

  it('--admin with an unknown account stops before writing', async () => {
    env = { ...env, FIREBASE_AUTH_EMULATOR_HOST: auth.host };
    const result = await seed('--file', EXAMPLE, '--admin', 'kto@example.com');
    expect(result.code).toBe(EXIT.invalid);
    expect(result.err).toContain('Nie ma konta z adresem kto@example.com');
    expect(await database.rest('/')).toBeNull();
  });

  it('--admin grants the admin claim and the roles mirror to an existing account, once', async () => {
    env = { ...env, FIREBASE_AUTH_EMULATOR_HOST: auth.host };
    await seed('--file', EXAMPLE, '--demo');
    const grant = await seed('--file', EXAMPLE, '--admin', 'Obsluga@Example.com');
    expect(grant.code).toBe(EXIT.ok);
    expect(grant.out).toContain('[administrator] obsluga@example.com: uprawnienia: administrator, lustro ról /roles');
    expect(await database.rest('/roles/demoStaff')).toMatchObject({ admin: true, staff: true });
    const again = await seed('--file', EXAMPLE, '--admin', 'obsluga@example.com');
    expect(again.out).toContain('już jest administratorem – bez zmian');
    expect(again.out).toContain('nic do zmiany');
  });
});
