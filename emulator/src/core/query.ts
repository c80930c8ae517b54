import { DatabaseError } from './errors.js';
import { ChildrenNode, compareNodes, EMPTY_NODE, nodeFromJSON, type DataNode } from './node.js';
import { compareParsedKeys, MAX_NAME, MIN_NAME, nameCompare, parsePath, tryParseInt, type Path } from './path.js';
import { treapEachFrom, treapEachReverseFrom, treapFromSorted, type TNode } from './treap.js';

export type QueryIndex = { kind: 'priority' } | { kind: 'key' } | { kind: 'value' } | { kind: 'child'; path: Path };

export interface QueryBound {
  value: unknown;
  /** Key tie-break; absent means "any key" (MIN_NAME for a start, MAX_NAME for an end). */
  name?: string;
  inclusive: boolean;
}

export interface QueryParams {
  index: QueryIndex;
  start?: QueryBound;
  end?: QueryBound;
  limit?: number;
  viewFrom?: 'left' | 'right';
}

export const DEFAULT_QUERY: QueryParams = Object.freeze({ index: Object.freeze({ kind: 'priority' }) }) as QueryParams;

function invalid(message: string): never {
  throw new DatabaseError('invalid_query', message);
}

export function isDefaultQuery(params: QueryParams): boolean {
  return loadsAllData(params) && params.index.kind === 'priority';
}

export function loadsAllData(params: QueryParams): boolean {
  return params.start === undefined && params.end === undefined && params.limit === undefined;
}

export function indexedPath(params: QueryParams): Path | null {
  return params.index.kind === 'child' ? params.index.path : null;
}

/** The wire name of an index ('i' in the query object). */
export function indexToString(index: QueryIndex): string {
  switch (index.kind) {
    case 'priority':
      return '.priority';
    case 'key':
      return '.key';
    case 'value':
      return '.value';
    case 'child':
      return index.path.join('/');
  }
}

function parseIndex(i: unknown): QueryIndex {
  if (i === undefined || i === '.priority') return { kind: 'priority' };
  if (i === '.key') return { kind: 'key' };
  if (i === '.value') return { kind: 'value' };
  if (typeof i !== 'string') invalid(`Invalid query index ${JSON.stringify(i)}.`);
  let path: Path;
  try {
    path = parsePath(i);
  } catch (e) {
    invalid(`Invalid query index ${JSON.stringify(i)}: ${(e as Error).message}`);
  }
  if (path.length === 0) invalid('Invalid query index: orderByChild needs a non-empty path.');
  return { kind: 'child', path };
}

function checkBoundValue(index: QueryIndex, value: unknown, name: string | undefined, what: string): void {
  if (value !== null && typeof value === 'object') {
    invalid(`Query ${what}: the value must be a JSON primitive (null, a boolean, a number or a string).`);
  }
  if (typeof value === 'number' && !Number.isFinite(value)) invalid(`Query ${what}: ${String(value)} is not a valid value.`);
  if (index.kind === 'key' && typeof value !== 'string') {
    invalid(`Query ${what}: when ordering by key, the value must be a string.`);
  }
  if (index.kind === 'priority' && typeof value === 'boolean') {
    invalid(`Query ${what}: when ordering by priority, the value must be a valid priority (null, a number or a string).`);
  }
  if (name !== undefined && typeof name !== 'string') invalid(`Query ${what}: the key name must be a string.`);
}

/**
 * The query object of a listen (`q`): sp/sn/sin start, ep/en/ein end, l limit, vf 'l'|'r', i index.
 * A missing `sin`/`ein` means inclusive (older clients); a limit without `vf` anchors to the
 * start when one is set, else to the end, as the SDK's isViewFromLeft.
 */
