// The REST API on the same port, with plain fetch: methods, parameters, auth, error bodies, CORS,
// event streaming, namespaces, and the backend limits (keys and sizes) that the SDKs would refuse
// locally and therefore can only be checked against the server from here.
import { afterAll, describe, expect, it } from 'vitest';
import {
  bigString,
  closeAll,
  eventStreamReader,
  mockIdToken,
  namespaceUnderTest,
  putRules,
  rest,
  restUrl,
  uniqueNs,
} from '../helpers/rtdb.js';
import type { StreamEvent } from '../helpers/rtdb.js';

const RULES = {
  rules: {
    public: { '.read': true, '.write': true },
    private: {
      $uid: { '.read': 'auth != null && auth.uid === $uid', '.write': 'auth != null && auth.uid === $uid' },
    },
    staff: { '.read': 'auth.token.staff === true' },
    restq: { '.indexOn': ['h'] },
    orders: {
      '.indexOn': ['uid'],
      '.read': "auth != null && query.orderByChild === 'uid' && query.equalTo === auth.uid",
    },
    checked: { '.write': true, $k: { '.validate': 'newData.isNumber()' } },
  },
};

// The file's namespace on its own target, started as the file loads (a constant of the file).
const { target, ns, admin } = await namespaceUnderTest('rest', JSON.stringify(RULES));
afterAll(() => closeAll(target, admin));

const errorOf = (json: unknown): unknown => (json as { error?: unknown } | undefined)?.error;

/** One character over 10 MB of UTF-8, the most a string may hold. */
const OVER_10_MB = 'a'.repeat(10 * 1024 * 1024 + 1);

/** A PUT of `body` to `path` is refused as invalid: 400 with an error message. */
async function expectRefusedPut(path: string, body: unknown): Promise<void> {
  const refused = await rest(target, ns, 'PUT', path, { body });
  expect(refused.status, JSON.stringify(body)?.slice(0, 100)).toBe(400);
  expect(typeof errorOf(refused.json)).toBe('string');
}

