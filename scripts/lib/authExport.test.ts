// The checks that decide whether an Auth export written by firebase-tools may replace the kept one.
// The folders are written in firebase-tools' own layout (metadata file, auth_export/accounts.json and
// config.json); tests/functions/auth-export.test.ts covers the whole stop-and-restart with real emulators.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_EXPORT_DIRS,
  chooseAuthImport,
  discardStaleStaging,
  promoteAuthExport,
  readAuthExport,
} from './authExport.mjs';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-auth-export-unit-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const folder = (name: keyof typeof AUTH_EXPORT_DIRS) => path.join(dataDir, AUTH_EXPORT_DIRS[name]);

/** Writes an export the way firebase-tools 15 does; `accounts` is the raw accounts.json text. */
function writeExport(
  dir: string,
  {
    users = ['u1'],
    accounts,
    metadata,
    config = '{"signIn":{"allowDuplicateEmails":false}}',
  }: { users?: string[]; accounts?: string; metadata?: string; config?: string | null } = {},
) {
  mkdirSync(path.join(dir, 'auth_export'), { recursive: true });
  writeFileSync(
    path.join(dir, 'firebase-export-metadata.json'),
    metadata ?? JSON.stringify({ version: '15.34.2', auth: { version: '15.34.2', path: 'auth_export' } }),
  );
  const body = users.length
    ? {
        kind: 'identitytoolkit#DownloadAccountResponse',
        users: users.map((localId) => ({ localId, email: `${localId}@example.com` })),
      }
    : { kind: 'identitytoolkit#DownloadAccountResponse' };
  writeFileSync(path.join(dir, 'auth_export', 'accounts.json'), accounts ?? JSON.stringify(body));
  if (config !== null) writeFileSync(path.join(dir, 'auth_export', 'config.json'), config);
}

const usersIn = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, 'auth_export', 'accounts.json'), 'utf8')).users ?? []).map(
    (u: { localId: string }) => u.localId,
  );

describe('readAuthExport', () => {
  it('accepts a complete export and counts its accounts, including an export with none', () => {
    writeExport(folder('current'), { users: ['a', 'b', 'c'] });
    expect(readAuthExport(folder('current'))).toEqual({ ok: true, users: 3 });
    writeExport(folder('staging'), { users: [] });
    expect(readAuthExport(folder('staging'))).toEqual({ ok: true, users: 0 });
  });

  it.each([
    ['a missing folder', () => {}, /metadata.json is missing/],
    [
      'truncated metadata',
      (dir: string) => writeExport(dir, { metadata: '{"version":"15.3' }),
      /metadata.json does not parse/,
    ],
    [
      'metadata without an Auth export',
      (dir: string) => writeExport(dir, { metadata: '{"version":"15.34.2"}' }),
      /names no Auth export/,
    ],
    [
      'an Auth path leaving the folder',
      (dir: string) => writeExport(dir, { metadata: '{"auth":{"path":"../elsewhere"}}' }),
      /outside the export/,
    ],
    [
      'truncated accounts',
      (dir: string) =>
        writeExport(dir, { accounts: '{"kind":"identitytoolkit#DownloadAccountResponse","users":[{"localId":"u1"' }),
      /accounts.json is missing or does not parse/,
    ],
    [
      'an error answer saved as accounts',
      (dir: string) => writeExport(dir, { accounts: '{"error":{"code":500,"message":"INTERNAL"}}' }),
      /not an account download \(INTERNAL\)/,
    ],
    [
      'accounts without ids',
      (dir: string) =>
        writeExport(dir, {
          accounts: '{"kind":"identitytoolkit#DownloadAccountResponse","users":[{"email":"x@example.com"}]}',
        }),
      /malformed users/,
    ],
    ['a missing config', (dir: string) => writeExport(dir, { config: null }), /config.json is missing/],
  ])('refuses %s', (_label, write, reason) => {
    write(folder('staging'));
    const result = readAuthExport(folder('staging'));
    expect(result.ok).toBe(false);
    expect((result as { reason: string }).reason).toMatch(reason);
  });
});

describe('promoteAuthExport', () => {
  it('makes a complete export current and keeps the one it replaces as the previous one', () => {
    writeExport(folder('previous'), { users: ['oldest'] });
    writeExport(folder('current'), { users: ['a'] });
    writeExport(folder('staging'), { users: ['a', 'b'] });
    expect(promoteAuthExport(dataDir, { complete: true })).toEqual({ promoted: true, users: 2 });
    expect(usersIn(folder('current'))).toEqual(['a', 'b']);
    expect(usersIn(folder('previous'))).toEqual(['a']);
    expect(existsSync(folder('staging'))).toBe(false);
  });

  it('promotes the first export of a fresh data folder', () => {
    writeExport(folder('staging'), { users: ['a'] });
    expect(promoteAuthExport(dataDir, { complete: true })).toEqual({ promoted: true, users: 1 });
    expect(usersIn(folder('current'))).toEqual(['a']);
    expect(existsSync(folder('previous'))).toBe(false);
  });

  it.each([
    [
      'an incomplete export',
      () => writeExport(folder('staging'), { accounts: '{"kind":"identitytoolkit#Downl' }),
      true,
      /does not parse/,
    ],
    [
      'an export without accounts replacing one with accounts',
      () => writeExport(folder('staging'), { users: [] }),
      true,
      /no accounts, the previous export has 2/,
    ],
    [
      'an export from a stack that never finished starting',
      () => writeExport(folder('staging'), { users: ['x'] }),
      false,
      /before it finished starting/,
    ],
    ['no export at all (the process was killed)', () => {}, true, /no export was written/],
  ])('keeps the current export and drops %s', (_label, write, complete, reason) => {
    writeExport(folder('current'), { users: ['a', 'b'] });
    write();
    const lines: string[] = [];
    const result = promoteAuthExport(dataDir, { complete, log: (line: string) => lines.push(line) });
    expect(result.promoted).toBe(false);
    expect(result.reason).toMatch(reason);
    expect(lines).toEqual([expect.stringContaining('the previous export is kept')]);
    expect(usersIn(folder('current'))).toEqual(['a', 'b']);
    expect(existsSync(folder('staging'))).toBe(false);
  });

  it('accepts an export without accounts when the one it replaces had none either', () => {
    writeExport(folder('current'), { users: [] });
    writeExport(folder('staging'), { users: [] });
    expect(promoteAuthExport(dataDir, { complete: true })).toEqual({ promoted: true, users: 0 });
  });
});

describe('chooseAuthImport and discardStaleStaging', () => {
  it('imports the current export, falls back to the previous one, and starts empty when neither is usable', () => {
    expect(chooseAuthImport(dataDir)).toBeNull();
    writeExport(folder('previous'), { users: ['old'] });
    expect(chooseAuthImport(dataDir)).toBe(folder('previous'));
    writeExport(folder('current'), { accounts: 'not json' });
    const lines: string[] = [];
    expect(chooseAuthImport(dataDir, (line: string) => lines.push(line))).toBe(folder('previous'));
    expect(lines).toEqual([expect.stringContaining('unusable')]);
    writeExport(folder('current'), { users: ['new'] });
    expect(chooseAuthImport(dataDir)).toBe(folder('current'));
  });

  it('removes a staging export left by an interrupted stop', () => {
    writeExport(folder('staging'));
    discardStaleStaging(dataDir);
    expect(existsSync(folder('staging'))).toBe(false);
  });
});
