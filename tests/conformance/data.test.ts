// Data semantics through the web SDK and the Admin SDK: writes, reads, events, priorities, arrays,
// null deletes, pruning, server values and large messages split into frames.
import { afterAll, describe, expect, it } from 'vitest';
import {
  child,
  endAt,
  get,
  goOffline,
  goOnline,
  increment,
  limitToFirst,
  onChildAdded,
  onChildChanged,
  onChildMoved,
  onChildRemoved,
  onValue,
  orderByPriority,
  push,
  query,
  ref,
  remove,
  serverTimestamp,
  set,
  setPriority,
  setWithPriority,
  startAt,
  update,
  type DataSnapshot,
} from 'firebase/database';
import {
  bigString,
  closeAll,
  namespaceUnderTest,
  openNamespace,
  rest,
  uniqueNs,
  waitUntil,
  webClient,
  withWebClient,
} from '../helpers/rtdb.js';

// The file's namespace on its own target, started as the file loads (a constant of the file).
const { target, ns, admin } = await namespaceUnderTest('data');
const a = webClient(target, ns);
const b = webClient(target, ns);

afterAll(() => closeAll(target, a, b, admin));

/** Reads through a second connection so the answer comes from the server, not A's cache. */
async function serverVal(path: string): Promise<unknown> {
  return (await admin.db.ref(path).once('value')).val();
}

