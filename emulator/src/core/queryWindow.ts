// What a query selects: the children of a location in index order (priority, key, value or a
// child's value — the SDK's core/snap/indexes/*), cut to the range between the start and end
// bounds and to the limit from the left or right (its core/view/filter/RangedFilter.ts and
// LimitedFilter.ts). The parameters themselves are parsed in queryParams.ts.
import { ChildrenNode, compareNodes, EMPTY_NODE, nodeFromJSON, type DataNode } from './node.js';
import { compareParsedKeys, MAX_NAME, MIN_NAME, nameCompare, tryParseInt } from './path.js';
import { loadsAllData, type QueryBound, type QueryIndex, type QueryParams } from './queryParams.js';
import { treapEachFrom, treapEachReverseFrom, treapFromSorted, type TNode } from './treap.js';

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
    list = node.entries().map((e: TNode<DataNode>) => ({
      key: e.key,
      keyInt: e.keyInt,
      node: e.value,
      sortNode: sortValueOf(index, e.value),
    }));
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
  return buildWindow(
    node,
    picked.map((t) => ({ key: t.key, keyInt: t.keyInt, node: t.value, sortNode: EMPTY_NODE })),
  );
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
