// Raw protocol v5: token expiry (at auth time and while connected), listens re-checked when data
// that their read rules depend on changes, and stats counters.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RawClient } from './raw-client.js';
import { startEmulator, type RunningEmulator } from '../../src/index.js';
import { compileRulesState } from '../../src/server/database.js';
import { Databases } from '../../src/server/namespaces.js';
import { ProtocolSession, type Transport } from '../../src/server/session.js';

function token(payload: Record<string, unknown>): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(payload)}.`;
}
const nowSeconds = () => Math.floor(Date.now() / 1000);

const RULES = JSON.stringify({
  rules: {
    signedIn: { '.read': 'auth != null', '.write': 'auth != null' },
    open: { '.read': true, '.write': true },
    members: { '.read': true, '.write': true },
    groups: { $g: { '.read': "root.child('members/' + $g + '/' + auth.uid).exists()", '.write': true } },
  },
});

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, rulesSource: RULES });
});
afterAll(async () => {
  await emu.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let nsCounter = 0;
async function connect(): Promise<{ client: RawClient; ns: string }> {
  const ns = `authlife${process.pid}x${++nsCounter}`;
  const client = new RawClient(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=${ns}`);
  await client.opened;
  return { client, ns };
}
async function join(ns: string): Promise<RawClient> {
  const client = new RawClient(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=${ns}`);
  await client.opened;
  return client;
}

describe('token expiry', () => {
  it('refuses an expired token at auth with expired_token and leaves the connection unauthenticated', async () => {
    const { client } = await connect();
    const expired = token({ sub: 'ala', iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 });
    expect(await client.request('auth', { cred: expired })).toEqual({
      s: 'expired_token',
      d: 'Auth token is expired.',
    });
    expect((await client.request('g', { p: '/signedIn' })).s).toBe('permission_denied');
    client.close();
  });

  it('accepts the placeholder exp of SDK mock tokens (iat 0)', async () => {
    const { client } = await connect();
    expect((await client.request('auth', { cred: token({ sub: 'ala', iat: 0, exp: 3600 }) })).s).toBe('ok');
    expect((await client.request('g', { p: '/signedIn' })).s).toBe('ok');
    client.close();
  });

  it('sends ac expired_token when the token expires, drops to unauthenticated and cancels the listens lost', async () => {
    const { client } = await connect();
    const exp = nowSeconds() + 2;
    expect((await client.request('auth', { cred: token({ sub: 'ala', iat: nowSeconds(), exp }) })).s).toBe('ok');
    expect((await client.request('q', { p: '/signedIn', h: '' })).s).toBe('ok');
    expect((await client.request('q', { p: '/open', h: '' })).s).toBe('ok');
    const ac = await client.waitFor((p) => p.a === 'ac');
    expect(ac.b).toEqual({ s: 'expired_token', d: 'Auth token is expired.' });
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000);
    const cancel = await client.waitFor((p) => p.a === 'c');
    expect(cancel.b).toEqual({ p: '/signedIn' });
    expect(client.pushes.indexOf(ac)).toBeLessThan(client.pushes.indexOf(cancel));
    expect(client.pushes.filter((p) => p.a === 'c')).toHaveLength(1);
    expect((await client.request('p', { p: '/signedIn/x', d: 1 })).s).toBe('permission_denied');
    // The open listen is still served.
    expect((await client.request('p', { p: '/open/x', d: 2 })).s).toBe('ok');
    await client.waitFor((p) => p.a === 'd' && p.b.p === '/open/x');
    client.close();
  });

  it('clears the expiry timer on re-auth and unauth', async () => {
    const { client } = await connect();
    const other = await connect();
    // The emulator runs in this process: a fake clock arms its expiry timers, and moving the clock
    // past the short token's expiry fires any that were left over, without waiting for real time.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const shortExp = nowSeconds() + 1;
    expect((await client.request('auth', { cred: token({ sub: 'ala', iat: nowSeconds(), exp: shortExp }) })).s).toBe(
      'ok',
    );
    expect(
      (await client.request('auth', { cred: token({ sub: 'ala', iat: nowSeconds(), exp: nowSeconds() + 3600 }) })).s,
    ).toBe('ok');
    expect(
      (await other.client.request('auth', { cred: token({ sub: 'ola', iat: nowSeconds(), exp: shortExp }) })).s,
    ).toBe('ok');
    expect((await other.client.request('unauth', {})).s).toBe('ok');
    expect((await other.client.request('auth', { cred: 'owner' })).s).toBe('ok');
    // Past the short token's expiry: a timer left over from it would have revoked the auth by now.
    await vi.advanceTimersByTimeAsync(shortExp * 1000 - Date.now() + 300);
    vi.useRealTimers();
    expect((await client.request('g', { p: '/signedIn' })).s).toBe('ok');
    expect((await other.client.request('g', { p: '/signedIn' })).s).toBe('ok');
    expect(client.pushes.some((p) => p.a === 'ac')).toBe(false);
    expect(other.client.pushes.some((p) => p.a === 'ac')).toBe(false);
    client.close();
    other.client.close();
  });
});

describe('listens whose read rules depend on data', () => {
  it('are cancelled with permission_denied when a write takes the permission away, and only those', async () => {
    const { client: admin, ns } = await connect();
    expect((await admin.request('auth', { cred: 'owner' })).s).toBe('ok');
    expect((await admin.request('p', { p: '/members/g1', d: { ala: true, ola: true } })).s).toBe('ok');
    expect((await admin.request('p', { p: '/groups/g1', d: { name: 'Grupa 1' } })).s).toBe('ok');

    const ala = await join(ns);
    const ola = await join(ns);
    expect((await ala.request('auth', { cred: token({ sub: 'ala' }) })).s).toBe('ok');
    expect((await ola.request('auth', { cred: token({ sub: 'ola' }) })).s).toBe('ok');
    for (const c of [ala, ola]) expect((await c.request('q', { p: '/groups/g1', h: '' })).s).toBe('ok');
    expect((await ala.request('q', { p: '/groups/g1', q: { i: 'name', l: 5, vf: 'l' }, t: 7, h: '' })).s).toBe('ok');

    // A write the rules do not depend on changes nothing.
    expect((await admin.request('p', { p: '/open/x', d: 1 })).s).toBe('ok');
    // Ala leaves the group, and in the same write the group's data changes: she gets neither.
    expect(
      (await admin.request('m', { p: '/', d: { 'members/g1/ala': null, 'groups/g1/name': 'Nowa nazwa' } })).s,
    ).toBe('ok');
    await ola.waitFor((p) => p.a === 'd' && JSON.stringify(p.b).includes('Nowa nazwa'));
    const cancels = ala.pushes.filter((p) => p.a === 'c');
    expect(cancels).toHaveLength(2);
    expect(cancels.map((c) => c.b.p)).toEqual(['/groups/g1', '/groups/g1']);
    expect(cancels.some((c) => Array.isArray(c.b.q))).toBe(true);
    expect(ala.pushes.some((p) => (p.a === 'm' || p.a === 'd') && JSON.stringify(p.b).includes('Nowa nazwa'))).toBe(
      false,
    );
    expect(ola.pushes.some((p) => p.a === 'c')).toBe(false);

    // A later write to the group reaches Ola only.
    expect((await admin.request('p', { p: '/groups/g1/name', d: 'Trzecia' })).s).toBe('ok');
    await ola.waitFor((p) => p.a === 'd' && p.b.d === 'Trzecia');
    expect(ala.pushes.some((p) => JSON.stringify(p.b).includes('Trzecia'))).toBe(false);
    for (const c of [admin, ala, ola]) c.close();
  });
});

describe('stats', () => {
  it('acknowledges s and sums the counters per connection', () => {
    const databases = new Databases(compileRulesState(RULES), null);
    const sent: unknown[] = [];
    const transport: Transport = { send: (message) => void sent.push(message), close: () => {} };
    const session = new ProtocolSession(transport, databases, 'stats', 'localhost', () => {});
    session.receive({ t: 'd', d: { r: 1, a: 's', b: { c: { 'persistence.enabled': 1, listen_count: 2 } } } });
    session.receive({ t: 'd', d: { r: 2, a: 's', b: { c: { listen_count: 3, bogus: 'x' } } } });
    session.receive({ t: 'd', d: { r: 3, a: 's', b: {} } });
    expect(sent).toEqual([1, 2, 3].map((r) => ({ t: 'd', d: { r, b: { s: 'ok', d: '' } } })));
    expect(Object.fromEntries(session.stats)).toEqual({ 'persistence.enabled': 1, listen_count: 5 });
    const other = new ProtocolSession(transport, databases, 'stats', 'localhost', () => {});
    expect(other.stats.size).toBe(0);
    session.end();
    other.end();
  });
});
