import { nodeFromJSON, type DataNode, type Path, type QueryParams } from '../../src/core/index.js';
import { compileRules, type AuthContext, type CompiledRules } from '../../src/rules/index.js';

export const NOW = 1_700_000_000_000;

export function node(json: unknown): DataNode {
  return nodeFromJSON(json);
}

/** The JSON of `root` with `value` set at `path` (to build the state after a write). */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const base: Record<string, unknown> = root !== null && typeof root === 'object' ? { ...(root as object) } : {};
  const [k, ...rest] = path;
  base[k] = setAt(base[k] ?? null, rest, value);
  return base;
}

export function p(path: string): Path {
  return path.split('/').filter((s) => s !== '');
}

export function compile(rules: unknown): CompiledRules {
  return compileRules(JSON.stringify({ rules }));
}

export function user(uid: string, token: Record<string, unknown> = {}, provider = 'password'): AuthContext {
  return { uid, token: { sub: uid, ...token }, provider };
}

export function canRead(
  rules: CompiledRules,
  data: unknown,
  path: string,
  auth: AuthContext | null = null,
  query?: QueryParams,
): boolean {
  return rules.canRead({ root: node(data), path: p(path), auth, now: NOW, query });
}

/** A set of `value` at `path`. */
export function set(
  rules: CompiledRules,
  data: unknown,
  path: string,
  value: unknown,
  auth: AuthContext | null = null,
) {
  const newJson = setAt(data, p(path), value);
  return rules.canWrite({ oldRoot: node(data), newRoot: node(newJson), path: p(path), auth, now: NOW });
}

/** A multi-path update at `path`: every key of `patch` (may contain '/') is set, all at once. */
export function update(
  rules: CompiledRules,
  data: unknown,
  path: string,
  patch: Record<string, unknown>,
  auth: AuthContext | null = null,
) {
  let newJson = data;
  for (const [rel, v] of Object.entries(patch)) newJson = setAt(newJson, [...p(path), ...p(rel)], v);
  return rules.canWrite({
    oldRoot: node(data),
    newRoot: node(newJson),
    path: p(path),
    changedChildren: Object.keys(patch),
    auth,
    now: NOW,
  });
}
