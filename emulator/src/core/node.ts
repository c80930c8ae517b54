import { DatabaseError } from './errors.js';
import { setJsonProperty } from './json.js';
import { priorityHashText, doubleToIEEE754String, sha1Base64 } from './hash.js';
import { compareParsedKeys, tryParseInt, type Path } from './path.js';
import { TNode, treapEach, treapEntries, treapFromSorted, treapGet, treapInsert, treapRemove } from './treap.js';

type Priority = string | number | null;
type LeafValue = string | number | boolean;

/** An immutable JSON tree node with a priority. Updates return new nodes sharing the unchanged parts. */
export interface DataNode {
  isLeaf(): boolean;
  /** True only for the empty (null) node. */
  isEmpty(): boolean;
  getValue(): LeafValue | null;
  getPriority(): Priority;
  /** `.priority` gives the priority as a leaf (as in the SDK). EMPTY_NODE when absent. */
  getImmediateChild(key: string): DataNode;
  getChild(path: Path): DataNode;
  hasChild(key: string): boolean;
  numChildren(): number;
  /** Key order (nameCompare); return true to stop. */
  forEachChild(callback: (key: string, child: DataNode) => boolean | void): void;
  childKeys(): string[];
  /** An empty child deletes; a node left without children becomes EMPTY_NODE (and loses its priority). */
  updateImmediateChild(key: string, child: DataNode): DataNode;
  updateChild(path: Path, child: DataNode): DataNode;
  updatePriority(priority: Priority): DataNode;
  /** JSON (null when empty), arrays for dense integer keys; exportFormat adds .priority / .value. */
  val(exportFormat?: boolean): unknown;
  /** The SDK's node hash, bit for bit (memoised). */
  hash(): string;
  equals(other: DataNode): boolean;
}

const LEAF_TYPE_RANK = { boolean: 1, number: 2, string: 3 } as const;

/** Firebase value ordering of two nodes: empty < leaves (false < true < numbers < strings) < objects (all equal). */
export function compareNodes(a: DataNode, b: DataNode): number {
  if (a.isEmpty()) return b.isEmpty() ? 0 : -1;
  if (b.isEmpty()) return 1;
  if (a instanceof LeafNode) {
    if (!(b instanceof LeafNode)) return -1;
    return compareLeafValues(a.value, b.value);
  }
  return b instanceof LeafNode ? 1 : 0;
}

function compareLeafValues(a: LeafValue, b: LeafValue): number {
  const ta = typeof a as 'boolean' | 'number' | 'string';
  const tb = typeof b as 'boolean' | 'number' | 'string';
  if (ta !== tb) return LEAF_TYPE_RANK[ta] - LEAF_TYPE_RANK[tb];
  return a < b ? -1 : a === b ? 0 : 1;
}

/** Priority order (the SDK's PRIORITY_INDEX): no priority < numbers < strings. */
function comparePriorities(a: Priority, b: Priority): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  return compareLeafValues(a, b);
}

function isValidPriorityValue(p: unknown): p is Priority {
  return p === null || typeof p === 'string' || (typeof p === 'number' && Number.isFinite(p));
}

class LeafNode implements DataNode {
  private hash_: string | null = null;
  constructor(
    readonly value: LeafValue,
    readonly priority: Priority = null,
  ) {}
  isLeaf(): boolean {
    return true;
  }
  isEmpty(): boolean {
    return false;
  }
  getValue(): LeafValue {
    return this.value;
  }
  getPriority(): Priority {
    return this.priority;
  }
  getImmediateChild(key: string): DataNode {
    return key === '.priority' ? priorityNode(this.priority) : EMPTY_NODE;
  }
  getChild(path: Path): DataNode {
    if (path.length === 0) return this;
    return path[0] === '.priority' && path.length === 1 ? priorityNode(this.priority) : EMPTY_NODE;
  }
  hasChild(): boolean {
    return false;
  }
  numChildren(): number {
    return 0;
  }
  forEachChild(): void {}
  childKeys(): string[] {
    return [];
  }
  updateImmediateChild(key: string, child: DataNode): DataNode {
    if (key === '.priority') return this.updatePriority(priorityOfNode(child));
    if (child.isEmpty()) return this;
    // Writing below a leaf replaces it with an object; the SDK keeps the leaf's priority.
    return EMPTY_NODE.updateImmediateChild(key, child).updatePriority(this.priority);
  }
  updateChild(path: Path, child: DataNode): DataNode {
    return updateChildAt(this, path, 0, child);
  }
  updatePriority(priority: Priority): DataNode {
    return priority === this.priority ? this : new LeafNode(this.value, priority);
  }
  val(exportFormat?: boolean): unknown {
    if (exportFormat && this.priority !== null) return { '.value': this.value, '.priority': this.priority };
    return this.value;
  }
  hash(): string {
    if (this.hash_ === null) {
      let text = this.priority === null ? '' : 'priority:' + priorityHashText(this.priority) + ':';
      const v = this.value;
      text += typeof v + ':' + (typeof v === 'number' ? doubleToIEEE754String(v) : String(v));
      this.hash_ = sha1Base64(text);
    }
    return this.hash_;
  }
  equals(other: DataNode): boolean {
    if (other === this) return true;
    return other instanceof LeafNode && other.value === this.value && other.priority === this.priority;
  }
}

