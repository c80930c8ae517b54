// Queries are evaluated on the server: a query listener receives only its window and is updated as
// children move in and out. Writes come from another connection (the Admin SDK), so what the
// listening web client sees is what the server pushed, never its own optimistic view; a barrier
// (see helpers) marks "everything written so far has been delivered".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enableLogging,
  endAt,
  endBefore,
  equalTo,
  get,
  limitToFirst,
  limitToLast,
  onChildAdded,
  onChildChanged,
  onChildMoved,
  onChildRemoved,
  onValue,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  query,
  ref,
  startAfter,
  startAt,
  type DataSnapshot,
  type Query,
  type QueryConstraint,
} from 'firebase/database';
import {
  Barrier,
  captureIndexWarnings,
  closeAll,
  namespaceUnderTest,
  nextValue,
  rest,
  waitUntil,
  webClient,
  withWebClient,
} from '../helpers/rtdb.js';

// Indexes declared so that servers which warn about (or, over REST, refuse) unindexed queries
// treat these as the indexed queries a real app would run.
const indexed = (paths: string[]) => ({ '.indexOn': paths });
const RULES = {
  rules: {
    '.read': true,
    '.write': true,
    w1: indexed(['meta/score']),
    w3: indexed(['age']),
    w5: indexed(['uid']),
    w5admin: indexed(['uid', 'n']),
    tie: indexed(['g']),
    mixedChild: indexed(['v']),
    restq: indexed(['h', 'name']),
  },
};

// The file's namespace on its own target, started as the file loads (a constant of the file).
const { target, ns, admin } = await namespaceUnderTest('queries', JSON.stringify(RULES));
const listener = webClient(target, ns);
const barrier = new Barrier(listener.db, (path, value) => admin.db.ref(path).set(value));

beforeAll(() => barrier.start());

afterAll(async () => {
  barrier.stop();
  await closeAll(target, listener, admin);
});

function keysOf(snapshot: DataSnapshot): string[] {
  const keys: string[] = [];
  snapshot.forEach((c) => {
    keys.push(c.key!);
  });
  return keys;
}

/** Records every child event and the latest value snapshot of one query. */
class QueryWatch {
  events: string[] = [];
  window: string[] | undefined;
  valueCount = 0;
  private offs: Array<() => void> = [];
  constructor(readonly q: Query) {}

  async start(): Promise<void> {
    this.offs.push(onChildAdded(this.q, (s, prev) => this.events.push(`added ${s.key} after ${prev}`)));
    this.offs.push(onChildRemoved(this.q, (s) => this.events.push(`removed ${s.key}`)));
    this.offs.push(onChildMoved(this.q, (s, prev) => this.events.push(`moved ${s.key} after ${prev}`)));
    this.offs.push(onChildChanged(this.q, (s) => this.events.push(`changed ${s.key}`)));
    this.offs.push(
      onValue(this.q, (s) => {
        this.valueCount += 1;
        this.window = keysOf(s);
      }),
    );
    await waitUntil(() => this.valueCount > 0, 'initial query value');
  }

