// Keys that are names of JavaScript object internals (`__proto__`, `constructor`, ...) are valid
// database keys, and production stores them like any other. Every write under them that the
// emulator acknowledges must be kept everywhere: in reads of the parent (REST, WebSocket, export
// format, shallow), in listener pushes and query windows, through rules' `$wildcard` variables,
// after a restart from the journal and from the snapshot, and in an export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fsp } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RawClient } from './raw-client.js';
import { startEmulator, type RunningEmulator } from '../../src/index.js';
import { exportDatabases, importDatabases } from '../../src/persistence/index.js';

const KEYS = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'prototype'];

const RULES = `{
  "rules": {
    "items": {
      ".read": true,
      "$key": {
        ".write": "newData.child('name').val() === $key",
        ".validate": "newData.child('v').isNumber()"
      }
    },
    "open": { ".read": true, ".write": true, ".indexOn": ["v"] }
  }
}`;

const dirs: string[] = [];
const emulators: RunningEmulator[] = [];
afterAll(async () => {
  for (const emu of emulators) await emu.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, rulesSource: RULES, dataDir });
  emulators.push(emu);
  return emu;
}

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** An own property, whatever its name (plain `obj[key]` would find Object.prototype's members). */
function own(obj: unknown, key: string): unknown {
  if (obj === null || typeof obj !== 'object') return undefined;
  return Object.getOwnPropertyDescriptor(obj, key)?.value;
}

/** `{ [key]: value }` as an own property, even for `__proto__`. */
function objectWith(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

async function restGet(emu: RunningEmulator, pathString: string, query = ''): Promise<unknown> {
  const res = await fetch(`${emu.url}${pathString === '' ? '/' : pathString}.json?ns=keys${query}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  expect(res.status).toBe(200);
  return JSON.parse(await res.text());
}

async function restWrite(emu: RunningEmulator, method: string, pathString: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${emu.url}${pathString}.json?ns=keys`, {
    method,
    body: JSON.stringify(body),
    headers: { Authorization: 'Bearer owner' },
  });
  expect(res.status).toBe(200);
  return JSON.parse(await res.text());
}

async function expectNamespaces(emu: RunningEmulator): Promise<void> {
  for (const key of KEYS)
    expect(await (await fetch(`${emu.url}/open/ns.json?ns=${key}`)).json(), `namespace ${key}`).toBe(key);
}

/** What every test below wrote under each key, as the parent's JSON shows it. */
function expectEverythingUnder(root: unknown): void {
  for (const key of KEYS) {
    expect(own(own(root, 'items'), key), `items/${key}`).toEqual({ name: key, v: 1 });
    const wsObject = own(own(root, 'open'), 'wsObject');
    expect(own(wsObject, key), `open/wsObject/${key}`).toEqual({ v: 1 });
    expect(own(own(own(root, 'open'), 'wsMerge'), key), `open/wsMerge/${key}`).toBe(1);
    expect(own(own(own(own(root, 'open'), 'wsDeep'), key), 'v'), `open/wsDeep/${key}/v`).toBe(2);
    expect(own(own(own(root, 'open'), 'restPut'), key), `open/restPut/${key}`).toEqual({ v: 1 });
    expect(own(own(own(root, 'open'), 'restPatch'), key), `open/restPatch/${key}`).toBe(3);
    expect(own(own(own(root, 'open'), 'restObject'), key), `open/restObject/${key}`).toEqual({ v: 4 });
    const stamped = own(own(root, 'open'), 'serverValue');
    expect(own(stamped, key), `open/serverValue/${key}`).toBe(5);
    expect(typeof own(stamped, `${key}At`), `open/serverValue/${key}At`).toBe('number');
  }
}

describe('keys named like JavaScript object internals', () => {
  let emu: RunningEmulator;
  let dataDir: string;
  let client: RawClient;
  let watcher: RawClient;

  beforeAll(async () => {
    dataDir = await tempDir('rtdb-keys-');
    emu = await start(dataDir);
    client = new RawClient(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=keys`);
    watcher = new RawClient(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=keys`);
    await Promise.all([client.opened, watcher.opened]);
  });
  afterAll(() => {
    client.close();
    watcher.close();
  });

  it('accepts writes under them through the WebSocket protocol and REST, and pushes them to listeners', async () => {
    expect(await watcher.request('q', { p: '/open/wsObject', h: '' })).toEqual({ s: 'ok', d: {} });
    for (const key of KEYS) {
      // Rules: `$key` is bound to the key itself.
      expect(await client.request('p', { p: `/items/${key}`, d: { name: 'someone else', v: 1 } })).toMatchObject({
        s: 'permission_denied',
      });
      expect(await client.request('p', { p: `/items/${key}`, d: { name: key, v: 'not a number' } })).toMatchObject({
        s: 'permission_denied',
      });
      expect(await client.request('p', { p: `/items/${key}`, d: { name: key, v: 1 } })).toEqual({ s: 'ok', d: '' });
      expect(await client.request('m', { p: '/open/wsObject', d: objectWith([[key, { v: 1 }]]) })).toEqual({
        s: 'ok',
        d: '',
      });
      expect(await client.request('m', { p: '/open/wsMerge', d: objectWith([[key, 1]]) })).toEqual({ s: 'ok', d: '' });
      expect(await client.request('m', { p: '/open', d: objectWith([[`wsDeep/${key}/v`, 2]]) })).toEqual({
        s: 'ok',
        d: '',
      });
      expect(own(await restWrite(emu, 'PUT', `/open/restPut/${key}`, { v: 1 }), 'v')).toBe(1);
      expect(own(await restWrite(emu, 'PATCH', '/open/restPatch', objectWith([[key, 3]])), key)).toBe(3);
    }
    // One set of an object whose server values are resolved into a copy of it.
    const stamped = objectWith(
      KEYS.flatMap((key): Array<[string, unknown]> => [
        [key, 5],
        [`${key}At`, { '.sv': 'timestamp' }],
      ]),
    );
    expect(await client.request('p', { p: '/open/serverValue', d: stamped })).toEqual({ s: 'ok', d: '' });
    for (const key of KEYS) {
      // Namespaces named so as well (their trees are kept side by side in the snapshot).
      const res = await fetch(`${emu.url}/open/ns.json?ns=${key}`, { method: 'PUT', body: JSON.stringify(key) });
      expect(res.status).toBe(200);
    }
    const restObject = await restWrite(emu, 'PUT', '/open/restObject', objectWith(KEYS.map((key) => [key, { v: 4 }])));
    for (const key of KEYS) expect(own(restObject, key)).toEqual({ v: 4 });

    // The listener of the parent got each child in a push (a merge at the parent).
    for (const key of KEYS) {
      const push = watcher.pushes.find(
        (p) => p.a === 'm' && p.b.p === '/open/wsObject' && own(p.b.d, key) !== undefined,
      );
      expect(push, `push of open/wsObject/${key}`).toBeDefined();
      expect(own(push!.b.d, key)).toEqual({ v: 1 });
    }
  });

  it('shows them in reads of the parent: REST, export format, shallow and the WebSocket get', async () => {
    expectEverythingUnder(await restGet(emu, ''));
    expectEverythingUnder(await restGet(emu, '', '&format=export'));
    // An event stream's first event carries the data in REST's plain format.
    const stream = await fetch(`${emu.url}/open.json?ns=keys`, { headers: { Accept: 'text/event-stream' } });
    const reader = stream.body!.getReader();
    let text = '';
    while (!/event: put\ndata: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const firstPut = JSON.parse(/event: put\ndata: (.*)\n\n/.exec(text)![1]) as { path: string; data: unknown };
    expect(firstPut.path).toBe('/');
    expectEverythingUnder({
      items: Object.fromEntries(KEYS.map((key) => [key, { name: key, v: 1 }])),
      open: firstPut.data,
    });
    const shallow = await restGet(emu, '/open/wsObject', '&shallow=true');
    for (const key of KEYS) expect(own(shallow, key)).toBe(true);
    const admin = new RawClient(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=keys`);
    await admin.opened;
    expect((await admin.request('auth', { cred: 'owner' })).s).toBe('ok');
    const got = await admin.request('g', { p: '/' });
    admin.close();
    expect(got.s).toBe('ok');
    expectEverythingUnder(got.d);
  });

  it('finds them with queries (orderByKey, equalTo, orderByChild)', async () => {
    for (const key of KEYS) {
      const byKey = await restGet(
        emu,
        '/items',
        `&orderBy=${encodeURIComponent('"$key"')}&equalTo=${encodeURIComponent(JSON.stringify(key))}`,
      );
      expect(Object.keys(byKey as object)).toEqual([key]);
      expect(own(byKey, key)).toEqual({ name: key, v: 1 });
    }
    const byChild = await restGet(emu, '/open/restObject', `&orderBy=${encodeURIComponent('"v"')}&limitToFirst=10`);
    expect(Object.keys(byChild as object).sort()).toEqual([...KEYS].sort());
    const tagged = await client.request('q', {
      p: '/items',
      q: { i: '.key', sp: '__proto__', ep: '__proto__' },
      t: 5,
      h: '',
    });
    expect(tagged.s).toBe('ok');
    const window = await client.waitFor((p) => p.a === 'd' && p.b.t === 5);
    expect(Object.keys(window.b.d as object)).toEqual(['__proto__']);
  });

  it('replays them from the journal after a crash, and from the snapshot after a clean stop', async () => {
    // The files as a crash would leave them (no compaction since the writes): the journal alone.
    const crashed = await tempDir('rtdb-keys-crash-');
    for (const name of await fsp.readdir(dataDir)) {
      if (name !== 'LOCK') await fsp.copyFile(path.join(dataDir, name), path.join(crashed, name));
    }
    expect((await fsp.readdir(crashed)).some((name) => name.startsWith('journal-'))).toBe(true);
    const fromJournal = await start(crashed);
    expectEverythingUnder(await restGet(fromJournal, ''));
    await expectNamespaces(fromJournal);
    await fromJournal.close();

    await emu.close();
    client.close();
    watcher.close();
    expect(await fsp.readdir(dataDir)).toContain('snapshot.json');
    const fromSnapshot = await start(dataDir);
    expectEverythingUnder(await restGet(fromSnapshot, ''));
    await expectNamespaces(fromSnapshot);
  });

  it('keeps them in an export and its import', async () => {
    const exportDir = await tempDir('rtdb-keys-export-');
    const tree = await restGet(emulators.at(-1)!, '', '&format=export');
    await exportDatabases(exportDir, new Map([['keys', tree]]));
    const file = JSON.parse(await fsp.readFile(path.join(exportDir, 'database_export', 'keys.json'), 'utf8'));
    expectEverythingUnder(file);
    expectEverythingUnder((await importDatabases(exportDir)).get('keys'));
  });
});