function priorityNode(p: Priority): DataNode {
  return p === null ? EMPTY_NODE : new LeafNode(p);
}

function priorityOfNode(node: DataNode): Priority {
  if (node.isEmpty()) return null;
  const v = node.getValue();
  if (!isValidPriorityValue(v)) throw new DatabaseError('invalid_data', 'Priority must be a string, a number or null.');
  return v;
}

/** An object node (or the empty node). Children live in a persistent treap in key order. */
export class ChildrenNode implements DataNode {
  private hash_: string | null = null;
  /** Per-index sorted children for queries; valid for this immutable node only. */
  indexCache: Map<string, unknown> | undefined = undefined;
  /**
   * Set when this node is `base` with a few children replaced and `base` had sorted indexes: a
   * query can then patch base's order (a removal and an insertion per key) instead of sorting
   * again. Cleared once used; it only ever points at a node that has a cache, so no chains of
   * old versions build up.
   */
  derivedFrom: { base: ChildrenNode; keys: string[] } | undefined = undefined;
  constructor(
    readonly root: TNode<DataNode> | null,
    readonly count: number,
    readonly priority: Priority,
    /** How many children carry a priority: when 0, priority order equals key order. */
    readonly prioCount: number,
  ) {}
  isLeaf(): boolean {
    return false;
  }
  isEmpty(): boolean {
    return this.count === 0;
  }
  getValue(): null {
    return null;
  }
  getPriority(): Priority {
    return this.priority;
  }
  getImmediateChild(key: string): DataNode {
    if (key === '.priority') return priorityNode(this.priority);
    const t = treapGet(this.root, key, tryParseInt(key));
    return t === null ? EMPTY_NODE : t.value;
  }
  getChild(path: Path): DataNode {
    if (path.length === 0) return this;
    let node = this.getImmediateChild(path[0]);
    for (let i = 1; i < path.length; i++) {
      node = node.getImmediateChild(path[i]);
      if (node.isEmpty()) return EMPTY_NODE;
    }
    return node;
  }
  hasChild(key: string): boolean {
    return !this.getImmediateChild(key).isEmpty();
  }
  numChildren(): number {
    return this.count;
  }
  forEachChild(callback: (key: string, child: DataNode) => boolean | void): void {
    treapEach(this.root, callback);
  }
  childKeys(): string[] {
    const keys: string[] = [];
    treapEach(this.root, (k) => {
      keys.push(k);
    });
    return keys;
  }
  /** Children as treap entries (key, keyInt, value) in key order. */
  entries(): TNode<DataNode>[] {
    return treapEntries(this.root);
  }
  updateImmediateChild(key: string, child: DataNode): DataNode {
    if (key === '.priority') return this.updatePriority(priorityOfNode(child));
    const keyInt = tryParseInt(key);
    const existing = treapGet(this.root, key, keyInt);
    if (child.isEmpty()) {
      if (existing === null) return this;
      if (this.count === 1) return EMPTY_NODE;
      const had = existing.value.getPriority() !== null ? 1 : 0;
      return this.derive(
        new ChildrenNode(treapRemove(this.root, key, keyInt), this.count - 1, this.priority, this.prioCount - had),
        key,
      );
    }
    if (existing !== null && existing.value === child) return this;
    const had = existing !== null && existing.value.getPriority() !== null ? 1 : 0;
    const has = child.getPriority() !== null ? 1 : 0;
    return this.derive(
      new ChildrenNode(
        treapInsert(this.root, key, keyInt, child),
        existing === null ? this.count + 1 : this.count,
        this.priority,
        this.prioCount - had + has,
      ),
      key,
    );
  }
  private derive(next: ChildrenNode, key: string): ChildrenNode {
    if (this.indexCache !== undefined) next.derivedFrom = { base: this, keys: [key] };
    else if (this.derivedFrom !== undefined && this.derivedFrom.keys.length < MAX_DERIVED_KEYS) {
      // An uncached intermediate (one step of a multi-path update): keep patching from its base.
      next.derivedFrom = { base: this.derivedFrom.base, keys: [...this.derivedFrom.keys, key] };
    }
    return next;
  }
  updateChild(path: Path, child: DataNode): DataNode {
    return updateChildAt(this, path, 0, child);
  }
  updatePriority(priority: Priority): DataNode {
    if (this.count === 0 || priority === this.priority) return this;
    const next = new ChildrenNode(this.root, this.count, priority, this.prioCount);
    // Same children, so the same orders.
    next.indexCache = this.indexCache;
    next.derivedFrom = this.derivedFrom;
    return next;
  }
  /** Children in the SDK's PRIORITY_INDEX order (priority, then key), as hash and val iterate. */
  private priorityOrdered(): TNode<DataNode>[] {
    const list = treapEntries(this.root);
    if (this.prioCount > 0) {
      list.sort(
        (a, b) =>
          comparePriorities(a.value.getPriority(), b.value.getPriority()) ||
          compareParsedKeys(a.key, a.keyInt, b.key, b.keyInt),
      );
    }
    return list;
  }
  val(exportFormat?: boolean): unknown {
    if (this.count === 0) return null;
    const obj: Record<string, unknown> = {};
    let numKeys = 0;
    let maxKey = 0;
    let allIntegerKeys = true;
    const visit = (key: string, child: DataNode): void => {
      setJsonProperty(obj, key, child.val(exportFormat));
      numKeys++;
      if (allIntegerKeys && ARRAY_INDEX.test(key)) maxKey = Math.max(maxKey, Number(key));
      else allIntegerKeys = false;
    };
    if (this.prioCount > 0) for (const e of this.priorityOrdered()) visit(e.key, e.value);
    else treapEach(this.root, visit);
    if (!exportFormat && allIntegerKeys && maxKey < 2 * numKeys) {
      const array: unknown[] = [];
      for (const key in obj) array[key as unknown as number] = obj[key];
      return array;
    }
    if (exportFormat && this.priority !== null) obj['.priority'] = this.priority;
    return obj;
  }
  hash(): string {
    if (this.hash_ === null) {
      let text = this.priority === null ? '' : 'priority:' + priorityHashText(this.priority) + ':';
      const add = (key: string, child: DataNode): void => {
        const h = child.hash();
        if (h !== '') text += ':' + key + ':' + h;
      };
      if (this.prioCount > 0) for (const e of this.priorityOrdered()) add(e.key, e.value);
      else treapEach(this.root, add);
      this.hash_ = text === '' ? '' : sha1Base64(text);
    }
    return this.hash_;
  }
  equals(other: DataNode): boolean {
    if (other === this) return true;
    if (!(other instanceof ChildrenNode)) return false;
    if (other.count !== this.count || other.priority !== this.priority) return false;
    if (other.root === this.root) return true;
    const a = treapEntries(this.root);
    const b = treapEntries(other.root);
    for (let i = 0; i < a.length; i++) {
      if (a[i].key !== b[i].key || !a[i].value.equals(b[i].value)) return false;
    }
    return true;
  }
}

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;
/** Beyond this many changed children, sorting afresh is about as cheap as patching. */
const MAX_DERIVED_KEYS = 32;