describe('writes and reads', () => {
  it('set then get from another connection returns the same JSON', async () => {
    const value = { name: 'Gdańsk', n: 1.5, ok: true, nested: { deep: { x: 'y' } } };
    await set(ref(a.db, 'basic/one'), value);
    expect((await get(ref(b.db, 'basic/one'))).val()).toEqual(value);
    expect(await serverVal('basic/one')).toEqual(value);
  });

  it('set replaces the whole node, update merges children', async () => {
    await set(ref(a.db, 'merge'), { a: 1, b: 2, c: { d: 3 } });
    await set(ref(a.db, 'merge'), { a: 10 });
    expect(await serverVal('merge')).toEqual({ a: 10 });
    await update(ref(a.db, 'merge'), { b: 20, c: { e: 5 } });
    expect(await serverVal('merge')).toEqual({ a: 10, b: 20, c: { e: 5 } });
  });

  it('multi-path update writes deep paths atomically and null in it deletes', async () => {
    await set(ref(a.db, 'multi'), { x: { keep: 1, drop: 2 }, y: { v: 1 } });
    await update(ref(a.db, 'multi'), { 'x/drop': null, 'x/added': 'ok', 'y/v': 2, 'z/new/deep': true });
    expect(await serverVal('multi')).toEqual({ x: { keep: 1, added: 'ok' }, y: { v: 2 }, z: { new: { deep: true } } });
  });

  it('a multi-path update is seen by another client as one change (no intermediate value)', async () => {
    await set(ref(a.db, 'atomic'), { p: 0, q: 0 });
    const seen: unknown[] = [];
    const off = onValue(ref(b.db, 'atomic'), (s) => seen.push(s.val()));
    await waitUntil(() => seen.length > 0 && JSON.stringify(seen.at(-1)) === '{"p":0,"q":0}', 'initial value');
    await update(ref(a.db, 'atomic'), { p: 1, q: 1 });
    await waitUntil(() => JSON.stringify(seen.at(-1)) === '{"p":1,"q":1}', 'updated value');
    off();
    expect(seen.map((v) => JSON.stringify(v))).not.toContain('{"p":1,"q":0}');
    expect(seen.map((v) => JSON.stringify(v))).not.toContain('{"p":0,"q":1}');
  });

  it('remove deletes, and removing the last child prunes empty parents', async () => {
    await set(ref(a.db, 'prune/a/b/c'), 1);
    await set(ref(a.db, 'prune/sibling'), 1);
    await remove(ref(a.db, 'prune/a/b/c'));
    expect(await serverVal('prune')).toEqual({ sibling: 1 });
    expect((await admin.db.ref('prune/a').once('value')).exists()).toBe(false);
  });

  it('set(null) deletes and empty objects are never stored', async () => {
    await set(ref(a.db, 'nulls'), { a: 1, b: {}, c: { d: {} }, e: null });
    expect(await serverVal('nulls')).toEqual({ a: 1 });
    await set(ref(a.db, 'nulls/a'), null);
    expect(await serverVal('nulls')).toBeNull();
    const viaRest = await rest(target, ns, 'GET', 'nulls', { params: { auth: 'owner' } });
    expect(viaRest.json).toBeNull();
  });

  it('arrays are stored as objects keyed by index; sparse arrays come back as objects', async () => {
    await set(ref(a.db, 'arrays/dense'), ['a', 'b', 'c']);
    // The stored form is an object with integer keys: REST shallow shows the keys.
    const shallow = await rest(target, ns, 'GET', 'arrays/dense', { params: { shallow: 'true', auth: 'owner' } });
    expect(shallow.json).toEqual({ 0: true, 1: true, 2: true });
    await update(ref(a.db, 'arrays/dense'), { 3: 'd' });
    expect((await get(ref(b.db, 'arrays/dense/3'))).val()).toBe('d');
    await set(ref(a.db, 'arrays/sparse'), { 0: 'a', 7: 'h' });
    expect(await serverVal('arrays/sparse')).toEqual({ 0: 'a', 7: 'h' });
    await set(ref(a.db, 'arrays/withNull'), ['a', null, 'c']);
    const stored = await serverVal('arrays/withNull');
    // The SDK turns mostly-dense integer-keyed objects back into arrays with holes.
    expect(stored).toEqual(['a', undefined, 'c']);
    expect((await admin.db.ref('arrays/withNull/1').once('value')).exists()).toBe(false);
  });

  it('writing below a leaf turns it into an object; writing a leaf over an object replaces it', async () => {
    await set(ref(a.db, 'under'), 'leaf');
    await set(ref(a.db, 'under/child'), 1);
    expect(await serverVal('under')).toEqual({ child: 1 });
    await set(ref(a.db, 'under2'), 5);
    await update(ref(a.db, 'under2'), { 'x/y': 'deep' });
    expect(await serverVal('under2')).toEqual({ x: { y: 'deep' } });
    await set(ref(a.db, 'under2'), true);
    expect(await serverVal('under2')).toBe(true);
  });

  it('concurrent writers to one path: every client converges on the value the server kept', async () => {
    const writers = Array.from({ length: 8 }, () => webClient(target, ns));
    try {
      const finals: unknown[] = [undefined, undefined];
      const offs = [a, b].map((client, index) =>
        onValue(ref(client.db, 'race/value'), (s) => {
          finals[index] = s.val();
        }),
      );
      await Promise.all(
        writers.map(async (writer, w) => {
          for (let i = 0; i < 15; i += 1) await set(ref(writer.db, 'race/value'), `w${w}-${i}`);
        }),
      );
      const kept = await serverVal('race/value');
      await waitUntil(() => finals[0] === kept && finals[1] === kept, `listeners converge on ${String(kept)}`);
      offs.forEach((off) => off());
      // Each writer's own last write is what it saw acknowledged; the server kept one of them.
      expect(writers.map((_, w) => `w${w}-14`)).toContain(kept);
    } finally {
      await Promise.all(writers.map((w) => w.close()));
    }
  });

  it('push creates 20-character chronological ids that sort in creation order', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = push(ref(a.db, 'pushes'));
      await set(r, { i });
      keys.push(r.key!);
    }
    for (const key of keys) expect(key).toMatch(/^[-0-9A-Za-z_]{20}$/);
    expect([...keys].sort()).toEqual(keys);
    const snapshot = await get(ref(b.db, 'pushes'));
    const order: number[] = [];
    snapshot.forEach((c) => {
      order.push(c.val().i);
    });
    expect(order).toEqual([0, 1, 2, 3, 4]);
    const viaAdmin = await admin.db.ref('pushes').push({ by: 'admin' });
    expect(viaAdmin.key).toMatch(/^[-0-9A-Za-z_]{20}$/);
    expect(await serverVal(`pushes/${viaAdmin.key}`)).toEqual({ by: 'admin' });
  });

  it('once / get on a missing path resolve with a non-existent snapshot', async () => {
    const snapshot = await get(ref(b.db, 'missing/nothing/here'));
    expect(snapshot.exists()).toBe(false);
    expect(snapshot.val()).toBeNull();
    expect((await admin.db.ref('missing/too').once('value')).val()).toBeNull();
  });

  it('leaf types round-trip: strings, integers, floats, negatives, booleans, unicode keys', async () => {
    const value = {
      s: 'zażółć gęślą jaźń',
      i: 42,
      f: -0.125,
      big: 9007199254740991,
      t: true,
      f2: false,
      'klucz ąę': 'ok',
      e: 1e-7,
    };
    await set(ref(a.db, 'types'), value);
    expect(await serverVal('types')).toEqual(value);
  });
});

