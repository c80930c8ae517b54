// A minimal DataNode over plain JSON, for the rules tests until core's nodeFromJSON lands. It only
// implements what the rules engine reads; updates are done by building new JSON.
import type { DataNode, Path } from '../../src/core/index.js';

type Json = null | boolean | number | string | { [k: string]: Json };

// Keeps '.priority' / '.value' (export format) so that getPriority() can be tested.
function prune(v: unknown): Json {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object') return v as Json;
  if (Object.prototype.hasOwnProperty.call(v, '.value')) {
    const inner = prune((v as Record<string, unknown>)['.value']);
    const pri = (v as Record<string, unknown>)['.priority'];
    return inner === null ? null : pri === undefined ? inner : { '.value': inner, '.priority': pri as Json };
  }
  const out: { [k: string]: Json } = {};
  let n = 0;
  for (const [k, c] of Object.entries(v as object)) {
    if (k === '.priority') continue;
    const p = prune(c);
    if (p !== null) { out[k] = p; n++; }
  }
  if (n === 0) return null;
  const pri = (v as Record<string, unknown>)['.priority'];
  if (pri !== undefined && pri !== null) out['.priority'] = pri as Json;
  return out;
}

class JsonNode {
  private readonly v: Json;
  private readonly pri: string | number | null;
  constructor(raw: Json, pri: string | number | null = null) {
    if (raw !== null && typeof raw === 'object' && '.priority' in raw) {
      pri = raw['.priority'] as string | number;
      if ('.value' in raw) raw = raw['.value'];
      else {
        const { ['.priority']: _, ...rest } = raw;
        raw = rest;
      }
    }
    this.v = raw;
    this.pri = pri;
  }
  isLeaf() { return this.v !== null && typeof this.v !== 'object'; }
  isEmpty() { return this.v === null; }
  getValue() { return this.isLeaf() ? (this.v as string | number | boolean) : null; }
  getPriority() { return this.pri; }
  getImmediateChild(key: string): DataNode {
    if (this.v === null || typeof this.v !== 'object' || !Object.prototype.hasOwnProperty.call(this.v, key)) return EMPTY;
    const raw = (this.v as Record<string, Json>)[key];
    return new JsonNode(raw) as unknown as DataNode;
  }
  getChild(path: Path): DataNode {
    let n: DataNode = this as unknown as DataNode;
    for (const k of path) n = n.getImmediateChild(k);
    return n;
  }
  hasChild(key: string) { return !this.getImmediateChild(key).isEmpty(); }
  numChildren() { return this.childKeys().length; }
  childKeys() { return this.v !== null && typeof this.v === 'object' ? Object.keys(this.v).sort() : []; }
  forEachChild(cb: (key: string, child: DataNode) => boolean | void) {
    for (const k of this.childKeys()) if (cb(k, this.getImmediateChild(k)) === true) return;
  }
  val() { return this.v; }
}
const EMPTY = new JsonNode(null) as unknown as DataNode;

export function jsonNode(json: unknown, priority: string | number | null = null): DataNode {
  return new JsonNode(prune(json), priority) as unknown as DataNode;
}

/** The JSON of `root` with `value` set at `path` (the helper for building newRoot in tests). */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const base = root !== null && typeof root === 'object' ? { ...(root as object) } : {};
  const [k, ...rest] = path;
  (base as Record<string, unknown>)[k] = setAt((base as Record<string, unknown>)[k] ?? null, rest, value);
  return base;
}