export const EMPTY_NODE: DataNode = new ChildrenNode(null, 0, null, 0);

function updateChildAt(node: DataNode, path: Path, i: number, child: DataNode): DataNode {
  if (i === path.length) return child;
  const key = path[i];
  if (node instanceof LeafNode && child.isEmpty() && key !== '.priority') return node;
  const next = updateChildAt(node.getImmediateChild(key), path, i + 1, child);
  return node.updateImmediateChild(key, next);
}

/** Sorts three parallel arrays by key order: in place for the small objects most writes carry. */
function sortEntries(keys: string[], keyInts: (number | null)[], values: DataNode[]): void {
  const n = keys.length;
  if (n <= 16) {
    for (let i = 1; i < n; i++) {
      const key = keys[i];
      const keyInt = keyInts[i];
      const value = values[i];
      let j = i;
      for (; j > 0 && compareParsedKeys(keys[j - 1], keyInts[j - 1], key, keyInt) > 0; j--) {
        keys[j] = keys[j - 1];
        keyInts[j] = keyInts[j - 1];
        values[j] = values[j - 1];
      }
      keys[j] = key;
      keyInts[j] = keyInt;
      values[j] = value;
    }
    return;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => compareParsedKeys(keys[a], keyInts[a], keys[b], keyInts[b]));
  const k = order.map((i) => keys[i]);
  const ki = order.map((i) => keyInts[i]);
  const v = order.map((i) => values[i]);
  for (let i = 0; i < n; i++) {
    keys[i] = k[i];
    keyInts[i] = ki[i];
    values[i] = v[i];
  }
}