describe('events', () => {
  it('onValue delivers the initial value and every later change pushed by the server', async () => {
    await set(ref(a.db, 'ev/value'), 1);
    const seen: unknown[] = [];
    const off = onValue(ref(b.db, 'ev/value'), (s) => seen.push(s.val()));
    await waitUntil(() => seen.length === 1, 'initial value');
    await set(ref(a.db, 'ev/value'), 2);
    await waitUntil(() => seen.length === 2, 'second value');
    await admin.db.ref('ev/value').set({ obj: true });
    await waitUntil(() => seen.length === 3, 'third value');
    await remove(ref(a.db, 'ev/value'));
    await waitUntil(() => seen.length === 4, 'removal');
    off();
    expect(seen).toEqual([1, 2, { obj: true }, null]);
  });

  it('child_added / child_changed / child_removed / child_moved fire with the right keys and prevKey', async () => {
    await set(ref(a.db, 'ev/children'), { a: { n: 1 }, b: { n: 2 } });
    const log: string[] = [];
    const q = ref(b.db, 'ev/children');
    const offs = [
      onChildAdded(q, (s, prev) => log.push(`added ${s.key} after ${prev}`)),
      onChildChanged(q, (s) => log.push(`changed ${s.key} ${JSON.stringify(s.val())}`)),
      onChildRemoved(q, (s) => log.push(`removed ${s.key} ${JSON.stringify(s.val())}`)),
      onChildMoved(q, (s, prev) => log.push(`moved ${s.key} after ${prev}`)),
    ];
    await waitUntil(() => log.length === 2, 'initial children');
    expect(log).toEqual(['added a after null', 'added b after a']);
    log.length = 0;
    await set(ref(a.db, 'ev/children/c'), { n: 3 });
    await waitUntil(() => log.length === 1, 'child c');
    await update(ref(a.db, 'ev/children/a'), { n: 10 });
    await waitUntil(() => log.length === 2, 'a changed');
    await remove(ref(a.db, 'ev/children/b'));
    await waitUntil(() => log.length === 3, 'b removed');
    // Priority changes reorder children of a default-ordered (priority) listener.
    await setPriority(ref(a.db, 'ev/children/a'), 5);
    await waitUntil(() => log.length === 5, 'a moved');
    offs.forEach((off) => off());
    expect(log).toEqual([
      'added c after b',
      'changed a {"n":10}',
      'removed b {"n":2}',
      'moved a after c',
      'changed a {"n":10}',
    ]);
  });

  it('a listener on a deep path sees writes made at an ancestor and at a descendant', async () => {
    const seen: unknown[] = [];
    const off = onValue(ref(b.db, 'ev/deep/x/y'), (s) => seen.push(s.val()));
    await waitUntil(() => seen.length === 1, 'initial');
    await set(ref(a.db, 'ev/deep'), { x: { y: { z: 1 } } });
    await waitUntil(() => seen.length === 2, 'ancestor write');
    await set(ref(a.db, 'ev/deep/x/y/z'), 2);
    await waitUntil(() => seen.length === 3, 'descendant write');
    await update(ref(a.db, 'ev'), { 'deep/x/y/w': 3 });
    await waitUntil(() => seen.length === 4, 'merge at ancestor');
    off();
    expect(seen).toEqual([null, { z: 1 }, { z: 2 }, { z: 2, w: 3 }]);
  });
});