export function queryParamsFromWire(q: Record<string, unknown> | undefined): QueryParams {
  if (q === undefined || q === null) return DEFAULT_QUERY;
  if (typeof q !== 'object' || Array.isArray(q)) invalid('Invalid query object.');
  const params: QueryParams = { index: parseIndex(q.i) };
  if ('sp' in q) {
    const sn = q.sn === undefined ? undefined : (q.sn as string);
    checkBoundValue(params.index, q.sp, sn, 'start');
    if (q.sin !== undefined && typeof q.sin !== 'boolean') invalid('Query start: "sin" must be a boolean.');
    params.start = { value: q.sp ?? null, inclusive: q.sin !== false };
    if (sn !== undefined) params.start.name = sn;
  } else if ('sn' in q || 'sin' in q) invalid('Query start name without a start value.');
  if ('ep' in q) {
    const en = q.en === undefined ? undefined : (q.en as string);
    checkBoundValue(params.index, q.ep, en, 'end');
    if (q.ein !== undefined && typeof q.ein !== 'boolean') invalid('Query end: "ein" must be a boolean.');
    params.end = { value: q.ep ?? null, inclusive: q.ein !== false };
    if (en !== undefined) params.end.name = en;
  } else if ('en' in q || 'ein' in q) invalid('Query end name without an end value.');
  if ('l' in q) {
    const l = q.l;
    if (typeof l !== 'number' || !Number.isInteger(l) || l < 0) invalid(`Query limit must be a non-negative integer, got ${JSON.stringify(l)}.`);
    params.limit = l;
    if (q.vf === 'l') params.viewFrom = 'left';
    else if (q.vf === 'r') params.viewFrom = 'right';
    else if (q.vf === undefined) params.viewFrom = params.start !== undefined ? 'left' : 'right';
    else invalid(`Query "vf" must be "l" or "r", got ${JSON.stringify(q.vf)}.`);
  } else if ('vf' in q) invalid('Query "vf" without a limit.');
  return params;
}

/** The wire query object for `params` (the SDK's queryParamsGetQueryObject). */
export function queryParamsToWire(params: QueryParams): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  if (params.start) {
    obj.sp = params.start.value;
    if (params.start.name !== undefined) obj.sn = params.start.name;
    obj.sin = params.start.inclusive;
  }
  if (params.end) {
    obj.ep = params.end.value;
    if (params.end.name !== undefined) obj.en = params.end.name;
    obj.ein = params.end.inclusive;
  }
  if (params.limit !== undefined) {
    obj.l = params.limit;
    obj.vf = params.viewFrom === 'left' ? 'l' : params.viewFrom === 'right' ? 'r' : params.start ? 'l' : 'r';
  }
  if (params.index.kind !== 'priority') obj.i = indexToString(params.index);
  return obj;
}

function objectToUniqueKey(obj: unknown): string {
  if (typeof obj !== 'object' || obj === null) return JSON.stringify(obj);
  const keys = Object.keys(obj).sort();
  let s = '{';
  for (let i = 0; i < keys.length; i++) {
    if (i !== 0) s += ',';
    s += JSON.stringify(keys[i]) + ':' + objectToUniqueKey((obj as Record<string, unknown>)[keys[i]]);
  }
  return s + '}';
}

/** 'default' for the default query, else the SDK's queryIdentifier (sorted-key JSON of the wire object). */
export function queryIdentifier(params: QueryParams): string {
  return isDefaultQuery(params) ? 'default' : objectToUniqueKey(queryParamsToWire(params));
}

/** A REST bound: a JSON value, optionally followed by `,"keyName"` (as the SDK's REST client sends). */
function parseRestBound(raw: string, param: string): { value: unknown; name?: string } {
  try {
    return { value: JSON.parse(raw) };
  } catch {
    // A string value may itself contain commas: try each split point from the right.
    for (let i = raw.lastIndexOf(','); i > 0; i = raw.lastIndexOf(',', i - 1)) {
      try {
        const value = JSON.parse(raw.slice(0, i));
        const name = JSON.parse(raw.slice(i + 1));
        if (typeof name === 'string') return { value, name };
      } catch {
        /* try the next comma */
      }
    }
    invalid(`${param} must be a valid JSON value`);
  }
}

function parseRestLimit(raw: string, param: string): number {
  const n = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) invalid(`${param} must be a positive integer`);
  return n;
}

/**
 * REST query parameters: orderBy (JSON-encoded "$key", "$value", "$priority" or a child path),
 * startAt / startAfter / endAt / endBefore / equalTo (JSON values, optionally `,"key"`),
 * limitToFirst / limitToLast. Other parameters (shallow, print, auth, ...) are ignored here.
 */