/**
 * JSON -> node, as the SDK's nodeFromJSON: arrays become objects keyed by index, nulls and empty
 * objects are pruned, keys starting with '.' other than `.value` / `.priority` are ignored.
 * Server values must have been resolved before (resolveServerValues).
 */
export function nodeFromJSON(json: unknown, priority: unknown = null): DataNode {
  if (json === null || json === undefined) return EMPTY_NODE;
  if (typeof json === 'object') {
    const o = json as Record<string, unknown>;
    if ('.priority' in o) priority = o['.priority'];
    if ('.value' in o && o['.value'] !== null) json = o['.value'];
  }
  if (priority === undefined) priority = null;
  if (!isValidPriorityValue(priority)) {
    throw new DatabaseError('invalid_data', 'Invalid priority: must be a string, a number or null.');
  }
  const t = typeof json;
  if (t === 'string' || t === 'boolean') return new LeafNode(json as LeafValue, priority);
  if (t === 'number') {
    if (!Number.isFinite(json))
      throw new DatabaseError('invalid_data', `Invalid data: ${String(json)} is not a valid JSON number.`);
    return new LeafNode(json as number, priority);
  }
  if (t !== 'object') throw new DatabaseError('invalid_data', `Invalid data: a ${t} is not a JSON value.`);
  if ('.sv' in (json as object)) {
    throw new DatabaseError('invalid_data', 'Unresolved server value (resolveServerValues first).');
  }
  const keys: string[] = [];
  const keyInts: (number | null)[] = [];
  const values: DataNode[] = [];
  let prioCount = 0;
  if (Array.isArray(json)) {
    for (let i = 0; i < json.length; i++) {
      const child = nodeFromJSON(json[i]);
      if (child.isEmpty()) continue;
      keys.push(String(i));
      keyInts.push(i <= 2147483647 ? i : tryParseInt(String(i)));
      values.push(child);
      if (child.getPriority() !== null) prioCount++;
    }
  } else {
    const o = json as Record<string, unknown>;
    let sorted = true;
    for (const key in o) {
      if (key.charCodeAt(0) === 46 /* . */) continue;
      const child = nodeFromJSON(o[key]);
      if (child.isEmpty()) continue;
      const keyInt = tryParseInt(key);
      const n = keys.length;
      if (sorted && n > 0 && compareParsedKeys(keys[n - 1], keyInts[n - 1], key, keyInt) > 0) sorted = false;
      keys.push(key);
      keyInts.push(keyInt);
      values.push(child);
      if (child.getPriority() !== null) prioCount++;
    }
    if (!sorted) sortEntries(keys, keyInts, values);
  }
  if (keys.length === 0) return EMPTY_NODE;
  return new ChildrenNode(treapFromSorted(keys, keyInts, values), keys.length, priority, prioCount);
}
