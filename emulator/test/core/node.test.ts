import { describe, expect, it } from 'vitest';
import { orderByKey, ref, set, setPriority } from 'firebase/database';
import { EMPTY_NODE, nameCompare, nodeFromJSON, type DataNode } from '../../src/core/index.js';
import { freshPath, sdkDatabase, sdkQuery, sdkRead, sdkSnapshot } from './sdk.js';
import { pick, prng } from './prng.js';

const KEYS = ['a', 'b', 'zz', '0', '1', '2', '3', '5', '12', '-3', '007', '2147483648', 'Ä', '😀', 'x y', 'A'];

function randomTree(rand: () => number, depth: number, withPriorities = true): unknown {
  const leaf = (): unknown =>
    pick(rand, [
      rand() * 1000 - 500,
      Math.floor(rand() * 100),
      'str' + Math.floor(rand() * 10),
      rand() < 0.5,
      null,
      {},
    ]);
  if (depth === 0 || rand() < 0.25) {
    const v = leaf();
    if (withPriorities && v !== null && typeof v !== 'object' && rand() < 0.2)
      return { '.value': v, '.priority': pick(rand, [1, 'p', -0.5]) };
    return v;
  }
  if (rand() < 0.2) {
    const arr: unknown[] = [];
    const n = Math.floor(rand() * 5);
    for (let i = 0; i < n; i++) arr.push(rand() < 0.2 ? null : randomTree(rand, depth - 1, withPriorities));
    return arr;
  }
  const o: Record<string, unknown> = {};
  const n = Math.floor(rand() * 6);
  for (let i = 0; i < n; i++) o[pick(rand, KEYS)] = randomTree(rand, depth - 1, withPriorities);
  if (withPriorities && rand() < 0.3) o['.priority'] = pick(rand, [1, -2.5, 'p', 'a', 0]);
  return o;
}

describe('nodeFromJSON / val / exportVal match the SDK', () => {
  it('random trees: val(), val(true), child order', async () => {
    const rand = prng(1234);
    for (let round = 0; round < 150; round++) {
      const data = { root: randomTree(rand, 4) };
      const sdk = await sdkSnapshot(data);
      const node = nodeFromJSON(data);
      expect(node.val()).toEqual(sdk.val);
      expect(node.val(true)).toEqual(sdk.exportVal);
      expect(JSON.stringify(node.val(true))).toBe(JSON.stringify(sdk.exportVal));
      expect(node.hash()).toBe(sdk.hash);
    }
  }, 120_000);

  it('arrays become objects with index keys and come back as arrays when dense', () => {
    const node = nodeFromJSON(['a', null, 'c']);
    expect(node.childKeys()).toEqual(['0', '2']);
    expect(node.val()).toEqual(['a', undefined, 'c']);
    expect(nodeFromJSON({ '0': 'a', '5': 'b' }).val()).toEqual({ '0': 'a', '5': 'b' });
    expect(node.val(true)).toEqual({ '0': 'a', '2': 'c' });
  });

  it('prunes null and empty objects, honours .value and .priority', () => {
    expect(nodeFromJSON(null)).toBe(EMPTY_NODE);
    expect(nodeFromJSON({})).toBe(EMPTY_NODE);
    expect(nodeFromJSON({ a: { b: {} }, c: null })).toBe(EMPTY_NODE);
    expect(nodeFromJSON({ a: { b: {} }, c: 1 }).val()).toEqual({ c: 1 });
    const n = nodeFromJSON({ '.value': 3, '.priority': 'x' });
    expect(n.isLeaf()).toBe(true);
    expect(n.getValue()).toBe(3);
    expect(n.getPriority()).toBe('x');
    expect(n.val()).toBe(3);
    expect(n.val(true)).toEqual({ '.value': 3, '.priority': 'x' });
    expect(nodeFromJSON({ '.priority': 1 })).toBe(EMPTY_NODE);
    expect(nodeFromJSON('s', 2).getPriority()).toBe(2);
    expect(nodeFromJSON({ '.priority': 2, a: 1 }, 5).getPriority()).toBe(2);
  });

  it('keeps keys named like object internals as own properties of val(), __proto__ included', () => {
    const text =
      '{"__proto__":{"v":1},"constructor":2,"hasOwnProperty":3,"toString":{".value":4,".priority":1},"valueOf":5,"prototype":6}';
    const node = nodeFromJSON(JSON.parse(text));
    expect(node.numChildren()).toBe(6);
    const exported = JSON.parse(JSON.stringify(node.val(true))) as object;
    const original = JSON.parse(text) as object;
    expect(Object.keys(exported).sort()).toEqual(Object.keys(original).sort());
    for (const key of Object.keys(original)) {
      expect(Object.getOwnPropertyDescriptor(exported, key)?.value).toEqual(
        Object.getOwnPropertyDescriptor(original, key)?.value,
      );
    }
    const plain = node.val() as object;
    expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(plain, '__proto__')?.value).toEqual({ v: 1 });
    expect(Object.keys(plain).sort()).toEqual([
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'prototype',
      'toString',
      'valueOf',
    ]);
  });

  it('children in key order: 32-bit-integer-like keys first, numerically, then strings', async () => {
    const keys = [
      'b',
      'a',
      '10',
      '9',
      '-1',
      '-10',
      '01',
      '1',
      '2147483647',
      '2147483648',
      '-2147483648',
      '-2147483649',
      'A',
      'a1',
      '1a',
      '00',
      '0',
      '-0',
      'Ą',
      '😀',
      ' ',
      '~',
      '12345678901',
    ];
    const data: Record<string, number> = {};
    keys.forEach((k, i) => (data[k] = i));
    const node = nodeFromJSON(data);
    const sorted = [...keys].sort(nameCompare);
    expect(node.childKeys()).toEqual(sorted);
    const sdk = await sdkQuery(data, [orderByKey()]);
    expect(node.childKeys()).toEqual(sdk.result.keys);
    const seen: string[] = [];
    node.forEachChild((k) => {
      seen.push(k);
      return seen.length === 3;
    });
    expect(seen).toEqual(sorted.slice(0, 3));
  });
});

