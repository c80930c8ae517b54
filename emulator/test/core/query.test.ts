import { describe, expect, it } from 'vitest';
import {
  endAt,
  endBefore,
  equalTo,
  limitToFirst,
  limitToLast,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  startAfter,
  startAt,
  type QueryConstraint,
} from 'firebase/database';
import {
  ChildrenNode,
  DatabaseError,
  DEFAULT_QUERY,
  EMPTY_NODE,
  applyQuery,
  indexedPath,
  isDefaultQuery,
  loadsAllData,
  nodeFromJSON,
  queryIdentifier,
  queryParamsFromRest,
  queryParamsFromWire,
  queryParamsToWire,
  type QueryParams,
} from '../../src/core/index.js';
import { sdkQuery } from './sdk.js';
import { pick, prng } from './prng.js';

type Bound = { kind: 'startAt' | 'startAfter' | 'endAt' | 'endBefore' | 'equalTo'; value: unknown; name?: string };
interface QuerySpec {
  index: 'key' | 'value' | 'priority' | 'child';
  childPath?: string;
  bounds: Bound[];
  limit?: { kind: 'first' | 'last'; n: number };
}

const KEYS = ['a', 'b', 'c', 'm', 'z', '0', '1', '2', '5', '10', '-1', '007', 'str3', 'A', 'Ä'];
const VALUES: unknown[] = [null, false, true, -1, 0, 2, 2.5, 10, 'a', 'm', 'str3', 'b', ''];

function randomData(rand: () => number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const n = 3 + Math.floor(rand() * 12);
  for (let i = 0; i < n; i++) {
    const key = pick(rand, KEYS);
    const v = pick(
      rand,
      VALUES.filter((x) => x !== null),
    );
    let child: unknown;
    const shape = rand();
    if (shape < 0.35) child = v;
    else if (shape < 0.8) child = { s: rand() < 0.15 ? null : pick(rand, VALUES), n: { m: pick(rand, VALUES) }, k: 1 };
    else child = { s: { deep: 1 }, k: 2 };
    if (rand() < 0.4) {
      const priority = pick(rand, [1, 2, -5, 'p', 'a', 2.5]);
      child =
        typeof child === 'object'
          ? { ...(child as object), '.priority': priority }
          : { '.value': child, '.priority': priority };
    }
    data[key] = child;
  }
  return data;
}

function randomSpec(rand: () => number): QuerySpec {
  const index = pick(rand, ['key', 'value', 'priority', 'child', 'child'] as const);
  const spec: QuerySpec = { index, bounds: [] };
  if (index === 'child') spec.childPath = pick(rand, ['s', 'n/m', 'missing']);
  const valueFor = (): unknown => (index === 'key' ? pick(rand, KEYS) : pick(rand, VALUES));
  const nameFor = (): string | undefined => (index !== 'key' && rand() < 0.4 ? pick(rand, KEYS) : undefined);
  const r = rand();
  if (r < 0.2) spec.bounds.push({ kind: 'equalTo', value: valueFor(), name: nameFor() });
  else {
    if (rand() < 0.6)
      spec.bounds.push({ kind: pick(rand, ['startAt', 'startAfter'] as const), value: valueFor(), name: nameFor() });
    if (rand() < 0.5)
      spec.bounds.push({ kind: pick(rand, ['endAt', 'endBefore'] as const), value: valueFor(), name: nameFor() });
  }
  if (rand() < 0.6) spec.limit = { kind: pick(rand, ['first', 'last'] as const), n: 1 + Math.floor(rand() * 5) };
  return spec;
}

function sdkConstraints(spec: QuerySpec): QueryConstraint[] {
  const c: QueryConstraint[] = [];
  if (spec.index === 'key') c.push(orderByKey());
  else if (spec.index === 'value') c.push(orderByValue());
  else if (spec.index === 'priority') c.push(orderByPriority());
  else c.push(orderByChild(spec.childPath as string));
  const fns = { startAt, startAfter, endAt, endBefore, equalTo };
  for (const b of spec.bounds) c.push(fns[b.kind](b.value as string, b.name));
  if (spec.limit) c.push(spec.limit.kind === 'first' ? limitToFirst(spec.limit.n) : limitToLast(spec.limit.n));
  return c;
}

