import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RawClient } from './raw-client.js';
import { startEmulator, type RunningEmulator, EmulatorStartError } from '../../src/index.js';

const RULES = `{
  "rules": {
    "open": { ".read": true, ".write": true, ".indexOn": "score" },
    "mine": { ".read": "query.orderByChild == 'owner' && query.equalTo == auth.uid", ".write": true },
    "gone": { ".read": true, ".write": true }
  }
}`;

let emu: RunningEmulator;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rtdb-proto-'));
  emu = await startEmulator({ port: 0, rulesSource: RULES, dataDir });
});
afterAll(async () => {
  await emu.close();
  await rm(dataDir, { recursive: true, force: true });
});

const wsUrl = (ns: string) => `ws://127.0.0.1:${emu.port}/.ws?v=5&ns=${ns}`;
const owner = { Authorization: 'Bearer owner' };

describe('wire protocol', () => {
  it('says hello with version 5, a host and a session id', async () => {
    const c = new RawClient(wsUrl('p1'));
    await c.opened;
    expect(c.hello).toMatchObject({ v: '5', h: `127.0.0.1:${emu.port}` });
    expect(typeof c.hello?.s).toBe('string');
    c.close();
  });

  it('pushes data to a listen before acknowledging the write, and refuses a stale hash', async () => {
    const c = new RawClient(wsUrl('p2'));
    await c.opened;
    expect(await c.request('q', { p: '/open/x', h: '' })).toEqual({ s: 'ok', d: {} });
    expect(await c.request('p', { p: '/open/x', d: { v: 1 } })).toEqual({ s: 'ok', d: '' });
    expect(c.pushes.at(-1)).toEqual({ a: 'd', b: { p: '/open/x', d: { v: 1 } } });
    expect((await c.request('p', { p: '/open/x', d: 2, h: 'not-the-hash' })).s).toBe('datastale');
    c.close();
  });

  it('pushes a write once per connection, however many of its listens cover the path', async () => {
    const both = new RawClient(wsUrl('p3'));
    const one = new RawClient(wsUrl('p3'));
    await Promise.all([both.opened, one.opened]);
    await both.request('q', { p: '/open', h: '' });
    await both.request('q', { p: '/open/x', h: '' });
    await one.request('q', { p: '/open/x', h: '' });
    const before = [both.pushes.length, one.pushes.length];
    await both.request('p', { p: '/open/x', d: 1 });
    await both.request('p', { p: '/open/x', d: 2 });
    await both.request('p', { p: '/open/y', d: 3 });
    // Acknowledgements come after the pushes of their write, on the writing connection and the other one alike.
    await one.request('p', { p: '/gone/z', d: 4 });
    expect(both.pushes.slice(before[0])).toEqual([
      { a: 'd', b: { p: '/open/x', d: 1 } },
      { a: 'd', b: { p: '/open/x', d: 2 } },
      { a: 'd', b: { p: '/open/y', d: 3 } },
    ]);
    expect(one.pushes.slice(before[1])).toEqual([
      { a: 'd', b: { p: '/open/x', d: 1 } },
      { a: 'd', b: { p: '/open/x', d: 2 } },
    ]);
    both.close();
    one.close();
  });

  it('warns no_index for an orderByChild listen without .indexOn, and not with it', async () => {
    const c = new RawClient(wsUrl('p3'));
    await c.opened;
    const indexed = await c.request('q', { p: '/open', q: { i: 'score', l: 2, vf: 'l' }, t: 1, h: '' });
    expect(indexed).toEqual({ s: 'ok', d: {} });
    const unindexed = await c.request('q', { p: '/open', q: { i: 'other', l: 2, vf: 'l' }, t: 2, h: '' });
    expect(unindexed).toEqual({ s: 'ok', d: { w: ['no_index'] } });
    c.close();
  });

  it('evaluates query-based read rules on listens', async () => {
    const token = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'u1', iat: 1 })).toString('base64url')}.`;
    const c = new RawClient(wsUrl('p4'));
    await c.opened;
    expect((await c.request('auth', { cred: 'garbage' })).s).toBe('invalid_token');
    expect((await c.request('auth', { cred: token })).s).toBe('ok');
    expect((await c.request('q', { p: '/mine', h: '' })).s).toBe('permission_denied');
    const ok = await c.request('q', { p: '/mine', q: { i: 'owner', sp: 'u1', ep: 'u1' }, t: 7, h: '' });
    expect(ok.s).toBe('ok');
    // Signing out loses the permission: the listen is revoked.
    expect((await c.request('unauth', {})).s).toBe('ok');
    const revoked = await c.waitFor((p) => p.a === 'c');
    expect(revoked.b).toEqual({ p: '/mine', q: [{ i: 'owner', sp: 'u1', ep: 'u1' }] });
    c.close();
  });

  it('cancels listens with a c push when rules change, and ties tagged data to its tag', async () => {
    const c = new RawClient(wsUrl('p5'));
    await c.opened;
    await c.request('q', { p: '/gone', q: { l: 1, vf: 'l' }, t: 3, h: '' });
    await c.request('p', { p: '/gone/a', d: 1 });
    const tagged = await c.waitFor((p) => p.a === 'd' && p.b.t === 3 && p.b.d !== null);
    expect(tagged.b).toEqual({ p: '/gone', d: { a: 1 }, t: 3 });
    const res = await fetch(`${emu.url}/.settings/rules.json?ns=p5`, {
      method: 'PUT',
      headers: owner,
      body: '{"rules": {}}',
    });
    expect(res.status).toBe(200);
    const revoked = await c.waitFor((p) => p.a === 'c');
    expect(revoked.b).toEqual({ p: '/gone', q: [{ l: 1, vf: 'l' }] });
    c.close();
  });

  it('runs onDisconnect writes when the socket closes', async () => {
    const c = new RawClient(wsUrl('p6'));
    await c.opened;
    expect((await c.request('o', { p: '/open/presence', d: 'offline' })).s).toBe('ok');
    await c.request('p', { p: '/open/presence', d: 'online' });
    const watcher = new RawClient(wsUrl('p6'));
    await watcher.opened;
    await watcher.request('q', { p: '/open/presence', h: '' });
    c.close();
    await watcher.waitFor((p) => p.a === 'd' && p.b.d === 'offline');
    watcher.close();
  });
});

describe('REST', () => {
  it('streams put and patch events', async () => {
    const controller = new AbortController();
    const res = await fetch(`${emu.url}/open/stream.json?ns=r1`, {
      headers: { Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await readUntil('event: put\ndata: {"path":"/","data":null}');
    await fetch(`${emu.url}/open/stream/a.json?ns=r1`, { method: 'PUT', body: '{"x":1}' });
    await readUntil('event: put\ndata: {"path":"/a","data":{"x":1}}');
    await fetch(`${emu.url}/open/stream.json?ns=r1`, { method: 'PATCH', body: '{"b":2}' });
    await readUntil('event: patch\ndata: {"path":"/","data":{"b":2}}');
    controller.abort();
  });

  it('answers errors like the real service', async () => {
    let res = await fetch(`${emu.url}/nothing.json?ns=r2`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Permission denied' });
    res = await fetch(`${emu.url}/open/x.json?ns=r2`, { method: 'PUT', body: '{nope' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/couldn't parse JSON/);
    res = await fetch(`${emu.url}/open/x.json?ns=r2`, { method: 'PUT', body: '{"a.b":1}' });
    expect(res.status).toBe(400);
    res = await fetch(`${emu.url}/.settings/rules.json?ns=r2`, { method: 'PUT', body: '{"rules":{}}' });
    expect(res.status).toBe(401);
    res = await fetch(`${emu.url}/.settings/rules.json?ns=r2`, {
      method: 'PUT',
      headers: owner,
      body: '{"rules":{".read":"auth.nope("}}',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).not.toBe('');
    res = await fetch(`${emu.url}/open.json?ns=r2`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('keeps namespaces apart and supports shallow, silent and export', async () => {
    await fetch(`${emu.url}/open/a.json?ns=r3`, { method: 'PUT', body: '{"b":{"c":1},"d":2}' });
    expect(await (await fetch(`${emu.url}/open/a.json?ns=r4`)).json()).toBeNull();
    expect(await (await fetch(`${emu.url}/open/a.json?ns=r3&shallow=true`)).json()).toEqual({ b: true, d: true });
    const silent = await fetch(`${emu.url}/open/a/d.json?ns=r3&print=silent`, { method: 'PUT', body: '3' });
    expect(silent.status).toBe(204);
    await fetch(`${emu.url}/open/a/d/.priority.json?ns=r3`, { method: 'PUT', body: '5' });
    expect(await (await fetch(`${emu.url}/open/a/d.json?ns=r3&format=export`)).json()).toEqual({
      '.value': 3,
      '.priority': 5,
    });
    expect(await (await fetch(`${emu.url}/open/a/d/.priority.json?ns=r3`)).json()).toBe(5);
  });
});

describe('startEmulator errors', () => {
  it('names the port when it is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    await expect(startEmulator({ port })).rejects.toThrow(new RegExp(`Port ${port} .*already in use`));
    await expect(startEmulator({ port })).rejects.toBeInstanceOf(EmulatorStartError);
    blocker.close();
  });

  it('refuses invalid and unreadable rules', async () => {
    await expect(startEmulator({ port: 0, rulesSource: '{"rules": {".read": "1 +"}}' })).rejects.toThrow(
      /Invalid rules/,
    );
    await expect(startEmulator({ port: 0, rules: '/nonexistent/rules.json' })).rejects.toThrow(
      /Cannot read the rules file/,
    );
  });
});