describe('the root', () => {
  it('set and update at the root keep other top-level children as the real database does', async () => {
    const other = uniqueNs('data-root');
    await openNamespace(target, other);
    const client = webClient(target, other);
    const watcher = webClient(target, other);
    try {
      const seen: unknown[] = [];
      const off = onValue(ref(watcher.db), (s) => seen.push(s.val()));
      await waitUntil(() => seen.length === 1, 'initial root value');
      await set(ref(client.db), { a: 1, b: { c: 2 } });
      await update(ref(client.db), { 'b/d': 3, e: 4 });
      await waitUntil(
        () => JSON.stringify(seen.at(-1)) === JSON.stringify({ a: 1, b: { c: 2, d: 3 }, e: 4 }),
        'root after update',
      );
      await set(ref(client.db), null);
      await waitUntil(() => seen.at(-1) === null, 'root cleared');
      off();
      expect(seen[0]).toBeNull();
    } finally {
      await Promise.all([client.close(), watcher.close()]);
    }
  });
});

describe('reconnecting', () => {
  it('a listener that was offline gets the changes made meanwhile when it comes back', async () => {
    await withWebClient(target, ns, async (client) => {
      await admin.db.ref('reconnect').set({ v: 1 });
      const seen: unknown[] = [];
      const off = onValue(ref(client.db, 'reconnect'), (s) => seen.push(s.val()));
      await waitUntil(() => seen.length === 1, 'initial value');
      goOffline(client.db);
      await admin.db.ref('reconnect/v').set(2);
      // The client re-listens with the hash of its cached data; a server that skipped sending
      // because it compared hashes wrongly would leave the client at {v: 1}.
      goOnline(client.db);
      await waitUntil(() => JSON.stringify(seen.at(-1)) === '{"v":2}', 'value after reconnect');
      // An unchanged location after another reconnect: the client keeps a correct value.
      goOffline(client.db);
      goOnline(client.db);
      await admin.db.ref('reconnect/w').set(3);
      await waitUntil(() => JSON.stringify(seen.at(-1)) === '{"v":2,"w":3}', 'value after second reconnect');
      off();
      expect(seen).toEqual([{ v: 1 }, { v: 2 }, { v: 2, w: 3 }]);
    });
  });
});

describe('listeners across leaf / object replacements', () => {
  it('a listener below a leaf sees null, then data when the leaf becomes an object, then null again', async () => {
    await set(ref(a.db, 'shape'), 'just a string');
    const seen: unknown[] = [];
    const off = onValue(ref(b.db, 'shape/inner/x'), (s) => seen.push(s.val()));
    await waitUntil(() => seen.length === 1, 'initial');
    await set(ref(a.db, 'shape'), { inner: { x: 1 } });
    await waitUntil(() => seen.length === 2, 'object replaced the leaf');
    await set(ref(a.db, 'shape/inner'), 7);
    await waitUntil(() => seen.length === 3, 'leaf replaced the object');
    await update(ref(a.db, 'shape'), { inner: { x: 2, y: 3 } });
    await waitUntil(() => seen.length === 4, 'merge recreated it');
    await update(ref(a.db, '/'), { 'shape/inner/x': null });
    await waitUntil(() => seen.length === 5, 'merge at the root deleted it');
    off();
    expect(seen).toEqual([null, 1, null, 2, null]);
  });

  it('a default listener and a query listener on the same path in one client both stay correct', async () => {
    await admin.db.ref('both').set({ a: 1, b: 2, c: 3 });
    let all: unknown;
    let firstTwo: string[] = [];
    const offAll = onValue(ref(b.db, 'both'), (s) => {
      all = s.val();
    });
    const offQuery = onValue(query(ref(b.db, 'both'), limitToFirst(2)), (s) => {
      const keys: string[] = [];
      s.forEach((c) => {
        keys.push(c.key!);
      });
      firstTwo = keys;
    });
    await waitUntil(() => all !== undefined && firstTwo.length === 2, 'both listeners');
    await admin.db.ref('both/a').remove();
    await waitUntil(() => firstTwo.join() === 'b,c', 'query after removing a');
    // Without the default listener the query must keep getting its window from the server.
    offAll();
    await admin.db.ref('both/0').set(0);
    await waitUntil(() => firstTwo.join() === '0,b', 'query alone after a new first child');
    await admin.db.ref('both/b').remove();
    await waitUntil(() => firstTwo.join() === '0,c', 'query alone after a removal inside its window');
    offQuery();
  });
});