export function queryParamsFromRest(search: URLSearchParams): QueryParams {
  const get = (name: string): string | undefined => search.get(name) ?? undefined;
  const orderByRaw = get('orderBy');
  const startAt = get('startAt');
  const startAfter = get('startAfter');
  const endAt = get('endAt');
  const endBefore = get('endBefore');
  const equalTo = get('equalTo');
  const first = get('limitToFirst');
  const last = get('limitToLast');
  const constrained = [startAt, startAfter, endAt, endBefore, equalTo, first, last].some((v) => v !== undefined);
  if (orderByRaw === undefined) {
    if (constrained) invalid('orderBy must be defined when other query parameters are defined');
    return DEFAULT_QUERY;
  }
  let orderBy: unknown;
  try {
    orderBy = JSON.parse(orderByRaw);
  } catch {
    invalid('orderBy must be a valid JSON encoded path');
  }
  if (typeof orderBy !== 'string') invalid('orderBy must be a valid JSON encoded path');
  let index: QueryIndex;
  if (orderBy === '$key') index = { kind: 'key' };
  else if (orderBy === '$value') index = { kind: 'value' };
  else if (orderBy === '$priority') index = { kind: 'priority' };
  else {
    let path: Path;
    try {
      path = parsePath(orderBy);
    } catch {
      invalid('orderBy must be a valid JSON encoded path');
    }
    if (path.length === 0) invalid('orderBy must be a valid JSON encoded path');
    index = { kind: 'child', path };
  }
  const params: QueryParams = { index };
  if (startAt !== undefined && startAfter !== undefined) invalid('startAt and startAfter cannot both be specified');
  if (endAt !== undefined && endBefore !== undefined) invalid('endAt and endBefore cannot both be specified');
  if (equalTo !== undefined && [startAt, startAfter, endAt, endBefore].some((v) => v !== undefined)) {
    invalid('equalTo cannot be specified in addition to startAt, startAfter, endAt, or endBefore');
  }
  if (first !== undefined && last !== undefined) invalid('limitToFirst and limitToLast cannot both be specified');
  const bound = (raw: string, param: string, inclusive: boolean, isEnd: boolean): QueryBound => {
    const b = parseRestBound(raw, param);
    checkBoundValue(index, b.value, b.name, param);
    const out: QueryBound = { value: b.value, inclusive };
    if (index.kind === 'key') return out;
    if (b.name !== undefined) out.name = b.name;
    // As the SDK: an exclusive bound without a key name excludes every key at that value.
    else if (!inclusive) out.name = isEnd ? MIN_NAME : MAX_NAME;
    return out;
  };
  if (startAt !== undefined) params.start = bound(startAt, 'startAt', true, false);
  if (startAfter !== undefined) params.start = bound(startAfter, 'startAfter', false, false);
  if (endAt !== undefined) params.end = bound(endAt, 'endAt', true, true);
  if (endBefore !== undefined) params.end = bound(endBefore, 'endBefore', false, true);
  if (equalTo !== undefined) {
    params.start = bound(equalTo, 'equalTo', true, false);
    params.end = bound(equalTo, 'equalTo', true, true);
  }
  if (first !== undefined) {
    params.limit = parseRestLimit(first, 'limitToFirst');
    params.viewFrom = 'left';
  }
  if (last !== undefined) {
    params.limit = parseRestLimit(last, 'limitToLast');
    params.viewFrom = 'right';
  }
  return params;
}

// ---------------------------------------------------------------------------------------------
// Evaluation

interface IndexedChild {
  key: string;
  keyInt: number | null;
  node: DataNode;
  /** What the index orders by (unused for key order). */
  sortNode: DataNode;
}

function indexCacheKey(index: QueryIndex): string {
  return index.kind === 'child' ? 'c:' + index.path.join('/') : index.kind;
}

function sortValueOf(index: QueryIndex, node: DataNode): DataNode {
  switch (index.kind) {
    case 'priority': {
      const p = node.getPriority();
      return p === null ? EMPTY_NODE : nodeFromJSON(p);
    }
    case 'value':
      return node;
    case 'child':
      return node.getChild(index.path);
    case 'key':
      return EMPTY_NODE;
  }
}