function restParams(spec: QuerySpec): URLSearchParams {
  const p = new URLSearchParams();
  const orderBy = { key: '$key', value: '$value', priority: '$priority', child: spec.childPath as string }[spec.index];
  p.set('orderBy', JSON.stringify(orderBy));
  for (const b of spec.bounds)
    p.set(b.kind, JSON.stringify(b.value) + (b.name !== undefined ? ',' + JSON.stringify(b.name) : ''));
  if (spec.limit) p.set(spec.limit.kind === 'first' ? 'limitToFirst' : 'limitToLast', String(spec.limit.n));
  return p;
}

describe('queries match the SDK', () => {
  it('random data x random queries: wire object, identifier, window (value, priority, hash)', async () => {
    const rand = prng(2024);
    let compared = 0;
    let nonEmpty = 0;
    for (let round = 0; round < 700; round++) {
      const data = randomData(rand);
      const spec = randomSpec(rand);
      let constraints: QueryConstraint[];
      let sdk: Awaited<ReturnType<typeof sdkQuery>>;
      try {
        constraints = sdkConstraints(spec);
        sdk = await sdkQuery(data, constraints);
      } catch {
        continue; // a combination the SDK itself refuses
      }
      const label = JSON.stringify({ spec, data });
      const params = queryParamsFromWire(sdk.queryObject);
      expect(queryParamsToWire(params), label).toEqual(sdk.queryObject);
      expect(queryIdentifier(params), label).toBe(sdk.queryIdentifier);
      const window = applyQuery(nodeFromJSON(data), params);
      expect(window.val(true), label).toEqual(sdk.result.exportVal);
      expect(window.hash(), label).toBe(sdk.result.hash);
      // The same query through REST parameters sees the same window.
      const rest = queryParamsFromRest(restParams(spec));
      expect(applyQuery(nodeFromJSON(data), rest).val(true), label).toEqual(sdk.result.exportVal);
      compared++;
      if (!window.isEmpty()) nonEmpty++;
    }
    expect(compared).toBeGreaterThan(400);
    expect(nonEmpty).toBeGreaterThan(150);
  }, 120_000);

  it('large lists: limitToLast / startAt windows against the SDK', async () => {
    const rand = prng(77);
    const data: Record<string, unknown> = {};
    for (let i = 0; i < 3000; i++)
      data['k' + i] = { score: Math.floor(rand() * 100), name: 'n' + Math.floor(rand() * 50) };
    const node = nodeFromJSON(data);
    const queries: QueryConstraint[][] = [
      [orderByChild('score'), limitToLast(10)],
      [orderByChild('score'), startAt(50), limitToFirst(25)],
      [orderByChild('name'), equalTo('n7')],
      [orderByKey(), startAfter('k2990')],
      [orderByValue(), limitToFirst(3)],
      [orderByChild('score'), startAt(10, 'k500'), endBefore(12)],
    ];
    for (const c of queries) {
      const sdk = await sdkQuery(data, c);
      const window = applyQuery(node, queryParamsFromWire(sdk.queryObject));
      expect(window.val(true)).toEqual(sdk.result.exportVal);
      expect(window.hash()).toBe(sdk.result.hash);
    }
  }, 120_000);
});

