// The lifetime of auth on a live connection: ID tokens past their `exp` (REST 401, the event-stream's
// `auth_revoked`), and listens whose `.read` depends on data, cancelled when a write takes the
// permission away — through the web SDK, the Admin SDK and plain HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onValue, ref } from 'firebase/database';
import {
  closeAll,
  errorText,
  eventStreamReader,
  mockIdToken,
  namespaceUnderTest,
  rest,
  restUrl,
  waitUntil,
  webClient,
} from '../helpers/rtdb.js';
import type { StreamEvent } from '../helpers/rtdb.js';

const RULES = JSON.stringify({
  rules: {
    signedIn: { '.read': 'auth != null', '.write': 'auth != null' },
    members: { '.read': true, '.write': true },
    groups: {
      $g: { '.read': "auth != null && root.child('members/' + $g + '/' + auth.uid).exists()", '.write': true },
    },
  },
});

// The file's namespace on its own target, started as the file loads (a constant of the file).
const { target, ns, admin } = await namespaceUnderTest('auth-lifecycle', RULES);
afterAll(() => closeAll(target, admin));
beforeAll(async () => {
  await admin.db.ref('signedIn/x').set({ a: 1 });
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An event-stream reader over fetch: events in arrival order, and whether the server ended the stream. */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { Accept: 'text/event-stream' }, signal: controller.signal });
  expect(response.headers.get('content-type') ?? '').toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const events: StreamEvent[] = [];
  const read = eventStreamReader(events);
  let ended = false;
  return {
    events,
    get ended() {
      return ended;
    },
    async readUntil(predicate: () => boolean): Promise<void> {
      while (!predicate() && !ended) {
        const { value, done } = await reader.read();
        if (done) {
          ended = true;
          break;
        }
        read(value);
      }
    },
    async close(): Promise<void> {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
}

// The official emulator trusts tokens without checking their expiry; production refuses them.
describe.skipIf(Boolean(process.env.RTDB_EMULATOR_HOST))('token expiry', () => {
  it('REST refuses an ID token past its exp with 401 and accepts one that is still valid', async () => {
    const expired = mockIdToken(ns, 'ala', { iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 });
    const refused = await rest(target, ns, 'GET', 'signedIn/x', { params: { auth: expired } });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ error: 'Auth token is expired.' });
    const bearer = await rest(target, ns, 'PUT', 'signedIn/y', {
      body: 1,
      headers: { Authorization: `Bearer ${expired}` },
    });
    expect(bearer.status).toBe(401);

    const valid = mockIdToken(ns, 'ala', { iat: nowSeconds(), exp: nowSeconds() + 3600 });
    const accepted = await rest(target, ns, 'GET', 'signedIn/x', { params: { auth: valid } });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ a: 1 });
  });

  it('the SDK mock tokens (iat 0, exp 3600) keep working', async () => {
    const mock = mockIdToken(ns, 'ala');
    expect((await rest(target, ns, 'GET', 'signedIn/x', { params: { auth: mock } })).status).toBe(200);
  });

  it('an event stream gets auth_revoked when its token expires, and the stream ends', async () => {
    const exp = nowSeconds() + 2;
    const token = mockIdToken(ns, 'ala', { iat: nowSeconds(), exp });
    const stream = await openStream(restUrl(target, ns, 'signedIn/x', { auth: token }));
    try {
      await stream.readUntil(() => stream.events.some((e) => e.event === 'put'));
      expect(stream.events.find((e) => e.event === 'put')?.data).toEqual({ path: '/', data: { a: 1 } });
      await stream.readUntil(() => stream.events.some((e) => e.event === 'auth_revoked'));
      expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000);
      expect(stream.events.map((e) => e.event).filter((e) => e !== 'keep-alive')).toEqual(['put', 'auth_revoked']);
      expect(typeof stream.events.find((e) => e.event === 'auth_revoked')?.data).toBe('string');
      await stream.readUntil(() => false);
      expect(stream.ended).toBe(true);
    } finally {
      await stream.close();
    }
  });
});

describe('listens whose .read depends on data', () => {
  it('a web SDK listen is cancelled with permission_denied when a write removes the data that granted it', async () => {
    await admin.db.ref().update({ 'members/g1': { ala: true, ola: true }, 'groups/g1': { name: 'Grupa 1' } });
    const ala = webClient(target, ns, { uid: 'ala' });
    const ola = webClient(target, ns, { uid: 'ola' });
    try {
      const seen: Record<string, unknown[]> = { ala: [], ola: [] };
      let alaError: unknown = null;
      let olaError: unknown = null;
      onValue(
        ref(ala.db, 'groups/g1'),
        (s) => void seen.ala.push(s.val()),
        (e) => void (alaError = e),
      );
      onValue(
        ref(ola.db, 'groups/g1'),
        (s) => void seen.ola.push(s.val()),
        (e) => void (olaError = e),
      );
      await waitUntil(() => seen.ala.length > 0 && seen.ola.length > 0, 'first values of both members');
      expect(seen.ala[0]).toEqual({ name: 'Grupa 1' });

      // Ala leaves the group; the group's name changes in the same update.
      await admin.db.ref().update({ 'members/g1/ala': null, 'groups/g1/name': 'Nowa nazwa' });
      await waitUntil(() => alaError !== null, "Ala's listen cancelled");
      expect(errorText(alaError)).toContain('permission_denied');
      await waitUntil(() => seen.ola.some((v) => JSON.stringify(v).includes('Nowa nazwa')), 'Ola sees the new name');
      expect(seen.ala.some((v) => JSON.stringify(v).includes('Nowa nazwa'))).toBe(false);
      expect(olaError).toBeNull();
    } finally {
      await ala.close();
      await ola.close();
    }
  });

  it('a REST event stream is cancelled when a write removes the data that granted it', async () => {
    await admin.db.ref().update({ 'members/g2/ala': true, 'groups/g2': { name: 'Druga' } });
    const token = mockIdToken(ns, 'ala');
    const stream = await openStream(restUrl(target, ns, 'groups/g2', { auth: token }));
    try {
      await stream.readUntil(() => stream.events.some((e) => e.event === 'put'));
      await admin.db.ref('members/g2/ala').remove();
      await stream.readUntil(() => stream.events.some((e) => e.event === 'cancel'));
      expect(stream.events.map((e) => e.event).filter((e) => e !== 'keep-alive')).toEqual(['put', 'cancel']);
    } finally {
      await stream.close();
    }
  });
});