function compareIndexed(a: IndexedChild, b: IndexedChild): number {
  return compareNodes(a.sortNode, b.sortNode) || compareParsedKeys(a.key, a.keyInt, b.key, b.keyInt);
}

/** First position in `list` not before `entry` (binary search in index order). */
function lowerBound(list: IndexedChild[], entry: IndexedChild): number {
  let a = 0;
  let b = list.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (compareIndexed(list[m], entry) < 0) a = m + 1;
    else b = m;
  }
  return a;
}

function indexedEntry(index: QueryIndex, key: string, node: DataNode): IndexedChild {
  return { key, keyInt: tryParseInt(key), node, sortNode: sortValueOf(index, node) };
}

/**
 * The children of `node` in index order; built once per immutable node and index (so listeners
 * with the same ordering share one sort), and patched rather than re-sorted when the node is its
 * predecessor with one child changed.
 */
function indexedChildren(node: ChildrenNode, index: QueryIndex): IndexedChild[] {
  const cacheKey = indexCacheKey(index);
  const cached = node.indexCache?.get(cacheKey) as IndexedChild[] | undefined;
  if (cached) return cached;
  let list: IndexedChild[] | undefined;
  const derived = node.derivedFrom;
  const baseList = derived?.base.indexCache?.get(cacheKey) as IndexedChild[] | undefined;
  if (derived !== undefined && baseList !== undefined) {
    list = baseList.slice();
    const keys = new Set(derived.keys);
    for (const key of keys) {
      const before = derived.base.getImmediateChild(key);
      if (before.isEmpty()) continue;
      const at = lowerBound(list, indexedEntry(index, key, before));
      if (at < list.length && list[at].key === key) list.splice(at, 1);
      else {
        list = undefined; // cannot happen for a consistent cache; fall back to sorting
        break;
      }
    }
    if (list !== undefined) {
      for (const key of keys) {
        const after = node.getImmediateChild(key);
        if (after.isEmpty()) continue;
        const entry = indexedEntry(index, key, after);
        list.splice(lowerBound(list, entry), 0, entry);
      }
    }
  }
  if (list === undefined) {
    list = node.entries().map((e: TNode<DataNode>) => ({ key: e.key, keyInt: e.keyInt, node: e.value, sortNode: sortValueOf(index, e.value) }));
    list.sort(compareIndexed);
  }
  const cache = (node.indexCache ??= new Map());
  cache.set(cacheKey, list);
  // Let go of the old version once every order it knew has been carried over.
  if (derived !== undefined && [...(derived.base.indexCache?.keys() ?? [])].every((k) => cache.has(k))) {
    node.derivedFrom = undefined;
  }
  return list;
}

/** Compares a bound (post) with a child in index order: <0 when the bound sorts first. */
function compareBound(bound: QueryBound, boundNode: DataNode, defaultName: string, child: IndexedChild): number {
  const c = compareNodes(boundNode, child.sortNode);
  if (c !== 0) return c;
  return nameCompare(bound.name ?? defaultName, child.key);
}

/**
 * A bound translated to key space, for orders that equal key order (orderByKey, and priority
 * order when no child has a priority): 'none' when it excludes nothing, 'all' when it excludes
 * every child, else a key and whether that key itself is included.
 */
type KeyBound = 'none' | 'all' | { name: string; inclusive: boolean };

function keyBound(index: QueryIndex, bound: QueryBound | undefined, isEnd: boolean): KeyBound {
  if (bound === undefined) return 'none';
  if (index.kind === 'key') return { name: bound.value as string, inclusive: bound.inclusive };
  // Priority order without priorities: every child sorts as "no priority" (null), then by key.
  const boundNode = nodeFromJSON(bound.value);
  if (!boundNode.isEmpty()) return isEnd ? 'none' : 'all';
  return { name: bound.name ?? (isEnd ? MAX_NAME : MIN_NAME), inclusive: bound.inclusive };
}

