import { describe, expect, it } from 'vitest';
import { doubleToIEEE754String, nodeFromJSON } from '../../src/core/index.js';
import { childHash, sdkSnapshot } from './sdk.js';
import { pick, prng } from './prng.js';

function trueBits(v: number): string {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, v);
  return Array.from(new Uint8Array(dv.buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

function interestingNumbers(): number[] {
  const out: number[] = [
    0,
    -0,
    1,
    -1,
    0.1,
    -0.1,
    1.5,
    3.14159,
    42,
    1e21,
    1e-7,
    123456789012345,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 31),
    2 ** 31 - 1,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    -Number.MIN_VALUE,
    2.2250738585072014e-308,
    2.225073858507201e-308,
    Number.EPSILON,
    1 / 3,
    -2 / 3,
    1e300,
    1e-300,
  ];
  for (let e = -1074; e <= 1023; e++) {
    const p = 2 ** e;
    out.push(p, -p, p * (1 + Number.EPSILON), p * (1 - Number.EPSILON / 2));
  }
  const rand = prng(7);
  const dv = new DataView(new ArrayBuffer(8));
  while (out.length < 12000) {
    dv.setUint32(0, Math.floor(rand() * 2 ** 32));
    dv.setUint32(4, Math.floor(rand() * 2 ** 32));
    const v = dv.getFloat64(0);
    if (Number.isFinite(v)) out.push(v);
    out.push(Math.round((rand() - 0.5) * 1e6) / 100);
  }
  return out.filter((v) => Number.isFinite(v));
}

describe('node hash matches the SDK bit for bit', () => {
  it('numbers: every leaf hash, including values where the SDK encoding differs from IEEE-754', async () => {
    const numbers = interestingNumbers();
    const data: Record<string, number> = {};
    numbers.forEach((v, i) => (data['n' + i] = v));
    const { snap } = await sdkSnapshot(data);
    let sdkQuirks = 0;
    for (let i = 0; i < numbers.length; i++) {
      const ours = nodeFromJSON(numbers[i]);
      expect(ours.hash(), `hash of ${numbers[i]}`).toBe(childHash(snap, 'n' + i));
      if (doubleToIEEE754String(numbers[i]) !== trueBits(numbers[i])) sdkQuirks++;
    }
    // The slow path must actually have been exercised, or this test proves less than it claims.
    expect(sdkQuirks).toBeGreaterThan(0);
  }, 120_000);

  // (A string ending in a lone high surrogate makes the SDK's own hash throw, so it is not compared.)
  it('strings (unicode, emoji, lone surrogates, separators), booleans', async () => {
    const values: unknown[] = [
      '',
      'a',
      'zażółć gęślą jaźń',
      '日本語',
      '😀 emoji',
      'a:b:c',
      'priority:x',
      'string:',
      '\u0000\u0001',
      '\ud800x',
      'a\udc00',
      'a\udc00\ud800\udc00',
      'x'.repeat(10000),
      true,
      false,
      '1',
      'true',
      'null',
    ];
    const data: Record<string, unknown> = {};
    values.forEach((v, i) => (data['v' + i] = v));
    const { snap } = await sdkSnapshot(data);
    values.forEach((v, i) => expect(nodeFromJSON(v).hash(), JSON.stringify(v)).toBe(childHash(snap, 'v' + i)));
  });

  it('objects with priorities, integer-like keys, arrays, nested', async () => {
    const cases: unknown[] = [
      { a: 1, b: 'x', c: true },
      { '1': 'a', '2': 'b', '10': 'c', '-1': 'd', '01': 'e', a: 'f', '2147483648': 'g', '-2147483648': 'h' },
      [1, 2, 3, { x: [4, 5] }],
      { '.priority': 5, a: 1 },
      { '.priority': 'p', a: { '.value': 1, '.priority': 2 } },
      {
        a: { '.value': 'x', '.priority': 'b' },
        b: { '.value': 'y', '.priority': 'a' },
        c: 1,
        d: { '.value': 2, '.priority': -1.5 },
      },
      {
        z: { '.priority': 1, y: { '.priority': 'q', k: 0 } },
        y: { '.priority': 1, k: 1 },
        x: { '.priority': 0.5, k: 2 },
      },
      { deep: { a: { b: { c: { d: { e: { f: 'g' } } } } } } },
      { empty: {}, nil: null, keep: 1 },
      { '.value': 'leaf', '.priority': 9 },
    ];
    const data: Record<string, unknown> = {};
    cases.forEach((v, i) => (data['c' + i] = v));
    const { snap, hash } = await sdkSnapshot(data);
    cases.forEach((v, i) => expect(nodeFromJSON(v).hash(), JSON.stringify(v)).toBe(childHash(snap, 'c' + i)));
    expect(nodeFromJSON(data).hash()).toBe(hash);
  });

  it('random trees with random priorities', async () => {
    const rand = prng(99);
    const keys = ['a', 'b', 'zz', '0', '1', '5', '12', '-3', '007', 'Ä', '😀', 'x y'];
    const leaf = (): unknown =>
      pick(rand, [rand() * 1000 - 500, Math.floor(rand() * 100), 'str' + Math.floor(rand() * 10), rand() < 0.5, null]);
    const tree = (depth: number): unknown => {
      if (depth === 0 || rand() < 0.3) return leaf();
      const o: Record<string, unknown> = {};
      const n = Math.floor(rand() * 6);
      for (let i = 0; i < n; i++) o[pick(rand, keys)] = tree(depth - 1);
      if (rand() < 0.4) o['.priority'] = pick(rand, [1, -2.5, 'p', 'a', 0]);
      return o;
    };
    const data: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) data['t' + i] = tree(4);
    const { snap, hash } = await sdkSnapshot(data);
    for (let i = 0; i < 300; i++) expect(nodeFromJSON(data['t' + i]).hash()).toBe(childHash(snap, 't' + i));
    expect(nodeFromJSON(data).hash()).toBe(hash);
  }, 120_000);

  it('hash after updates equals hash of the same data built at once; empty hash is ""', async () => {
    let node = nodeFromJSON({ a: 1 });
    node = node.updateChild(['b', 'c'], nodeFromJSON('x'));
    node = node.updateChild(['a'], nodeFromJSON(null));
    node = node.updateChild(['d'], nodeFromJSON({ '.value': 2, '.priority': 1 }));
    const { hash } = await sdkSnapshot({ b: { c: 'x' }, d: { '.value': 2, '.priority': 1 } });
    expect(node.hash()).toBe(hash);
    expect(nodeFromJSON(null).hash()).toBe('');
    expect(nodeFromJSON({}).hash()).toBe('');
  });

  it('memoises per node', () => {
    const node = nodeFromJSON({ a: { b: 1 } });
    const h = node.hash();
    expect(node.hash()).toBe(h);
    const updated = node.updateChild(['c'], nodeFromJSON(2));
    expect(updated.hash()).not.toBe(h);
    // The untouched subtree is shared, so its memoised hash is reused.
    expect(updated.getImmediateChild('a')).toBe(node.getImmediateChild('a'));
  });
});
