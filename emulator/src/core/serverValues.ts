import { DatabaseError } from './errors.js';
import type { DataNode } from './node.js';
import { setJsonProperty } from './json.js';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function resolveLeaf(sv: unknown, existing: DataNode, now: number): number {
  if (sv === 'timestamp') return now;
  if (isObject(sv) && !Array.isArray(sv) && 'increment' in sv) {
    const delta = sv.increment;
    if (typeof delta !== 'number' || !Number.isFinite(delta)) {
      throw new DatabaseError('invalid_data', `Invalid increment value: ${JSON.stringify(delta)}.`);
    }
    // As ServerValues.ts: incrementing anything but a number sets the value to the increment.
    const current = existing.isLeaf() ? existing.getValue() : null;
    return typeof current === 'number' ? current + delta : delta;
  }
  throw new DatabaseError('invalid_data', `Invalid server value: ${JSON.stringify(sv)}.`);
}

/**
 * Replaces `{".sv": "timestamp"}` with `now` and `{".sv": {"increment": n}}` with existing + n
 * (or n when the existing value is not a number), anywhere in `json` including priorities.
 * `existing` is the current data at the place `json` is written. Returns `json` itself when it
 * holds no server values, otherwise a copy with only the changed branches rebuilt.
 */
export function resolveServerValues(json: unknown, existing: DataNode, now: number): unknown {
  if (!isObject(json)) return json;
  if ('.sv' in json) {
    const value = resolveLeaf(json['.sv'], existing, now);
    if ('.priority' in json) {
      return { '.value': value, '.priority': resolvePriority(json['.priority'], existing, now) };
    }
    return value;
  }
  if (Array.isArray(json)) {
    let arr: unknown[] | null = null;
    for (let i = 0; i < json.length; i++) {
      const v: unknown = json[i];
      if (!isObject(v)) continue;
      const r = resolveServerValues(v, existing.getImmediateChild(String(i)), now);
      if (r !== v) (arr ??= json.slice())[i] = r;
    }
    return arr ?? json;
  }
  let out: Record<string, unknown> | null = null;
  const copy = (): Record<string, unknown> => {
    const copied: Record<string, unknown> = {};
    for (const key in json) setJsonProperty(copied, key, json[key]);
    return copied;
  };
  for (const key in json) {
    const v = json[key];
    if (!isObject(v)) continue;
    let r: unknown;
    if (key === '.priority') r = resolvePriority(v, existing, now);
    // `.value` wraps the data of this very location.
    else if (key === '.value') r = resolveServerValues(v, existing, now);
    else r = resolveServerValues(v, existing.getImmediateChild(key), now);
    if (r !== v) setJsonProperty((out ??= copy()), key, r);
  }
  return out ?? json;
}

function resolvePriority(p: unknown, existing: DataNode, now: number): unknown {
  if (!isObject(p) || !('.sv' in p)) return p;
  return resolveLeaf(p['.sv'], existing.getImmediateChild('.priority'), now);
}