describe('priorities', () => {
  it('setWithPriority / setPriority are stored and returned; REST format=export shows .priority', async () => {
    await setWithPriority(ref(a.db, 'prio/a'), 'A', 3);
    await setWithPriority(ref(a.db, 'prio/b'), { v: 'B' }, 'str');
    await set(ref(a.db, 'prio/c'), 'C');
    await setPriority(ref(a.db, 'prio/c'), 1);
    const snapshot = await get(ref(b.db, 'prio'));
    expect(snapshot.child('a').priority).toBe(3);
    expect(snapshot.child('b').priority).toBe('str');
    expect(snapshot.child('c').priority).toBe(1);
    expect(snapshot.exportVal()).toEqual({
      a: { '.value': 'A', '.priority': 3 },
      b: { v: 'B', '.priority': 'str' },
      c: { '.value': 'C', '.priority': 1 },
    });
    const exported = await rest(target, ns, 'GET', 'prio', { params: { format: 'export', auth: 'owner' } });
    expect(exported.json).toEqual({
      a: { '.value': 'A', '.priority': 3 },
      b: { v: 'B', '.priority': 'str' },
      c: { '.value': 'C', '.priority': 1 },
    });
  });

  it('orderByPriority on the server: null priority first, then numbers, then strings, key tie-break', async () => {
    await admin.db.ref('prio2').set({
      n1: { '.value': 1 },
      p5: { '.value': 1, '.priority': 5 },
      p1: { '.value': 1, '.priority': 1 },
      p1b: { '.value': 1, '.priority': 1 },
      s: { '.value': 1, '.priority': 'a' },
    });
    const first3 = await get(query(ref(b.db, 'prio2'), orderByPriority(), limitToFirst(3)));
    const keys: string[] = [];
    first3.forEach((c) => {
      keys.push(c.key!);
    });
    expect(keys).toEqual(['n1', 'p1', 'p1b']);
    const range = await get(query(ref(b.db, 'prio2'), orderByPriority(), startAt(1, 'p1b'), endAt('a')));
    const rangeKeys: string[] = [];
    range.forEach((c) => {
      rangeKeys.push(c.key!);
    });
    expect(rangeKeys).toEqual(['p1b', 'p5', 's']);
  });

  it('writing a value without priority clears the priority', async () => {
    await setWithPriority(ref(a.db, 'prio3'), 'x', 9);
    await set(ref(a.db, 'prio3'), 'y');
    const snapshot = await admin.db.ref('prio3').once('value');
    expect(snapshot.getPriority()).toBeNull();
  });

  it('a server timestamp is a valid priority (setPriority, setWithPriority, update of <key>/.priority)', async () => {
    const before = Date.now();
    // The SDK's runtime check (validatePriority) takes "a string, finite number, server value, or
    // null"; its type says string | number | null.
    const serverTime = serverTimestamp() as unknown as number;
    await set(ref(a.db, 'prio4/a'), 'A');
    await setPriority(ref(a.db, 'prio4/a'), serverTime);
    await setWithPriority(ref(a.db, 'prio4/b'), 'B', serverTime);
    await set(ref(a.db, 'prio4/c'), 'C');
    await update(ref(a.db, 'prio4'), { 'c/.priority': serverTimestamp() });
    const snapshot = await admin.db.ref('prio4').once('value');
    for (const key of ['a', 'b', 'c']) {
      const priority = snapshot.child(key).getPriority();
      expect(typeof priority, key).toBe('number');
      expect(priority as number, key).toBeGreaterThanOrEqual(before - 60_000);
      expect(priority as number, key).toBeLessThanOrEqual(Date.now() + 60_000);
    }
  });

  it('a priority on an empty location stores nothing', async () => {
    await setPriority(ref(a.db, 'prio5/nothing'), 4).catch(() => undefined);
    await rest(target, ns, 'PUT', 'prio5/nothing/.priority', { body: 'p' });
    const exported = await rest(target, ns, 'GET', 'prio5', { params: { format: 'export', auth: 'owner' } });
    expect(exported.json).toBeNull();
  });
});

