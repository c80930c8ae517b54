import { describe, expect, it } from 'vitest';
import { increment, ref, serverTimestamp, set } from 'firebase/database';
import { DatabaseError, EMPTY_NODE, nodeFromJSON, resolveServerValues } from '../../src/core/index.js';
import { freshPath, sdkDatabase, sdkRead } from './sdk.js';

const NOW = 1_700_000_000_123;

describe('resolveServerValues', () => {
  it('timestamp anywhere, including priorities and .value wrappers', () => {
    const json = {
      a: { '.sv': 'timestamp' },
      b: [1, { t: { '.sv': 'timestamp' } }],
      c: { '.value': { '.sv': 'timestamp' }, '.priority': { '.sv': 'timestamp' } },
      d: 'x',
    };
    expect(resolveServerValues(json, EMPTY_NODE, NOW)).toEqual({
      a: NOW,
      b: [1, { t: NOW }],
      c: { '.value': NOW, '.priority': NOW },
      d: 'x',
    });
    expect(resolveServerValues({ '.sv': 'timestamp' }, EMPTY_NODE, NOW)).toBe(NOW);
    expect(resolveServerValues({ '.sv': 'timestamp', '.priority': 3 }, EMPTY_NODE, NOW)).toEqual({
      '.value': NOW,
      '.priority': 3,
    });
  });

  it('increment against the existing value at the same place', () => {
    const existing = nodeFromJSON({ n: 5, s: 'str', o: { x: 1 }, b: true, p: { '.value': 1, '.priority': 10 } });
    const json = {
      n: { '.sv': { increment: 2 } },
      s: { '.sv': { increment: 2 } },
      o: { '.sv': { increment: -1 } },
      missing: { '.sv': { increment: 4 } },
      b: { '.sv': { increment: 1 } },
      p: { '.value': 1, '.priority': { '.sv': { increment: 0.5 } } },
    };
    expect(resolveServerValues(json, existing, NOW)).toEqual({
      n: 7,
      s: 2,
      o: -1,
      missing: 4,
      b: 1,
      p: { '.value': 1, '.priority': 10.5 },
    });
    expect(resolveServerValues({ '.sv': { increment: 1.5 } }, nodeFromJSON(1), NOW)).toBe(2.5);
  });

  it('returns the same object when there is nothing to resolve, and never mutates the input', () => {
    const plain = { a: { b: [1, 2] }, c: 'x' };
    expect(resolveServerValues(plain, EMPTY_NODE, NOW)).toBe(plain);
    const withSv = { keep: { deep: 1 }, t: { '.sv': 'timestamp' } };
    const out = resolveServerValues(withSv, EMPTY_NODE, NOW) as Record<string, unknown>;
    expect(withSv.t).toEqual({ '.sv': 'timestamp' });
    expect(out.keep).toBe(withSv.keep);
  });

  it('refuses unknown server values', () => {
    expect(() => resolveServerValues({ '.sv': 'now' }, EMPTY_NODE, NOW)).toThrow(DatabaseError);
    expect(() => resolveServerValues({ '.sv': { increment: 'x' } }, EMPTY_NODE, NOW)).toThrow(DatabaseError);
  });

  it('agrees with the SDK on what increment does to numbers, strings, objects and missing data', async () => {
    const db = sdkDatabase();
    const base = freshPath('sv');
    const start = { n: 5, s: 'str', o: { x: 1 }, f: 0.25 };
    set(ref(db, base), start).catch(() => {});
    const update = { n: increment(3), s: increment(3), o: increment(3), f: increment(0.5), m: increment(-2) };
    for (const [k, v] of Object.entries(update)) set(ref(db, `${base}/${k}`), v).catch(() => {});
    const sdk = await sdkRead(base);
    const ours = Object.fromEntries(
      Object.entries(update).map(([k, v]) => [
        k,
        resolveServerValues(v, nodeFromJSON(start).getImmediateChild(k), NOW),
      ]),
    );
    expect(ours).toEqual(sdk.val);
    // serverTimestamp() is the wire shape we resolve.
    expect(resolveServerValues(serverTimestamp(), EMPTY_NODE, NOW)).toBe(NOW);
  });
});
