import { DatabaseError } from './errors.js';
import { MAX_PATH_DEPTH, pathToString, utf8Length, validateKey, type Path } from './path.js';

const MAX_LEAF_BYTES = 10 * 1024 * 1024;

function at(path: string[]): string {
  return pathToString(path);
}

function fail(message: string): never {
  throw new DatabaseError('invalid_data', message);
}

/**
 * Checks data to be written at `path` as the real service does before accepting it: every key,
 * JSON value types only (no NaN / Infinity), strings up to 10 MB of UTF-8, at most 32 levels
 * from the root, `.value` without siblings, `.priority` a string, number or null, and server
 * values only in the shapes `{".sv":"timestamp"}` and `{".sv":{"increment":<number>}}`.
 */
export function validateWriteData(json: unknown, path: Path): void {
  const p = path.slice();
  if (p.length > 0 && p[p.length - 1] === '.priority') {
    p.pop();
    validatePriority(json, p);
    return;
  }
  validateValue(json, p);
}

function validatePriority(priority: unknown, path: string[]): void {
  if (priority === null || typeof priority === 'string') {
    if (typeof priority === 'string') validateString(priority, path);
    return;
  }
  if (typeof priority === 'number') {
    if (!Number.isFinite(priority))
      fail(`Invalid priority ${String(priority)} at ${at(path)}: must be a finite number.`);
    return;
  }
  if (typeof priority === 'object' && !Array.isArray(priority) && '.sv' in priority) {
    validateServerValue(priority as Record<string, unknown>, path);
    return;
  }
  fail(`Invalid priority at ${at(path)}: a priority must be a string, a number or null.`);
}

function validateString(s: string, path: string[]): void {
  if (s.length * 3 > MAX_LEAF_BYTES && utf8Length(s) > MAX_LEAF_BYTES) {
    fail(`Invalid data at ${at(path)}: string longer than ${MAX_LEAF_BYTES} utf8 bytes ('${s.slice(0, 50)}...').`);
  }
}

function validateServerValue(o: Record<string, unknown>, path: string[]): void {
  const sv = o['.sv'];
  for (const key in o) {
    if (key !== '.sv' && key !== '.priority') {
      fail(`Invalid data at ${at(path)}: a server value (".sv") can't have other children (${JSON.stringify(key)}).`);
    }
  }
  if (sv === 'timestamp') return;
  if (typeof sv === 'object' && sv !== null && !Array.isArray(sv)) {
    const keys = Object.keys(sv);
    const delta = (sv as Record<string, unknown>).increment;
    if (keys.length === 1 && keys[0] === 'increment') {
      if (typeof delta === 'number' && Number.isFinite(delta)) return;
      fail(`Invalid data at ${at(path)}: increment must be a finite number.`);
    }
  }
  fail(`Invalid data at ${at(path)}: unknown server value ${JSON.stringify(sv)}.`);
}

function validateValue(data: unknown, path: string[]): void {
  if (path.length > MAX_PATH_DEPTH) {
    fail(
      `Invalid data at ${at(path.slice(0, MAX_PATH_DEPTH + 1))}: data nested more than ${MAX_PATH_DEPTH} levels deep.`,
    );
  }
  switch (typeof data) {
    case 'string':
      validateString(data, path);
      return;
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(data)) fail(`Invalid data at ${at(path)}: ${String(data)} is not a valid JSON number.`);
      return;
    case 'object':
      break;
    default:
      fail(`Invalid data at ${at(path)}: contains ${data === undefined ? 'undefined' : 'a ' + typeof data}.`);
  }
  if (data === null) return;
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) {
      path.push(String(i));
      validateValue(data[i], path);
      path.pop();
    }
    return;
  }
  const o = data as Record<string, unknown>;
  if ('.sv' in o) {
    validateServerValue(o, path);
    if ('.priority' in o) validatePriority(o['.priority'], path);
    return;
  }
  let hasValue = false;
  let hasChild = false;
  for (const key in o) {
    const v = o[key];
    if (key === '.value') {
      hasValue = true;
      validateValue(v, path);
    } else if (key === '.priority') {
      validatePriority(v, path);
    } else {
      hasChild = true;
      validateKey(key, 'invalid_data', () => at(path));
      path.push(key);
      validateValue(v, path);
      path.pop();
    }
  }
  if (hasValue && hasChild) fail(`Invalid data at ${at(path)}: contains ".value" in addition to actual children.`);
}