describe('query parameters', () => {
  it('default query', () => {
    expect(queryParamsFromWire(undefined)).toBe(DEFAULT_QUERY);
    expect(isDefaultQuery(queryParamsFromWire({}))).toBe(true);
    expect(queryIdentifier(DEFAULT_QUERY)).toBe('default');
    expect(loadsAllData(DEFAULT_QUERY)).toBe(true);
    expect(indexedPath(DEFAULT_QUERY)).toBe(null);
    const byKey = queryParamsFromWire({ i: '.key' });
    expect(isDefaultQuery(byKey)).toBe(false);
    expect(loadsAllData(byKey)).toBe(true);
    expect(queryIdentifier(byKey)).toBe('{"i":".key"}');
    expect(indexedPath(queryParamsFromWire({ i: 'a/b', l: 1, vf: 'l' }))).toEqual(['a', 'b']);
  });

  it('wire encoding of startAfter / endBefore (MAX_NAME / MIN_NAME) and old clients without sin/vf', () => {
    const p = queryParamsFromWire({ sp: 1, sn: '[MAX_NAME]', sin: false, ep: 5, en: '[MIN_NAME]', ein: false, i: 's' });
    expect(p.start).toEqual({ value: 1, name: '[MAX_NAME]', inclusive: false });
    expect(p.end).toEqual({ value: 5, name: '[MIN_NAME]', inclusive: false });
    const old = queryParamsFromWire({ sp: 1, l: 2 });
    expect(old.start?.inclusive).toBe(true);
    expect(old.viewFrom).toBe('left');
    expect(queryParamsFromWire({ ep: 1, l: 2 }).viewFrom).toBe('right');
  });

  it('refuses malformed wire queries', () => {
    for (const q of [
      { l: -1 },
      { l: 1.5 },
      { l: 'x' },
      { l: 2, vf: 'x' },
      { i: 5 },
      { i: 'a/.b' },
      { i: '.key', sp: 1 },
      { sp: true },
      { sp: { a: 1 }, i: '.value' },
      { sn: 'x' },
      { sp: 1, sin: 'yes' },
      { i: '' },
    ]) {
      expect(() => queryParamsFromWire(q), JSON.stringify(q)).toThrow(DatabaseError);
    }
  });

  it('REST parameters', () => {
    const rest = (s: string): QueryParams => queryParamsFromRest(new URLSearchParams(s));
    expect(rest('')).toBe(DEFAULT_QUERY);
    expect(rest('shallow=true&print=pretty')).toBe(DEFAULT_QUERY);
    expect(rest('orderBy="$key"')).toEqual({ index: { kind: 'key' } });
    expect(rest('orderBy="a/b"&startAt=3&limitToFirst=2')).toEqual({
      index: { kind: 'child', path: ['a', 'b'] },
      start: { value: 3, inclusive: true },
      limit: 2,
      viewFrom: 'left',
    });
    expect(rest('orderBy="$value"&equalTo="x,y","k,1"')).toEqual({
      index: { kind: 'value' },
      start: { value: 'x,y', name: 'k,1', inclusive: true },
      end: { value: 'x,y', name: 'k,1', inclusive: true },
    });
    expect(rest('orderBy="$priority"&startAfter=5').start).toEqual({ value: 5, name: '[MAX_NAME]', inclusive: false });
    expect(rest('orderBy="$key"&endBefore="b"').end).toEqual({ value: 'b', inclusive: false });
    expect(rest('orderBy="$value"&limitToLast=3')).toEqual({ index: { kind: 'value' }, limit: 3, viewFrom: 'right' });
  });

  it('REST errors read like the real service', () => {
    const rest = (s: string): unknown => queryParamsFromRest(new URLSearchParams(s));
    expect(() => rest('startAt=1')).toThrow('orderBy must be defined when other query parameters are defined');
    expect(() => rest('limitToFirst=1')).toThrow('orderBy must be defined when other query parameters are defined');
    expect(() => rest('orderBy=$key')).toThrow('orderBy must be a valid JSON encoded path');
    expect(() => rest('orderBy="a.b"')).toThrow('orderBy must be a valid JSON encoded path');
    expect(() => rest('orderBy="$key"&startAt=1')).toThrow(/ordering by key/);
    expect(() => rest('orderBy="$priority"&startAt=true')).toThrow(/priority/);
    expect(() => rest('orderBy="a"&startAt={"x":1}')).toThrow(/primitive/);
    expect(() => rest('orderBy="a"&startAt=abc')).toThrow(/valid JSON/);
    expect(() => rest('orderBy="a"&limitToFirst=-1')).toThrow(/positive integer/);
    expect(() => rest('orderBy="a"&limitToLast=0')).toThrow(/positive integer/);
    expect(() => rest('orderBy="a"&limitToLast=1.5')).toThrow(/positive integer/);
    expect(() => rest('orderBy="a"&limitToFirst=1&limitToLast=1')).toThrow(DatabaseError);
    expect(() => rest('orderBy="a"&equalTo=1&startAt=1')).toThrow(DatabaseError);
    try {
      rest('startAt=1');
    } catch (e) {
      expect((e as DatabaseError).code).toBe('invalid_query');
    }
  });
});