describe('methods', () => {
  it('PUT writes and answers with the data, GET reads it back', async () => {
    const put = await rest(target, ns, 'PUT', 'public/jack/name', { body: { first: 'Jack', last: 'Sparrow' } });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ first: 'Jack', last: 'Sparrow' });
    expect(put.headers.get('content-type') ?? '').toMatch(/application\/json/);
    const got = await rest(target, ns, 'GET', 'public/jack/name');
    expect(got.status).toBe(200);
    expect(got.json).toEqual({ first: 'Jack', last: 'Sparrow' });
    expect((await admin.db.ref('public/jack/name/first').once('value')).val()).toBe('Jack');
  });

  it('GET of a missing path is 200 with null', async () => {
    const got = await rest(target, ns, 'GET', 'public/nothing/here');
    expect(got.status).toBe(200);
    expect(got.text.trim()).toBe('null');
  });

  it('POST pushes a child and answers with its generated name', async () => {
    const post = await rest(target, ns, 'POST', 'public/messages', { body: { user_id: 'jack', text: 'Ahoy!' } });
    expect(post.status).toBe(200);
    const name = (post.json as { name: string }).name;
    expect(name).toMatch(/^[-0-9A-Za-z_]{20}$/);
    expect((await admin.db.ref(`public/messages/${name}`).once('value')).val()).toEqual({
      user_id: 'jack',
      text: 'Ahoy!',
    });
    const second = await rest(target, ns, 'POST', 'public/messages', { body: 'second' });
    expect((second.json as { name: string }).name > name).toBe(true);
  });

  it('PATCH merges children (including deep paths and null deletes) and answers with the patch', async () => {
    await rest(target, ns, 'PUT', 'public/patch', { body: { a: 1, b: { c: 2, d: 3 }, e: 4 } });
    const patch = await rest(target, ns, 'PATCH', 'public/patch', { body: { a: 10, 'b/c': 20, e: null } });
    expect(patch.status).toBe(200);
    expect(patch.json).toEqual({ a: 10, 'b/c': 20, e: null });
    expect((await rest(target, ns, 'GET', 'public/patch')).json).toEqual({ a: 10, b: { c: 20, d: 3 } });
  });

  it('DELETE removes and answers null; empty parents disappear', async () => {
    await rest(target, ns, 'PUT', 'public/del/only/child', { body: 1 });
    const del = await rest(target, ns, 'DELETE', 'public/del/only/child');
    expect(del.status).toBe(200);
    expect(del.text.trim()).toBe('null');
    expect((await rest(target, ns, 'GET', 'public/del')).json).toBeNull();
  });

  it('PUT of null deletes; PUT of an empty object stores nothing', async () => {
    await rest(target, ns, 'PUT', 'public/nul', { body: { x: 1 } });
    expect((await rest(target, ns, 'PUT', 'public/nul', { body: null })).status).toBe(200);
    expect((await rest(target, ns, 'GET', 'public/nul')).json).toBeNull();
    await rest(target, ns, 'PUT', 'public/empty', { body: { a: {}, b: { c: {} } } });
    expect((await rest(target, ns, 'GET', 'public/empty')).json).toBeNull();
  });

  it('X-HTTP-Method-Override on a POST selects the method (for clients that cannot send it)', async () => {
    await rest(target, ns, 'PUT', 'public/override', { body: { a: 1, b: 2 } });
    const patch = await rest(target, ns, 'POST', 'public/override', {
      body: { b: 3 },
      headers: { 'X-HTTP-Method-Override': 'PATCH' },
    });
    expect(patch.status).toBe(200);
    expect((await rest(target, ns, 'GET', 'public/override')).json).toEqual({ a: 1, b: 3 });
    const del = await rest(target, ns, 'POST', 'public/override', { headers: { 'X-HTTP-Method-Override': 'DELETE' } });
    expect(del.status).toBe(200);
    expect((await rest(target, ns, 'GET', 'public/override')).json).toBeNull();
  });

  it('print=silent answers 204 with an empty body and still writes', async () => {
    const put = await rest(target, ns, 'PUT', 'public/silent', { body: { s: 1 }, params: { print: 'silent' } });
    expect(put.status).toBe(204);
    expect(put.text).toBe('');
    expect((await admin.db.ref('public/silent').once('value')).val()).toEqual({ s: 1 });
    const patch = await rest(target, ns, 'PATCH', 'public/silent', { body: { t: 2 }, params: { print: 'silent' } });
    expect(patch.status).toBe(204);
    const post = await rest(target, ns, 'POST', 'public/silent/list', { body: 1, params: { print: 'silent' } });
    expect(post.status).toBe(204);
    const del = await rest(target, ns, 'DELETE', 'public/silent/t', { params: { print: 'silent' } });
    expect(del.status).toBe(204);
  });

  it('shallow=true truncates object children to true and returns primitives as they are', async () => {
    await rest(target, ns, 'PUT', 'public/shallow', {
      body: { obj: { deep: { x: 1 } }, num: 5, str: 'x', bool: false },
    });
    const shallow = await rest(target, ns, 'GET', 'public/shallow', { params: { shallow: 'true' } });
    expect(shallow.json).toEqual({ obj: true, num: true, str: true, bool: true });
    const leaf = await rest(target, ns, 'GET', 'public/shallow/num', { params: { shallow: 'true' } });
    expect(leaf.json).toBe(5);
  });

  it('orderBy / startAt / endAt / equalTo / limitToFirst / limitToLast filter on the server', async () => {
    await admin.db.ref('restq').set({ a: { h: 3 }, b: { h: 1 }, c: { h: 2 }, d: { h: 2 } });
    const keys = async (params: Record<string, string>) => {
      const response = await rest(target, ns, 'GET', 'restq', { params: { auth: 'owner', ...params } });
      expect(response.status, response.text).toBe(200);
      return Object.keys(response.json as object).sort();
    };
    expect(await keys({ orderBy: '"h"', startAt: '2' })).toEqual(['a', 'c', 'd']);
    expect(await keys({ orderBy: '"h"', endAt: '2' })).toEqual(['b', 'c', 'd']);
    expect(await keys({ orderBy: '"h"', equalTo: '2' })).toEqual(['c', 'd']);
    expect(await keys({ orderBy: '"h"', limitToFirst: '1' })).toEqual(['b']);
    expect(await keys({ orderBy: '"h"', limitToLast: '2' })).toEqual(['a', 'd']);
    expect(await keys({ orderBy: '"$key"', startAt: '"b"', endAt: '"c"' })).toEqual(['b', 'c']);
  });
});

