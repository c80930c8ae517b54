import { promises as fsp, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CorruptDataError, exportDatabases, importDatabases } from '../../src/persistence/index.js';
import { tempDir } from './helpers.js';

const DATA = new Map<string, unknown>([
  ['demo-panel-default-rtdb', { event: { name: 'Zlot', '.priority': 1 }, countries: { PL: 'Polska', DE: 'Niemcy' } }],
  ['other-ns', { a: { '.value': 'x', '.priority': 'p' } }],
]);

describe('export / import', () => {
  it('writes the layout of `firebase emulators:export` and reads it back', async () => {
    const dir = await tempDir();
    await exportDatabases(dir, DATA);
    const metadata = JSON.parse(await fsp.readFile(path.join(dir, 'firebase-export-metadata.json'), 'utf8'));
    expect(metadata.database).toEqual({ version: expect.any(String), path: 'database_export' });
    expect(typeof metadata.version).toBe('string');
    expect((await fsp.readdir(path.join(dir, 'database_export'))).sort()).toEqual([
      'demo-panel-default-rtdb.json',
      'other-ns.json',
    ]);
    const file = JSON.parse(await fsp.readFile(path.join(dir, 'database_export', 'other-ns.json'), 'utf8'));
    expect(file).toEqual(DATA.get('other-ns'));
    expect(await importDatabases(dir)).toEqual(DATA);
  });

  it('is read by firebase-tools itself the way `emulators:start --import` reads it', async () => {
    const dir = await tempDir();
    await exportDatabases(dir, DATA);
    // firebase-tools' own metadata reader, then the steps of lib/emulator/controller.js startAll():
    // every *.json under metadata.database.path, namespace = basename, body PUT to /.json?ns=<ns>.
    const require = createRequire(import.meta.url);
    const { HubExport } = require('firebase-tools/lib/emulator/hubExport') as {
      HubExport: { METADATA_FILE_NAME: string; readMetadata(dir: string): { database?: { path: string } } | undefined };
    };
    expect(HubExport.METADATA_FILE_NAME).toBe('firebase-export-metadata.json');
    const metadata = HubExport.readMetadata(dir);
    expect(metadata?.database?.path).toBeTypeOf('string');
    const databaseExportDir = path.resolve(dir, metadata!.database!.path);
    const files = readdirSync(databaseExportDir).filter((f) => f.endsWith('.json'));
    const bodies = new Map<string, unknown>();
    for (const f of files) {
      bodies.set(path.basename(f, '.json'), JSON.parse(await fsp.readFile(path.join(databaseExportDir, f), 'utf8')));
    }
    expect(bodies).toEqual(DATA);
  }, 30_000);

  it('imports what firebase-tools wrote, ignoring the other emulators and null namespaces', async () => {
    // As lib/emulator/hubExport.js writes it: metadata (pretty-printed, other emulators too) and one
    // file per namespace with the body of GET /.json?format=export.
    const dir = await tempDir();
    await fsp.mkdir(path.join(dir, 'database_export'));
    await fsp.mkdir(path.join(dir, 'auth_export'));
    await fsp.writeFile(
      path.join(dir, 'firebase-export-metadata.json'),
      JSON.stringify(
        {
          version: '15.34.2',
          database: { version: '4.11.2', path: 'database_export' },
          auth: { version: '15.34.2', path: 'auth_export' },
        },
        undefined,
        2,
      ),
    );
    await fsp.writeFile(path.join(dir, 'auth_export', 'accounts.json'), '{"kind":"x","users":[]}');
    await fsp.writeFile(path.join(dir, 'database_export', 'demo-x.json'), '{"a":{"b":1}}');
    await fsp.writeFile(path.join(dir, 'database_export', 'empty-ns.json'), 'null');
    expect(await importDatabases(dir)).toEqual(new Map([['demo-x', { a: { b: 1 } }]]));
  });

  it('keeps the other emulators in an existing export and replaces the database part', async () => {
    const dir = await tempDir();
    await fsp.writeFile(
      path.join(dir, 'firebase-export-metadata.json'),
      JSON.stringify({ version: '15.0.0', auth: { version: '15.0.0', path: 'auth_export' } }),
    );
    await exportDatabases(dir, DATA);
    await exportDatabases(dir, new Map([['only', { v: 1 }]]));
    const metadata = JSON.parse(await fsp.readFile(path.join(dir, 'firebase-export-metadata.json'), 'utf8'));
    expect(metadata.auth).toEqual({ version: '15.0.0', path: 'auth_export' });
    expect(metadata.version).toBe('15.0.0');
    expect(await importDatabases(dir)).toEqual(new Map([['only', { v: 1 }]]));
  });

  it('names the file when an exported namespace is not JSON', async () => {
    const dir = await tempDir();
    await exportDatabases(dir, DATA);
    const broken = path.join(dir, 'database_export', 'other-ns.json');
    await fsp.writeFile(broken, '{"a":');
    const attempt = importDatabases(dir);
    await expect(attempt).rejects.toBeInstanceOf(CorruptDataError);
    await expect(attempt).rejects.toThrow(broken);
  });

  it('refuses a directory that is not an export', async () => {
    const dir = await tempDir();
    await expect(importDatabases(dir)).rejects.toThrow(/firebase-export-metadata\.json/);
  });

  it('refuses namespace names that cannot be file names', async () => {
    const dir = await tempDir();
    await expect(exportDatabases(dir, new Map([['../evil', 1]]))).rejects.toThrow(/invalid name/);
  });
});
