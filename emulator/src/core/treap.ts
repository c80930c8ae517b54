import { compareParsedKeys } from './path.js';

/**
 * A persistent (path-copying) treap keyed by child name in nameCompare order. Heap priorities
 * are derived from the key, so a set of keys always has the same shape. Updates copy O(log n)
 * nodes, which keeps writes into large lists (chat messages, push ids) cheap.
 */
export class TNode<V> {
  constructor(
    readonly key: string,
    readonly keyInt: number | null,
    readonly prio: number,
    readonly value: V,
    readonly left: TNode<V> | null,
    readonly right: TNode<V> | null,
  ) {}
}

function keyPriority(key: string): number {
  // FNV-1a, then a final avalanche so sequential keys don't cluster.
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

export function treapGet<V>(t: TNode<V> | null, key: string, keyInt: number | null): TNode<V> | null {
  while (t !== null) {
    if (t.key === key) return t;
    const c = compareParsedKeys(key, keyInt, t.key, t.keyInt);
    t = c < 0 ? t.left : t.right;
  }
  return null;
}

export function treapInsert<V>(t: TNode<V> | null, key: string, keyInt: number | null, value: V): TNode<V> {
  return insert(t, key, keyInt, keyPriority(key), value);
}

function insert<V>(t: TNode<V> | null, key: string, keyInt: number | null, prio: number, value: V): TNode<V> {
  if (t === null) return new TNode(key, keyInt, prio, value, null, null);
  if (t.key === key) return new TNode(t.key, t.keyInt, t.prio, value, t.left, t.right);
  const c = compareParsedKeys(key, keyInt, t.key, t.keyInt);
  if (c < 0) {
    const l = insert(t.left, key, keyInt, prio, value);
    if (l.prio > t.prio) {
      return new TNode(
        l.key,
        l.keyInt,
        l.prio,
        l.value,
        l.left,
        new TNode(t.key, t.keyInt, t.prio, t.value, l.right, t.right),
      );
    }
    return new TNode(t.key, t.keyInt, t.prio, t.value, l, t.right);
  }
  const r = insert(t.right, key, keyInt, prio, value);
  if (r.prio > t.prio) {
    return new TNode(
      r.key,
      r.keyInt,
      r.prio,
      r.value,
      new TNode(t.key, t.keyInt, t.prio, t.value, t.left, r.left),
      r.right,
    );
  }
  return new TNode(t.key, t.keyInt, t.prio, t.value, t.left, r);
}

/** Returns `t` itself when the key is absent. */
export function treapRemove<V>(t: TNode<V> | null, key: string, keyInt: number | null): TNode<V> | null {
  if (t === null) return null;
  if (t.key === key) return merge(t.left, t.right);
  const c = compareParsedKeys(key, keyInt, t.key, t.keyInt);
  if (c < 0) {
    const l = treapRemove(t.left, key, keyInt);
    return l === t.left ? t : new TNode(t.key, t.keyInt, t.prio, t.value, l, t.right);
  }
  const r = treapRemove(t.right, key, keyInt);
  return r === t.right ? t : new TNode(t.key, t.keyInt, t.prio, t.value, t.left, r);
}

function merge<V>(a: TNode<V> | null, b: TNode<V> | null): TNode<V> | null {
  if (a === null) return b;
  if (b === null) return a;
  if (a.prio > b.prio) return new TNode(a.key, a.keyInt, a.prio, a.value, a.left, merge(a.right, b));
  return new TNode(b.key, b.keyInt, b.prio, b.value, merge(a, b.left), b.right);
}

/** In-order walk; stops (and returns true) when `fn` returns true. */
export function treapEach<V>(t: TNode<V> | null, fn: (key: string, value: V) => boolean | void): boolean {
  while (t !== null) {
    if (t.left !== null && treapEach(t.left, fn)) return true;
    if (fn(t.key, t.value) === true) return true;
    t = t.right;
  }
  return false;
}

export function treapEntries<V>(t: TNode<V> | null, out: TNode<V>[] = []): TNode<V>[] {
  while (t !== null) {
    if (t.left !== null) treapEntries(t.left, out);
    out.push(t);
    t = t.right;
  }
  return out;
}

/**
 * Builds a treap from entries already sorted by key, in O(n) (Cartesian tree construction with
 * a stack), so turning a large JSON object into a node costs one sort.
 */
export function treapFromSorted<V>(
  keys: readonly string[],
  keyInts: readonly (number | null)[],
  values: readonly V[],
): TNode<V> | null {
  const n = keys.length;
  if (n === 0) return null;
  if (n <= 8) {
    // Small objects are the common case; typed-array scaffolding costs more than a few inserts.
    let t: TNode<V> | null = null;
    for (let i = 0; i < n; i++) t = insert(t, keys[i], keyInts[i], keyPriority(keys[i]), values[i]);
    return t;
  }
  // Mutable scaffolding first; TNode is immutable, so the final tree is materialised bottom-up.
  const prios = new Uint32Array(n);
  const left = new Int32Array(n).fill(-1);
  const right = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let sp = 0;
  for (let i = 0; i < n; i++) {
    prios[i] = keyPriority(keys[i]);
    let last = -1;
    while (sp > 0 && prios[stack[sp - 1]] < prios[i]) last = stack[--sp];
    left[i] = last;
    if (sp > 0) right[stack[sp - 1]] = i;
    stack[sp++] = i;
  }
  const rootIdx = stack[0];
  const build = (i: number): TNode<V> | null =>
    i < 0 ? null : new TNode(keys[i], keyInts[i], prios[i], values[i], build(left[i]), build(right[i]));
  return build(rootIdx);
}

/**
 * In-order walk over the nodes for which `inRange` holds, where `inRange` is false for a prefix of
 * the keys and true after it; subtrees wholly before the range are skipped. Stops when `fn`
 * returns true.
 */
export function treapEachFrom<V>(
  t: TNode<V> | null,
  inRange: (n: TNode<V>) => boolean,
  fn: (n: TNode<V>) => boolean | void,
): boolean {
  while (t !== null) {
    if (inRange(t)) {
      if (t.left !== null && treapEachFrom(t.left, inRange, fn)) return true;
      if (fn(t) === true) return true;
    }
    t = t.right;
  }
  return false;
}

/** Reverse of treapEachFrom: `inRange` is true for a prefix of the keys and false after it. */
export function treapEachReverseFrom<V>(
  t: TNode<V> | null,
  inRange: (n: TNode<V>) => boolean,
  fn: (n: TNode<V>) => boolean | void,
): boolean {
  while (t !== null) {
    if (inRange(t)) {
      if (t.right !== null && treapEachReverseFrom(t.right, inRange, fn)) return true;
      if (fn(t) === true) return true;
    }
    t = t.left;
  }
  return false;
}