describe('server values', () => {
  it('serverTimestamp resolves on the server to the server time', async () => {
    const before = Date.now();
    await set(ref(a.db, 'sv/ts'), { at: serverTimestamp() });
    const stored = (await serverVal('sv/ts')) as { at: number };
    expect(typeof stored.at).toBe('number');
    // Same machine: the server clock and ours agree to within a generous bound.
    expect(Math.abs(stored.at - before)).toBeLessThan(60_000);
    const viaB = (await get(ref(b.db, 'sv/ts/at'))).val();
    expect(viaB).toBe(stored.at);
  });

  it('increment adds on the server, starts from 0 on a missing node and replaces non-numbers', async () => {
    await set(ref(a.db, 'sv/inc'), 5);
    await Promise.all([set(ref(a.db, 'sv/inc'), increment(2)), set(ref(b.db, 'sv/inc'), increment(3))]);
    expect(await serverVal('sv/inc')).toBe(10);
    await set(ref(a.db, 'sv/fresh'), increment(4));
    expect(await serverVal('sv/fresh')).toBe(4);
    await set(ref(a.db, 'sv/str'), 'text');
    await set(ref(a.db, 'sv/str'), increment(1.5));
    expect(await serverVal('sv/str')).toBe(1.5);
    await update(ref(a.db, 'sv'), { inc: increment(-10), 'multi/x': increment(1), stamp: serverTimestamp() });
    const all = (await serverVal('sv')) as Record<string, unknown>;
    expect(all.inc).toBe(0);
    expect(all.multi).toEqual({ x: 1 });
    expect(typeof all.stamp).toBe('number');
  });

  it('server values work through REST', async () => {
    const put = await rest(target, ns, 'PUT', 'sv/rest', {
      body: { at: { '.sv': 'timestamp' }, n: { '.sv': { increment: 2 } } },
      params: { auth: 'owner' },
    });
    expect(put.status).toBe(200);
    const stored = (await serverVal('sv/rest')) as { at: number; n: number };
    expect(typeof stored.at).toBe('number');
    expect(stored.n).toBe(2);
    expect(put.json).toEqual(stored);
  });
});

describe('large messages (frames over 16384 characters)', () => {
  it('a large string travels client → server → another client intact', async () => {
    const big = bigString(200_000);
    await set(ref(a.db, 'large/str'), big);
    const seen = await get(ref(b.db, 'large/str'));
    expect(seen.val()).toBe(big);
    expect(await serverVal('large/str')).toBe(big);
  });

  it('a large object with many children is delivered to a listener, and updates on it too', async () => {
    const value: Record<string, string> = {};
    for (let i = 0; i < 500; i += 1) value[`k${i}`] = bigString(100, String(i));
    let latest: DataSnapshot | undefined;
    const off = onValue(ref(b.db, 'large/obj'), (s) => {
      latest = s;
    });
    await admin.db.ref('large/obj').set(value);
    await waitUntil(() => latest?.size === 500, 'large object delivered');
    expect(latest!.val()).toEqual(value);
    const patch: Record<string, string> = {};
    for (let i = 0; i < 300; i += 1) patch[`k${i}`] = bigString(120, `p${i}`);
    await update(ref(a.db, 'large/obj'), patch);
    await waitUntil(() => latest?.child('k299').val() === patch.k299, 'large merge delivered');
    off();
    expect(latest!.val()).toEqual({ ...value, ...patch });
  });

  it('messages right around the 16384-character frame size arrive intact in both directions', async () => {
    let latest: unknown;
    const off = onValue(ref(b.db, 'large/edge'), (s) => {
      latest = s.val();
    });
    // The request envelope adds a few dozen characters, so this range crosses 16384 (and 3 × 16384)
    // with every message length in between covered in steps of one or two.
    const lengths = [
      ...Array.from({ length: 60 }, (_, i) => 16_300 + i * 2),
      ...Array.from({ length: 20 }, (_, i) => 3 * 16_384 - 80 + i * 5),
    ];
    for (const length of lengths) {
      const value = bigString(length, 'e');
      await set(ref(a.db, 'large/edge'), value);
      await waitUntil(() => latest === value, `listener received ${length} characters`);
      expect((await get(ref(b.db, 'large/edge'))).val()).toBe(value);
    }
    off();
  });

  it('a large string written through REST is read by the SDK', async () => {
    const big = bigString(100_000, 'r');
    const put = await rest(target, ns, 'PUT', 'large/rest', { body: big, params: { auth: 'owner', print: 'silent' } });
    expect(put.status).toBe(204);
    expect((await get(child(ref(b.db, 'large'), 'rest'))).val()).toBe(big);
  });
});