describe('auth', () => {
  it('a read the rules deny is 401 with {"error": "Permission denied"}', async () => {
    await admin.db.ref('private/ala').set({ secret: 1 });
    const denied = await rest(target, ns, 'GET', 'private/ala');
    expect(denied.status).toBe(401);
    expect(String(errorOf(denied.json))).toMatch(/permission denied/i);
    const deniedWrite = await rest(target, ns, 'PUT', 'private/ala/secret', { body: 2 });
    expect(deniedWrite.status).toBe(401);
    expect(String(errorOf(deniedWrite.json))).toMatch(/permission denied/i);
    expect((await admin.db.ref('private/ala/secret').once('value')).val()).toBe(1);
  });

  it('auth= with an emulator ID token is the signed-in user in rules', async () => {
    const ala = mockIdToken(ns, 'ala');
    const ola = mockIdToken(ns, 'ola');
    expect((await rest(target, ns, 'GET', 'private/ala', { params: { auth: ala } })).json).toEqual({ secret: 1 });
    expect((await rest(target, ns, 'GET', 'private/ala', { params: { auth: ola } })).status).toBe(401);
    const write = await rest(target, ns, 'PUT', 'private/ala/secret', { body: 3, params: { auth: ala } });
    expect(write.status).toBe(200);
    expect((await admin.db.ref('private/ala/secret').once('value')).val()).toBe(3);
  });

  it('Authorization: Bearer works the same, including custom claims in auth.token', async () => {
    const ala = mockIdToken(ns, 'ala');
    const got = await rest(target, ns, 'GET', 'private/ala', { headers: { Authorization: `Bearer ${ala}` } });
    expect(got.status).toBe(200);
    await admin.db.ref('staff/list').set({ x: 1 });
    const plain = await rest(target, ns, 'GET', 'staff', { headers: { Authorization: `Bearer ${ala}` } });
    expect(plain.status).toBe(401);
    const staff = mockIdToken(ns, 'ela', { staff: true });
    const withClaim = await rest(target, ns, 'GET', 'staff', { headers: { Authorization: `Bearer ${staff}` } });
    expect(withClaim.status).toBe(200);
    expect(withClaim.json).toEqual({ list: { x: 1 } });
  });

  it('an unparseable auth token is refused with 401 and an error body', async () => {
    const response = await rest(target, ns, 'GET', 'public/x', { params: { auth: 'not-a-token' } });
    expect(response.status).toBe(401);
    expect(typeof errorOf(response.json)).toBe('string');
  });

  it('a write that fails .validate is 401 Permission denied', async () => {
    expect((await rest(target, ns, 'PUT', 'checked/a', { body: 1 })).status).toBe(200);
    const refused = await rest(target, ns, 'PUT', 'checked/b', { body: 'text' });
    expect(refused.status).toBe(401);
    expect(String(errorOf(refused.json))).toMatch(/permission denied/i);
    const patch = await rest(target, ns, 'PATCH', 'checked', { body: { c: 3, d: 'x' } });
    expect(patch.status).toBe(401);
    expect((await admin.db.ref('checked').once('value')).val()).toEqual({ a: 1 });
  });

  it('query-based rules over REST: the filtered read is allowed, the unfiltered one is 401', async () => {
    await admin.db.ref('orders').set({ o1: { uid: 'ala' }, o2: { uid: 'ola' } });
    const ala = mockIdToken(ns, 'ala');
    const mine = await rest(target, ns, 'GET', 'orders', { params: { auth: ala, orderBy: '"uid"', equalTo: '"ala"' } });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toEqual({ o1: { uid: 'ala' } });
    expect((await rest(target, ns, 'GET', 'orders', { params: { auth: ala } })).status).toBe(401);
    expect(
      (await rest(target, ns, 'GET', 'orders', { params: { auth: ala, orderBy: '"uid"', equalTo: '"ola"' } })).status,
    ).toBe(401);
  });

  it('the owner credential bypasses rules (auth=owner and Bearer owner)', async () => {
    expect((await rest(target, ns, 'GET', 'private/ala', { params: { auth: 'owner' } })).status).toBe(200);
    expect((await rest(target, ns, 'GET', 'staff', { headers: { Authorization: 'Bearer owner' } })).status).toBe(200);
    expect((await rest(target, ns, 'PUT', 'anywhere/at/all', { body: 1, params: { auth: 'owner' } })).status).toBe(200);
  });
});