describe('updates', () => {
  it('updateChild sequences give the same tree as the SDK applying the same sets', async () => {
    const rand = prng(42);
    const paths = [
      [],
      ['a'],
      ['a', 'b'],
      ['a', 'b', 'c'],
      ['1'],
      ['1', 'x'],
      ['a', '.priority'],
      ['b', '.priority'],
      ['b'],
      ['a', 'z'],
    ];
    for (let round = 0; round < 60; round++) {
      const db = sdkDatabase();
      const base = freshPath('updates');
      let node: DataNode = EMPTY_NODE;
      for (let step = 0; step < 8; step++) {
        // The first write covers the whole location, so the offline SDK knows all of it.
        const path = step === 0 ? [] : pick(rand, paths);
        const isPriority = path[path.length - 1] === '.priority';
        const priority = isPriority ? pick<string | number | null>(rand, [1, 'p', null]) : undefined;
        const value = priority !== undefined ? priority : randomTree(rand, 2);
        if (priority !== undefined)
          setPriority(ref(db, [base, ...path.slice(0, -1)].join('/')), priority).catch(() => {});
        else set(ref(db, [base, ...path].join('/')), value).catch(() => {});
        node = node.updateChild(path, nodeFromJSON(value));
      }
      const sdk = await sdkRead(base);
      expect(node.val(true)).toEqual(sdk.exportVal);
      expect(node.hash()).toBe(sdk.hash);
    }
  }, 120_000);

  it('shares unchanged subtrees and returns the same node for no-op updates', () => {
    const node = nodeFromJSON({ a: { x: 1 }, b: { y: 2 } });
    const updated = node.updateChild(['a', 'x'], nodeFromJSON(3));
    expect(updated.getImmediateChild('b')).toBe(node.getImmediateChild('b'));
    expect(node.getChild(['a', 'x']).val()).toBe(1);
    expect(updated.getChild(['a', 'x']).val()).toBe(3);
    expect(node.updateChild(['c', 'd'], EMPTY_NODE)).toBe(node);
    const same = node.getImmediateChild('a');
    expect(node.updateImmediateChild('a', same)).toBe(node);
  });

  it('deleting the last child prunes empty parents and drops their priority', () => {
    const node = nodeFromJSON({ a: { '.priority': 1, b: { c: 1 } }, d: 1 });
    const deleted = node.updateChild(['a', 'b', 'c'], EMPTY_NODE);
    expect(deleted.val()).toEqual({ d: 1 });
    expect(deleted.hasChild('a')).toBe(false);
    expect(deleted.updateChild(['d'], EMPTY_NODE)).toBe(EMPTY_NODE);
    expect(EMPTY_NODE.updatePriority(5)).toBe(EMPTY_NODE);
  });

  it('writing below a leaf replaces it and keeps its priority (as the SDK)', () => {
    const leaf = nodeFromJSON({ '.value': 'x', '.priority': 7 });
    const n = leaf.updateChild(['k'], nodeFromJSON(1));
    expect(n.isLeaf()).toBe(false);
    expect(n.val(true)).toEqual({ k: 1, '.priority': 7 });
    expect(leaf.updateChild(['k'], EMPTY_NODE)).toBe(leaf);
  });

  it('.priority as a child: read and written like the SDK', () => {
    const n = nodeFromJSON({ a: { '.value': 1, '.priority': 'p' } });
    expect(n.getChild(['a', '.priority']).val()).toBe('p');
    expect(n.updateChild(['a', '.priority'], nodeFromJSON(3)).getChild(['a']).getPriority()).toBe(3);
    expect(n.updateChild(['a', '.priority'], EMPTY_NODE).getChild(['a']).getPriority()).toBe(null);
  });

  it('accessors', () => {
    const n = nodeFromJSON({ a: 1, b: { c: true } });
    expect(n.numChildren()).toBe(2);
    expect(n.hasChild('a')).toBe(true);
    expect(n.hasChild('z')).toBe(false);
    expect(n.getImmediateChild('z')).toBe(EMPTY_NODE);
    expect(n.getChild(['b', 'c']).getValue()).toBe(true);
    expect(n.getChild(['a', 'x'])).toBe(EMPTY_NODE);
    expect(n.getValue()).toBe(null);
    expect(n.isLeaf()).toBe(false);
    expect(EMPTY_NODE.isEmpty()).toBe(true);
    expect(EMPTY_NODE.val()).toBe(null);
  });

  it('equals compares data and priorities structurally', () => {
    const a = nodeFromJSON({ x: { y: 1 }, z: 'q' });
    const b = EMPTY_NODE.updateChild(['z'], nodeFromJSON('q')).updateChild(['x', 'y'], nodeFromJSON(1));
    expect(a.equals(b)).toBe(true);
    expect(a.equals(b.updatePriority(1))).toBe(false);
    expect(a.equals(b.updateChild(['x', 'y'], nodeFromJSON('1')))).toBe(false);
    expect(nodeFromJSON(1).equals(nodeFromJSON(1))).toBe(true);
    expect(nodeFromJSON(1).equals(nodeFromJSON(1, 'p'))).toBe(false);
    expect(nodeFromJSON(true).equals(nodeFromJSON('true'))).toBe(false);
  });

  it('large child lists: thousands of inserts and deletes stay ordered and counted', () => {
    const rand = prng(5);
    let node: DataNode = EMPTY_NODE;
    const model = new Map<string, number>();
    for (let i = 0; i < 20000; i++) {
      const key = rand() < 0.5 ? String(Math.floor(rand() * 5000)) : 'k' + Math.floor(rand() * 5000);
      if (rand() < 0.3) {
        node = node.updateImmediateChild(key, EMPTY_NODE);
        model.delete(key);
      } else {
        node = node.updateImmediateChild(key, nodeFromJSON(i));
        model.set(key, i);
      }
    }
    expect(node.numChildren()).toBe(model.size);
    expect(node.childKeys()).toEqual([...model.keys()].sort(nameCompare));
    for (const [k, v] of model) expect(node.getImmediateChild(k).getValue()).toBe(v);
    expect(node.equals(nodeFromJSON(Object.fromEntries(model)))).toBe(true);
  }, 120_000);
});