describe('applyQuery edge cases', () => {
  const node = nodeFromJSON({ '.priority': 9, a: 1, b: 2, c: 3 });
  it('a query without bounds or limit sees the data unchanged (priority kept)', () => {
    expect(applyQuery(node, queryParamsFromWire({ i: '.value' }))).toBe(node);
  });
  it('a filtering query drops the location priority and sees leaves as empty', () => {
    const w = applyQuery(node, queryParamsFromWire({ l: 3, vf: 'l' }));
    expect(w.getPriority()).toBe(null);
    expect(w.val()).toEqual({ a: 1, b: 2, c: 3 });
    expect(applyQuery(nodeFromJSON(5), queryParamsFromWire({ l: 1, vf: 'l' }))).toBe(EMPTY_NODE);
    expect(applyQuery(EMPTY_NODE, queryParamsFromWire({ l: 1, vf: 'l' }))).toBe(EMPTY_NODE);
  });
  it('limit 0 and empty ranges', () => {
    expect(applyQuery(node, queryParamsFromWire({ l: 0, vf: 'l' }))).toBe(EMPTY_NODE);
    expect(applyQuery(node, queryParamsFromWire({ i: '.value', sp: 3, ep: 1 }))).toBe(EMPTY_NODE);
  });
  it('orderByChild with nested paths and mixed types orders null < false < true < numbers < strings < objects', () => {
    const data = nodeFromJSON({
      o: { x: { y: { deep: 1 } } },
      s: { x: { y: 'a' } },
      n: { x: { y: 5 } },
      t: { x: { y: true } },
      f: { x: { y: false } },
      z: { x: 1 },
    });
    const order: string[] = [];
    for (let l = 1; l <= 6; l++) {
      const w = applyQuery(data, queryParamsFromWire({ i: 'x/y', l, vf: 'l' }));
      const added = w.childKeys().filter((k) => !order.includes(k));
      expect(added).toHaveLength(1);
      order.push(added[0]);
    }
    expect(order).toEqual(['z', 'f', 't', 'n', 's', 'o']);
  });
  it('index orders patched across successive updates equal orders computed from scratch', () => {
    const rand = prng(314);
    const queries = [
      { i: 's', l: 4, vf: 'l' },
      { i: 's', l: 3, vf: 'r' },
      { i: '.value', sp: 2, l: 5, vf: 'l' },
      { i: 's', sp: 'a', ep: 'z' },
      { l: 4, vf: 'r' },
      { sp: 1, ep: 'p', l: 6, vf: 'l' },
      { i: 'n/m', ep: 5, l: 2, vf: 'r' },
      { i: '.key', sp: 'k3', l: 3, vf: 'l' },
    ].map((q) => queryParamsFromWire(q));
    let node = nodeFromJSON(
      Object.fromEntries(Array.from({ length: 40 }, (_, i) => ['k' + i, { s: i % 7, n: { m: i } }])),
    );
    for (let step = 0; step < 400; step++) {
      const key = 'k' + Math.floor(rand() * 50);
      const r = rand();
      const value =
        r < 0.15
          ? null
          : r < 0.3
            ? pick(rand, VALUES)
            : r < 0.45
              ? { '.value': pick(rand, [1, 'x', true]), '.priority': pick(rand, [1, 'p']) }
              : {
                  s: pick(rand, VALUES),
                  n: { m: Math.floor(rand() * 10) },
                  '.priority': rand() < 0.3 ? pick(rand, [2, 'q', -1]) : null,
                };
      node =
        rand() < 0.2
          ? node.updateChild([key, 's'], nodeFromJSON(pick(rand, VALUES)))
          : node.updateChild([key], nodeFromJSON(value));
      // Sometimes several children change between two queries (a multi-path update).
      for (let extra = rand() < 0.3 ? Math.floor(rand() * 40) : 0; extra > 0; extra--) {
        node = node.updateChild(
          ['k' + Math.floor(rand() * 50)],
          rand() < 0.2 ? EMPTY_NODE : nodeFromJSON({ s: pick(rand, VALUES), n: { m: extra } }),
        );
      }
      if (rand() < 0.1) node = node.updatePriority(pick(rand, [null, 1, 'p']));
      const fresh = nodeFromJSON(node.val(true));
      for (const q of queries)
        expect(applyQuery(node, q).val(true), `step ${step}`).toEqual(applyQuery(fresh, q).val(true));
    }
  }, 120_000);

  it('caches the index order per node and recomputes for a new node', () => {
    const data = nodeFromJSON({ a: { s: 2 }, b: { s: 1 } });
    const q = queryParamsFromWire({ i: 's', l: 1, vf: 'l' });
    expect(applyQuery(data, q).childKeys()).toEqual(['b']);
    expect(applyQuery(data, q).childKeys()).toEqual(['b']);
    const changed = data.updateChild(['a', 's'], nodeFromJSON(0));
    // The new version remembers where it came from, to patch the cached order instead of sorting.
    expect((changed as ChildrenNode).derivedFrom?.base).toBe(data);
    expect(applyQuery(changed, q).childKeys()).toEqual(['a']);
    expect((changed as ChildrenNode).derivedFrom).toBe(undefined);
  });
});