describe('errors', () => {
  it('a body that is not JSON is 400 with an error message', async () => {
    const bad = await rest(target, ns, 'PUT', 'public/bad', { rawBody: '{not json' });
    expect(bad.status).toBe(400);
    expect(typeof errorOf(bad.json)).toBe('string');
    expect(String(errorOf(bad.json)).length).toBeGreaterThan(0);
  });

  it('PATCH with a body that is not an object is 400', async () => {
    const bad = await rest(target, ns, 'PATCH', 'public/bad', { body: 5 });
    expect(bad.status).toBe(400);
    expect(typeof errorOf(bad.json)).toBe('string');
  });

  it('invalid keys in the data are refused: . # $ / [ ] , empty, control characters', async () => {
    for (const key of ['a.b', 'a#b', 'a$b', 'a/b', 'a[b', 'a]b', '', 'bell\u0007', 'tab\t']) {
      const response = await rest(target, ns, 'PUT', 'public/keys', { body: { ok: 1, nested: { [key]: 1 } } });
      expect(response.status, `key ${JSON.stringify(key)}`).toBe(400);
      expect(typeof errorOf(response.json), `key ${JSON.stringify(key)}`).toBe('string');
    }
    expect((await rest(target, ns, 'GET', 'public/keys')).json).toBeNull();
    // PATCH keys are paths, so '/' is allowed there, but the segments are still checked.
    expect((await rest(target, ns, 'PATCH', 'public/keys', { body: { 'x/y': 1 } })).status).toBe(200);
    expect((await rest(target, ns, 'PATCH', 'public/keys', { body: { 'x/y.z': 1 } })).status).toBe(400);
  });

  it('invalid characters in the URL path are refused', async () => {
    for (const segment of ['a$b', 'a%23b', 'a[b]', 'a.b']) {
      const response = await fetch(`${target.origin}/public/${segment}.json?ns=${ns}`, { method: 'PUT', body: '1' });
      expect(response.status, segment).toBe(400);
      await response.text();
    }
  });

  it('a key longer than 768 bytes and a path deeper than 32 levels are refused', async () => {
    const okKey = 'k'.repeat(768);
    expect((await rest(target, ns, 'PUT', 'public/long', { body: { [okKey]: 1 } })).status).toBe(200);
    expect((await rest(target, ns, 'PUT', 'public/long', { body: { ['k'.repeat(769)]: 1 } })).status).toBe(400);
    // 'ż' is two UTF-8 bytes: 385 of them are 770 bytes although only 385 characters.
    expect((await rest(target, ns, 'PUT', 'public/long', { body: { ['ż'.repeat(385)]: 1 } })).status).toBe(400);
    let deep: unknown = 1;
    for (let i = 0; i < 40; i += 1) deep = { d: deep };
    expect((await rest(target, ns, 'PUT', 'public/deep', { body: deep })).status).toBe(400);
    let fine: unknown = 1;
    for (let i = 0; i < 20; i += 1) fine = { d: fine };
    expect((await rest(target, ns, 'PUT', 'public/deep', { body: fine })).status).toBe(200);
  });

  it('a string over 10 MB of UTF-8 is refused; 2 MB is accepted', async () => {
    await expectRefusedPut('public/huge', OVER_10_MB);
    // Fewer than 10 M characters but more than 10 MB once encoded: the limit counts bytes.
    const multiByte = 'ą'.repeat(5 * 1024 * 1024 + 1);
    expect((await rest(target, ns, 'PUT', 'public/huge', { body: { text: multiByte } })).status).toBe(400);
    expect((await rest(target, ns, 'GET', 'public/huge')).json).toBeNull();
    const fine = bigString(2 * 1024 * 1024);
    expect((await rest(target, ns, 'PUT', 'public/huge', { body: fine, params: { print: 'silent' } })).status).toBe(
      204,
    );
    expect((await admin.db.ref('public/huge').once('value')).val()).toBe(fine);
  });
});