  take(): string[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  stop(): void {
    this.offs.forEach((off) => off());
  }
}

async function write(path: string, value: unknown): Promise<void> {
  await admin.db.ref(path).set(value);
  await barrier.sync();
}

async function serverWindow(path: string, ...constraints: QueryConstraint[]): Promise<string[]> {
  // A fresh client has no cache, so get() answers from the server's evaluation of the query.
  return withWebClient(target, ns, async (fresh) => keysOf(await get(query(ref(fresh.db, path), ...constraints))));
}

describe('query windows follow later writes', () => {
  it('orderByChild on a nested path with limitToFirst: children enter, leave and move', async () => {
    await admin.db.ref('w1').set({
      a: { meta: { score: 5 } },
      b: { meta: { score: 3 } },
      c: { meta: { score: 8 } },
      d: { meta: { score: 1 } },
    });
    const watch = new QueryWatch(query(ref(listener.db, 'w1'), orderByChild('meta/score'), limitToFirst(2)));
    await watch.start();
    expect(watch.window).toEqual(['d', 'b']);
    expect(watch.take()).toEqual(['added d after null', 'added b after d']);

    await write('w1/c/meta/score', 0); // c enters at the front, b leaves
    expect(watch.window).toEqual(['c', 'd']);
    expect(watch.take()).toEqual(['removed b', 'added c after null']);

    await write('w1/d/meta/score', 10); // d leaves, b comes back
    expect(watch.window).toEqual(['c', 'b']);
    expect(watch.take()).toEqual(['removed d', 'added b after c']);

    await write('w1/b/meta/score', -1); // b moves in front of c inside the window
    expect(watch.window).toEqual(['b', 'c']);
    expect(watch.take()).toEqual(['moved b after null', 'changed b']);

    await write('w1/c', null); // c deleted, a (5) fills the window
    expect(watch.window).toEqual(['b', 'a']);
    expect(watch.take()).toEqual(['removed c', 'added a after b']);

    await write('w1/e', { meta: { score: 2 } }); // a new child pushes a out
    expect(watch.window).toEqual(['b', 'e']);
    expect(watch.take()).toEqual(['removed a', 'added e after b']);

    await write('w1/f', { other: true }); // missing child value sorts first (as null)
    expect(watch.window).toEqual(['f', 'b']);
    expect(watch.take()).toEqual(['removed e', 'added f after null']);

    await write('w1/z/meta/score', 100); // outside the window: no event at all
    expect(watch.window).toEqual(['f', 'b']);
    expect(watch.take()).toEqual([]);
    watch.stop();
  });

  it('limitToLast with orderByValue: the window is the top values and follows changes', async () => {
    await admin.db.ref('w2').set({ a: 10, b: 20, c: 30, d: 40 });
    const watch = new QueryWatch(query(ref(listener.db, 'w2'), orderByValue(), limitToLast(2)));
    await watch.start();
    expect(watch.window).toEqual(['c', 'd']);
    watch.take();

    await write('w2/a', 50); // a enters at the top, c leaves
    expect(watch.window).toEqual(['d', 'a']);
    expect(watch.take()).toEqual(['removed c', 'added a after d']);

    await write('w2/a', 5); // a drops out, c comes back
    expect(watch.window).toEqual(['c', 'd']);
    expect(watch.take()).toEqual(['removed a', 'added c after null']);

    await write('w2/d', 25); // d stays but moves below c
    expect(watch.window).toEqual(['d', 'c']);
    expect(watch.take()).toEqual(['moved d after null', 'changed d']);

    await write('w2/c', null); // c deleted: b (20) enters
    expect(watch.window).toEqual(['b', 'd']);
    expect(watch.take()).toEqual(['removed c', 'added b after null']);
    watch.stop();
  });

  it('startAt/endAt range with orderByChild: values crossing the bounds enter and leave', async () => {
    await admin.db.ref('w3').set({ a: { age: 15 }, b: { age: 25 }, c: { age: 35 } });
    const watch = new QueryWatch(query(ref(listener.db, 'w3'), orderByChild('age'), startAt(18), endAt(30)));
    await watch.start();
    expect(watch.window).toEqual(['b']);
    watch.take();

    await write('w3/a/age', 18); // at the inclusive bound: enters
    expect(watch.window).toEqual(['a', 'b']);
    expect(watch.take()).toEqual(['added a after null']);

    await write('w3/b/age', 31); // leaves over the top
    expect(watch.window).toEqual(['a']);
    expect(watch.take()).toEqual(['removed b']);

    await write('w3/c/age', 30); // enters at the top bound
    expect(watch.window).toEqual(['a', 'c']);
    expect(watch.take()).toEqual(['added c after a']);

    await write('w3/a/age', '18'); // a string sorts after every number: leaves
    expect(watch.window).toEqual(['c']);
    expect(watch.take()).toEqual(['removed a']);
    watch.stop();
  });

  it('startAfter/endBefore with limitToFirst over orderByKey', async () => {
    await admin.db.ref('w4').set({ k1: 1, k2: 2, k3: 3, k4: 4, k5: 5 });
    const watch = new QueryWatch(
      query(ref(listener.db, 'w4'), orderByKey(), startAfter('k1'), endBefore('k5'), limitToFirst(2)),
    );
    await watch.start();
    expect(watch.window).toEqual(['k2', 'k3']);
    watch.take();

    await write('w4/k2', null); // k4 slides in
    expect(watch.window).toEqual(['k3', 'k4']);
    expect(watch.take()).toEqual(['removed k2', 'added k4 after k3']);

    await write('w4/k1a', 'new'); // between k1 (excluded) and k3: enters at the front, k4 leaves
    expect(watch.window).toEqual(['k1a', 'k3']);
    expect(watch.take()).toEqual(['removed k4', 'added k1a after null']);

    await write('w4/k1', 'changed'); // the exclusive start itself never enters
    expect(watch.take()).toEqual([]);
    watch.stop();
  });

  it('equalTo on a child: only matching children, entering and leaving as the child changes', async () => {
    await admin.db.ref('w5').set({ o1: { uid: 'ala' }, o2: { uid: 'ola' }, o3: { uid: 'ala' } });
    const watch = new QueryWatch(query(ref(listener.db, 'w5'), orderByChild('uid'), equalTo('ala')));
    await watch.start();
    expect(watch.window).toEqual(['o1', 'o3']);
    watch.take();

    await write('w5/o2/uid', 'ala');
    expect(watch.window).toEqual(['o1', 'o2', 'o3']);
    expect(watch.take()).toEqual(['added o2 after o1']);

    await write('w5/o1/uid', 'ela');
    expect(watch.window).toEqual(['o2', 'o3']);
    expect(watch.take()).toEqual(['removed o1']);

    await write('w5/o4', { uid: 'ala', extra: 1 });
    expect(watch.window).toEqual(['o2', 'o3', 'o4']);
    expect(watch.take()).toEqual(['added o4 after o3']);

    await write('w5/o3/extra', 'x'); // a change inside a matching child
    expect(watch.take()).toEqual(['changed o3']);
    watch.stop();
  });

  it('limitToLast with orderByPriority follows priority changes', async () => {
    await admin.db.ref('w6').set({
      a: { '.value': 'A', '.priority': 1 },
      b: { '.value': 'B', '.priority': 2 },
      c: { '.value': 'C', '.priority': 3 },
    });
    const watch = new QueryWatch(query(ref(listener.db, 'w6'), orderByPriority(), limitToLast(2)));
    await watch.start();
    expect(watch.window).toEqual(['b', 'c']);
    watch.take();

    await admin.db.ref('w6/a').setPriority(10, () => {});
    await barrier.sync();
    expect(watch.window).toEqual(['c', 'a']);
    expect(watch.take()).toEqual(['removed b', 'added a after c']);
    watch.stop();
  });

  it('two queries on the same path with different windows are updated independently', async () => {
    await admin.db.ref('w7').set({ a: 1, b: 2, c: 3, d: 4 });
    const first = new QueryWatch(query(ref(listener.db, 'w7'), orderByValue(), limitToFirst(2)));
    const last = new QueryWatch(query(ref(listener.db, 'w7'), orderByValue(), limitToLast(2)));
    await first.start();
    await last.start();
    expect(first.window).toEqual(['a', 'b']);
    expect(last.window).toEqual(['c', 'd']);
    first.take();
    last.take();
    await write('w7/b', 9);
    expect(first.window).toEqual(['a', 'c']);
    expect(last.window).toEqual(['d', 'b']);
    expect(first.take()).toEqual(['removed b', 'added c after a']);
    expect(last.take()).toEqual(['removed c', 'added b after d']);
    first.stop();
    last.stop();
  });
});

describe('what the server sends for a query', () => {
  it('a limited query listener is sent its window, never the whole location', async () => {
    const many: Record<string, number> = {};
    for (let i = 0; i < 60; i += 1) many[`c${String(i).padStart(2, '0')}`] = i;
    await admin.db.ref('many').set(many);
    const client = webClient(target, ns);
    const pushedKeyCounts: number[] = [];
    // The SDK's own debug log shows each data push from the server; only pushes for /many count.
    enableLogging((line: string) => {
      const push = /handleServerMessage (d|m) (\{.*\})\s*$/.exec(line);
      if (!push) return;
      const body = JSON.parse(push[2]) as { p?: string; d?: unknown };
      if (body.p?.replace(/^\/+/, '') !== 'many') return;
      pushedKeyCounts.push(body.d && typeof body.d === 'object' ? Object.keys(body.d).length : 0);
    });
    try {
      let window: string[] = [];
      const off = onValue(query(ref(client.db, 'many'), orderByValue(), limitToFirst(2)), (s) => {
        window = keysOf(s);
      });
      await waitUntil(() => window.join() === 'c00,c01', 'initial window');
      await admin.db.ref('many/new').set(-1);
      await waitUntil(() => window.join() === 'new,c00', 'window after a new first child');
      await admin.db.ref('many/c30').set(100); // outside the window
      await admin.db.ref('many/c00').remove();
      await waitUntil(() => window.join() === 'new,c01', 'window after removing c00');
      off();
    } finally {
      enableLogging(false);
      await client.close();
    }
    expect(pushedKeyCounts.length).toBeGreaterThan(0);
    expect(Math.max(...pushedKeyCounts)).toBeLessThanOrEqual(3);
  });
});

describe('index warnings', () => {
  it('a listen on an unindexed child query is answered with the no_index warning; an indexed one is not', async () => {
    const { warnings, stop } = captureIndexWarnings();
    try {
      await admin.db.ref('unindexed').set({ a: { k: 1 } });
      await nextValue(query(ref(listener.db, 'unindexed'), orderByChild('k'), limitToFirst(1)));
      await nextValue(query(ref(listener.db, 'w5'), orderByChild('uid'), equalTo('nobody')));
      // Both listen answers were sent before the barrier's data on the same connection.
      await barrier.sync();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('".indexOn": "k"');
      expect(warnings[0]).toContain('/unindexed');
    } finally {
      stop();
    }
  });
});

describe('Admin SDK queries', () => {
  it("orderByChild('uid').equalTo() and limitToLast through the Admin SDK", async () => {
    await admin.db.ref('w5admin').set({ o1: { uid: 'ala', n: 1 }, o2: { uid: 'ola', n: 2 }, o3: { uid: 'ala', n: 3 } });
    const mine = await admin.db.ref('w5admin').orderByChild('uid').equalTo('ala').once('value');
    expect(Object.keys(mine.val()).sort()).toEqual(['o1', 'o3']);
    const last = await admin.db.ref('w5admin').orderByChild('n').limitToLast(1).once('value');
    expect(last.val()).toEqual({ o3: { uid: 'ala', n: 3 } });
  });
});

describe('key tie-breaks on equal values', () => {
  const setup = async () => {
    await admin.db.ref('tie').set({ a: { g: 1 }, b: { g: 1 }, c: { g: 1 }, d: { g: 2 }, z: { g: 0 } });
  };

  it('startAt / startAfter / endAt / endBefore / equalTo with a key name', async () => {
    await setup();
    const path = 'tie';
    expect(await serverWindow(path, orderByChild('g'), startAt(1, 'b'))).toEqual(['b', 'c', 'd']);
    expect(await serverWindow(path, orderByChild('g'), startAfter(1, 'b'))).toEqual(['c', 'd']);
    expect(await serverWindow(path, orderByChild('g'), endAt(1, 'b'))).toEqual(['z', 'a', 'b']);
    expect(await serverWindow(path, orderByChild('g'), endBefore(1, 'b'))).toEqual(['z', 'a']);
    expect(await serverWindow(path, orderByChild('g'), equalTo(1, 'b'))).toEqual(['b']);
    expect(await serverWindow(path, orderByChild('g'), equalTo(1))).toEqual(['a', 'b', 'c']);
    expect(await serverWindow(path, orderByChild('g'), startAt(1), limitToFirst(2))).toEqual(['a', 'b']);
    expect(await serverWindow(path, orderByChild('g'), endAt(1), limitToLast(2))).toEqual(['b', 'c']);
    expect(await serverWindow(path, orderByChild('g'), startAfter(1))).toEqual(['d']);
    expect(await serverWindow(path, orderByChild('g'), endBefore(1))).toEqual(['z']);
  });

  it('a live startAt(value, key) window admits a new equal-valued child only past the key', async () => {
    await setup();
    const watch = new QueryWatch(query(ref(listener.db, 'tie'), orderByChild('g'), startAt(1, 'b'), limitToFirst(2)));
    await watch.start();
    expect(watch.window).toEqual(['b', 'c']);
    watch.take();
    await write('tie/aa', { g: 1 }); // sorts before b: outside
    expect(watch.take()).toEqual([]);
    await write('tie/bb', { g: 1 }); // between b and c: enters, c leaves
    expect(watch.window).toEqual(['b', 'bb']);
    expect(watch.take()).toEqual(['removed c', 'added bb after b']);
    watch.stop();
  });
});

describe('Firebase ordering of mixed types', () => {
  const mixed = {
    f: false,
    t: true,
    n1: -5,
    n2: 1,
    n3: 1.5,
    s1: 'B',
    s2: 'a',
    o1: { x: 1 },
    o2: { y: 1 },
  };

  it('orderByValue: false < true < numbers < strings (by code unit) < objects (by key)', async () => {
    await admin.db.ref('mixed').set(mixed);
    expect(await serverWindow('mixed', orderByValue(), limitToFirst(9))).toEqual([
      'f',
      't',
      'n1',
      'n2',
      'n3',
      's1',
      's2',
      'o1',
      'o2',
    ]);
    expect(await serverWindow('mixed', orderByValue(), limitToFirst(3))).toEqual(['f', 't', 'n1']);
    expect(await serverWindow('mixed', orderByValue(), limitToLast(3))).toEqual(['s2', 'o1', 'o2']);
    expect(await serverWindow('mixed', orderByValue(), startAt(true), endAt(1))).toEqual(['t', 'n1', 'n2']);
    expect(await serverWindow('mixed', orderByValue(), startAt('a'))).toEqual(['s2', 'o1', 'o2']);
    expect(await serverWindow('mixed', orderByValue(), startAt(0), endAt('Z'))).toEqual(['n2', 'n3', 's1']);
    expect(await serverWindow('mixed', orderByValue(), endAt(false))).toEqual(['f']);
  });

  it('orderByChild over children of mixed types and missing values', async () => {
    await admin.db.ref('mixedChild').set({
      miss: { other: 1 },
      nul: { v: null, other: 2 },
      fal: { v: false },
      num: { v: 3 },
      str: { v: '3' },
      obj: { v: { deep: 1 } },
    });
    expect(await serverWindow('mixedChild', orderByChild('v'), limitToFirst(6))).toEqual([
      'miss',
      'nul',
      'fal',
      'num',
      'str',
      'obj',
    ]);
    expect(await serverWindow('mixedChild', orderByChild('v'), limitToLast(2))).toEqual(['str', 'obj']);
    expect(await serverWindow('mixedChild', orderByChild('v'), startAt(false), limitToFirst(2))).toEqual([
      'fal',
      'num',
    ]);
    expect(await serverWindow('mixedChild', orderByChild('v'), equalTo(null))).toEqual(['miss', 'nul']);
  });

  it('orderByKey: 32-bit integer keys first numerically, then strings', async () => {
    await admin.db.ref('keys').set({ '10': 1, '9': 1, '-3': 1, a: 1, B: 1, '1a': 1, '2147483648': 1 });
    // '2147483648' is past the 32-bit range and '1a' is not an integer: both sort as strings.
    const all = await serverWindow('keys', orderByKey(), limitToFirst(7));
    expect(all).toEqual(['-3', '9', '10', '1a', '2147483648', 'B', 'a']);
    expect(await serverWindow('keys', orderByKey(), limitToFirst(3))).toEqual(['-3', '9', '10']);
    expect(await serverWindow('keys', orderByKey(), startAt('10'), endAt('B'))).toEqual([
      '10',
      '1a',
      '2147483648',
      'B',
    ]);
    expect(await serverWindow('keys', orderByKey(), limitToLast(2))).toEqual(['B', 'a']);
  });

  it('the default (priority) order without priorities is key order', async () => {
    await admin.db.ref('defaultOrder').set({ b: 1, '2': 1, a: 1, '10': 1 });
    expect(await serverWindow('defaultOrder', limitToFirst(3))).toEqual(['2', '10', 'a']);
    expect(await serverWindow('defaultOrder', limitToLast(1))).toEqual(['b']);
  });
});

describe('queries over REST', () => {
  beforeAll(async () => {
    await admin.db.ref('restq').set({
      a: { h: 3, name: 'x' },
      b: { h: 1, name: 'y' },
      c: { h: 2, name: 'z' },
      d: { h: 2, name: 'w' },
    });
  });

  const restKeys = async (params: Record<string, string>) => {
    const response = await rest(target, ns, 'GET', 'restq', { params: { auth: 'owner', ...params } });
    expect(response.status, response.text).toBe(200);
    return Object.keys(response.json as object).sort();
  };

  it('orderBy="$key" with startAt / endAt / limitToFirst / limitToLast', async () => {
    expect(await restKeys({ orderBy: '"$key"', startAt: '"b"' })).toEqual(['b', 'c', 'd']);
    expect(await restKeys({ orderBy: '"$key"', endAt: '"b"' })).toEqual(['a', 'b']);
    expect(await restKeys({ orderBy: '"$key"', limitToFirst: '2' })).toEqual(['a', 'b']);
    expect(await restKeys({ orderBy: '"$key"', limitToLast: '1' })).toEqual(['d']);
    expect(await restKeys({ orderBy: '"$key"', equalTo: '"c"' })).toEqual(['c']);
  });

  it('orderBy a child with equalTo / limits; orderBy="$value"', async () => {
    expect(await restKeys({ orderBy: '"h"', equalTo: '2' })).toEqual(['c', 'd']);
    expect(await restKeys({ orderBy: '"h"', limitToFirst: '2' })).toEqual(['b', 'c']);
    expect(await restKeys({ orderBy: '"h"', limitToLast: '1' })).toEqual(['a']);
    expect(await restKeys({ orderBy: '"h"', startAt: '2', endAt: '2' })).toEqual(['c', 'd']);
    expect(await restKeys({ orderBy: '"name"', startAt: '"x"' })).toEqual(['a', 'b', 'c']);
    await admin.db.ref('restv').set({ p: 3, q: 1, r: 2 });
    const response = await rest(target, ns, 'GET', 'restv', {
      params: { auth: 'owner', orderBy: '"$value"', limitToFirst: '2' },
    });
    expect(response.json).toEqual({ q: 1, r: 2 });
  });

  it('a malformed query parameter is a 400 with an error body', async () => {
    const response = await rest(target, ns, 'GET', 'restq', { params: { auth: 'owner', orderBy: '$key' } }); // not JSON-quoted
    expect(response.status).toBe(400);
    expect(typeof (response.json as { error?: unknown }).error).toBe('string');
    const limit = await rest(target, ns, 'GET', 'restq', {
      params: { auth: 'owner', orderBy: '"$key"', limitToFirst: '-1' },
    });
    expect(limit.status).toBe(400);
  });
});