function applyKeyOrdered(node: ChildrenNode, params: QueryParams): DataNode {
  const start = keyBound(params.index, params.start, false);
  const end = keyBound(params.index, params.end, true);
  if (start === 'all' || end === 'all') return EMPTY_NODE;
  const afterStart = (t: TNode<DataNode>): boolean => {
    if (start === 'none') return true;
    const c = nameCompare(start.name, t.key);
    return start.inclusive ? c <= 0 : c < 0;
  };
  const beforeEnd = (t: TNode<DataNode>): boolean => {
    if (end === 'none') return true;
    const c = nameCompare(t.key, end.name);
    return end.inclusive ? c <= 0 : c < 0;
  };
  const limit = params.limit ?? Infinity;
  const fromLeft = (params.viewFrom ?? (params.start !== undefined ? 'left' : 'right')) === 'left';
  if (limit >= node.count && start === 'none' && end === 'none') return node.updatePriority(null);
  const picked: TNode<DataNode>[] = [];
  if (limit > 0) {
    if (fromLeft) {
      treapEachFrom(node.root, afterStart, (t) => {
        if (!beforeEnd(t)) return true;
        picked.push(t);
        return picked.length >= limit;
      });
    } else {
      treapEachReverseFrom(node.root, beforeEnd, (t) => {
        if (!afterStart(t)) return true;
        picked.push(t);
        return picked.length >= limit;
      });
      picked.reverse();
    }
  }
  return buildWindow(node, picked.map((t) => ({ key: t.key, keyInt: t.keyInt, node: t.value, sortNode: EMPTY_NODE })));
}

function buildWindow(node: ChildrenNode, selected: IndexedChild[]): DataNode {
  if (selected.length === 0) return EMPTY_NODE;
  if (selected.length === node.count) return node.updatePriority(null);
  let prioCount = 0;
  for (const s of selected) if (s.node.getPriority() !== null) prioCount++;
  return new ChildrenNode(
    treapFromSorted(
      selected.map((s) => s.key),
      selected.map((s) => s.keyInt),
      selected.map((s) => s.node),
    ),
    selected.length,
    null,
    prioCount,
  );
}

/**
 * The window a listener of this query sees: children within start/end (key tie-breaks,
 * inclusive or exclusive), then `limit` of them from the left or right. Like the SDK's
 * RangedFilter/LimitedFilter, a query that filters drops the location's own priority and sees a
 * leaf as empty; a query without bounds or limit sees the data unchanged.
 */
export function applyQuery(node: DataNode, params: QueryParams): DataNode {
  if (loadsAllData(params)) return node;
  if (!(node instanceof ChildrenNode) || node.isEmpty()) return EMPTY_NODE;
  const index = params.index;
  if (index.kind === 'key' || (index.kind === 'priority' && node.prioCount === 0)) return applyKeyOrdered(node, params);
  const list = indexedChildren(node, index);
  let lo = 0;
  let hi = list.length;
  const start = params.start;
  if (start !== undefined) {
    const startNode = nodeFromJSON(start.value);
    // First child past the start bound (entries are sorted, so the predicate is monotone).
    let a = 0;
    let b = list.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      const c = compareBound(start, startNode, MIN_NAME, list[m]);
      if (start.inclusive ? c <= 0 : c < 0) b = m;
      else a = m + 1;
    }
    lo = a;
  }
  const end = params.end;
  if (end !== undefined) {
    const endNode = nodeFromJSON(end.value);
    let a = lo;
    let b = list.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      const c = compareBound(end, endNode, MAX_NAME, list[m]);
      // child <= end  <=>  compare(end, child) >= 0
      if (end.inclusive ? c >= 0 : c > 0) a = m + 1;
      else b = m;
    }
    hi = Math.max(lo, a);
  }
  if (params.limit !== undefined && hi - lo > params.limit) {
    const fromLeft = (params.viewFrom ?? (start !== undefined ? 'left' : 'right')) === 'left';
    if (fromLeft) hi = lo + params.limit;
    else lo = hi - params.limit;
  }
  if (lo >= hi) return EMPTY_NODE;
  if (lo === 0 && hi === list.length) return node.updatePriority(null);
  const selected = list.slice(lo, hi);
  selected.sort((x, y) => compareParsedKeys(x.key, x.keyInt, y.key, y.keyInt));
  return buildWindow(node, selected);
}