describe('priorities', () => {
  it('a priority is a string, a finite number or null: other types are 400', async () => {
    expect((await rest(target, ns, 'PUT', 'public/prio', { body: 'x' })).status).toBe(200);
    for (const bad of [true, { a: 1 }, [1], { '.sv': 'nonsense' }]) {
      await expectRefusedPut('public/prio/.priority', bad);
      expect(
        (await rest(target, ns, 'PUT', 'public/prio', { body: { '.value': 'x', '.priority': bad } })).status,
        JSON.stringify(bad),
      ).toBe(400);
    }
    for (const good of ['p', 1.5, null]) {
      const put = await rest(target, ns, 'PUT', 'public/prio/.priority', { body: good });
      expect(put.status, JSON.stringify(good)).toBe(200);
      expect((await rest(target, ns, 'GET', 'public/prio/.priority')).json).toBe(good);
    }
    expect((await rest(target, ns, 'GET', 'public/prio', { params: { format: 'export' } })).json).toBe('x');
  });

  it('a priority string over 10 MB of UTF-8 is refused like a value string', async () => {
    expect((await rest(target, ns, 'PUT', 'public/bigPrio', { body: 'x' })).status).toBe(200);
    await expectRefusedPut('public/bigPrio/.priority', OVER_10_MB);
    expect((await rest(target, ns, 'PATCH', 'public/bigPrio', { body: { '.priority': OVER_10_MB } })).status).toBe(400);
    expect(
      (
        await rest(target, ns, 'PUT', 'public', {
          body: { bigPrio: { '.value': 'x', '.priority': OVER_10_MB } },
          params: { print: 'silent' },
        })
      ).status,
    ).toBe(400);
    expect((await rest(target, ns, 'GET', 'public/bigPrio', { params: { format: 'export' } })).json).toBe('x');
  });
});

describe('CORS', () => {
  it('a preflight is answered with the allow headers a browser needs', async () => {
    const response = await fetch(restUrl(target, ns, 'public/cors'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    await response.text();
    expect([200, 204]).toContain(response.status);
    expect(['*', 'http://localhost:5173']).toContain(response.headers.get('access-control-allow-origin'));
    expect((response.headers.get('access-control-allow-methods') ?? '').toUpperCase()).toContain('PUT');
  });

  it('ordinary responses carry Access-Control-Allow-Origin', async () => {
    const response = await fetch(restUrl(target, ns, 'public/cors'), { headers: { Origin: 'http://localhost:5173' } });
    await response.text();
    expect(['*', 'http://localhost:5173']).toContain(response.headers.get('access-control-allow-origin'));
  });
});

describe('namespaces', () => {
  it('the same path in two namespaces holds different data', async () => {
    const other = uniqueNs('rest-other');
    await rest(target, other, 'PUT', 'shared/x', { body: 'other', params: { auth: 'owner' } });
    await rest(target, ns, 'PUT', 'public/x', { body: 'mine' });
    expect((await rest(target, other, 'GET', 'shared/x', { params: { auth: 'owner' } })).json).toBe('other');
    expect((await rest(target, ns, 'GET', 'shared/x', { params: { auth: 'owner' } })).json).toBeNull();
    expect((await rest(target, other, 'GET', 'public/x', { params: { auth: 'owner' } })).json).toBeNull();
  });
});

interface EventStream {
  status: number;
  /** Why the server is not streaming (then the other fields are unused). */
  notStreaming?: string;
  events: StreamEvent[];
  readUntil(predicate: () => boolean): Promise<void>;
  close(): Promise<void>;
}

async function openStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const type = response.headers.get('content-type') ?? '';
  const events: StreamEvent[] = [];
  if (!type.startsWith('text/event-stream')) {
    const text = await response.text();
    return {
      status: response.status,
      notStreaming: `status ${response.status}, content-type "${type}", body ${text.slice(0, 100)}`,
      events,
      readUntil: async () => {},
      close: async () => {},
    };
  }
  const reader = response.body!.getReader();
  const read = eventStreamReader(events);
  return {
    status: response.status,
    events,
    async readUntil(predicate) {
      while (!predicate()) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended; events so far: ${JSON.stringify(events)}`);
        read(value);
      }
    },
    async close() {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
}

describe('event stream', () => {
  it('Accept: text/event-stream sends the current value then later changes', async (context) => {
    await admin.db.ref('public/stream').set({ a: 1 });
    const stream = await openStream(restUrl(target, ns, 'public/stream'));
    if (stream.notStreaming) {
      context.skip(`server does not stream (${stream.notStreaming})`);
      return;
    }
    const changes = () => stream.events.filter((e) => e.event === 'put' || e.event === 'patch');
    try {
      await stream.readUntil(() => changes().length >= 1);
      expect(changes()[0]).toEqual({ event: 'put', data: { path: '/', data: { a: 1 } } });
      await admin.db.ref('public/stream/b').set(2);
      await stream.readUntil(() => changes().length >= 2);
      const change = changes()[1];
      expect(change.data).toEqual(change.event === 'put' ? { path: '/b', data: 2 } : { path: '/', data: { b: 2 } });
      await admin.db.ref('public/stream').update({ a: null, c: 3 });
      await stream.readUntil(() => changes().length >= 3);
      const merge = changes()[2];
      expect(merge.event).toBe('patch');
      expect(merge.data).toEqual({ path: '/', data: { a: null, c: 3 } });
    } finally {
      await stream.close();
    }
  });

  it('a stream honours auth: denied without a token, allowed with one', async (context) => {
    await admin.db.ref('private/ala').set({ secret: 1 });
    const denied = await openStream(restUrl(target, ns, 'private/ala'));
    try {
      if (denied.notStreaming && denied.status !== 401) {
        context.skip(`server does not stream (${denied.notStreaming})`);
        return;
      }
      // Refused up front (401), or a stream that is cancelled before it carries any data.
      if (!denied.notStreaming) {
        await denied.readUntil(() => denied.events.some((e) => e.event === 'cancel' || e.event === 'put'));
        expect(denied.events.map((e) => e.event).filter((e) => e !== 'keep-alive')).toEqual(['cancel']);
      }
    } finally {
      await denied.close();
    }
    const allowed = await openStream(restUrl(target, ns, 'private/ala', { auth: mockIdToken(ns, 'ala') }));
    try {
      expect(allowed.notStreaming).toBeUndefined();
      await allowed.readUntil(() => allowed.events.some((e) => e.event === 'put'));
      expect(allowed.events.find((e) => e.event === 'put')!.data).toEqual({ path: '/', data: { secret: 1 } });
    } finally {
      await allowed.close();
    }
  });

  it('a stream whose read access is taken away by new rules gets a cancel event', async (context) => {
    const other = uniqueNs('rest-stream');
    expect((await putRules(target, other, JSON.stringify({ rules: { feed: { '.read': true } } }))).status).toBe(200);
    await rest(target, other, 'PUT', 'feed', { body: { x: 1 }, params: { auth: 'owner' } });
    const stream = await openStream(restUrl(target, other, 'feed'));
    if (stream.notStreaming) {
      context.skip(`server does not stream (${stream.notStreaming})`);
      return;
    }
    try {
      await stream.readUntil(() => stream.events.some((e) => e.event === 'put'));
      expect((await putRules(target, other, JSON.stringify({ rules: { feed: { '.read': false } } }))).status).toBe(200);
      await stream.readUntil(() => stream.events.some((e) => e.event === 'cancel'));
    } finally {
      await stream.close();
    }
  });
});
