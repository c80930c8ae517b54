import { DatabaseError } from './errors.js';

/** A location in the tree as its keys; [] is the root. */
export type Path = readonly string[];

/** Sorts before every valid key (only used for query bounds). */
export const MIN_NAME = '[MIN_NAME]';
/** Sorts after every valid key (only used for query bounds). */
export const MAX_NAME = '[MAX_NAME]';

const MAX_KEY_BYTES = 768;
export const MAX_PATH_DEPTH = 32;

const INTEGER_REGEXP = /^-?(0*)\d{1,10}$/;
const INTEGER_32_MIN = -2147483648;
const INTEGER_32_MAX = 2147483647;
// eslint-disable-next-line no-control-regex -- control characters are exactly what keys may not contain
const INVALID_KEY_REGEX = /[[\].#$/\u0000-\u001F\u007F]/;

/** The key as a 32-bit integer when it looks like one (the SDK's tryParseInt), else null. */
export function tryParseInt(key: string): number | null {
  // Most keys are not numbers: a first character that no integer starts with settles it cheaply.
  const first = key.charCodeAt(0);
  if (first !== 45 /* - */ && (first < 48 || first > 57)) return null;
  if (key.length <= 12 && INTEGER_REGEXP.test(key)) {
    const n = Number(key);
    if (n >= INTEGER_32_MIN && n <= INTEGER_32_MAX) return n;
  }
  return null;
}

/**
 * Key order used everywhere (the SDK's nameCompare): MIN_NAME first, MAX_NAME last,
 * 32-bit-integer-like keys numerically (shorter spelling first on a tie), then other keys by
 * UTF-16 code units.
 */
export function nameCompare(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  return compareParsedKeys(a, tryParseInt(a), b, tryParseInt(b));
}

/** nameCompare for two distinct-or-equal valid keys whose tryParseInt results are known. */
export function compareParsedKeys(a: string, ai: number | null, b: string, bi: number | null): number {
  if (ai !== null) {
    if (bi !== null) {
      const d = ai - bi;
      return d === 0 ? a.length - b.length : d;
    }
    return -1;
  }
  if (bi !== null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** UTF-8 byte length without allocating. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * Refuses keys the real service refuses: empty, containing `. # $ / [ ]` or ASCII control
 * characters, or longer than 768 bytes of UTF-8. `code` lets callers report a bad key inside
 * written data as 'invalid_data' rather than as a bad path.
 */
export function validateKey(
  key: string,
  code: 'invalid_path' | 'invalid_data' = 'invalid_path',
  where?: string | (() => string),
): void {
  if (typeof key === 'string' && key.length > 0 && key.length * 3 <= MAX_KEY_BYTES && !INVALID_KEY_REGEX.test(key))
    return;
  const at = where === undefined ? '' : ` at ${typeof where === 'function' ? where() : where}`;
  if (typeof key !== 'string' || key.length === 0) {
    throw new DatabaseError(code, `Invalid key ""${at}: keys must be non-empty strings.`);
  }
  if (INVALID_KEY_REGEX.test(key)) {
    throw new DatabaseError(
      code,
      `Invalid key ${JSON.stringify(key)}${at}: keys can't contain ".", "#", "$", "/", "[", "]" or ASCII control characters.`,
    );
  }
  if (key.length * 3 > MAX_KEY_BYTES && utf8Length(key) > MAX_KEY_BYTES) {
    throw new DatabaseError(
      code,
      `Invalid key ${JSON.stringify(key.slice(0, 50) + '...')}${at}: key longer than ${MAX_KEY_BYTES} bytes.`,
    );
  }
}

/**
 * '/a/b/' -> ['a','b']. Empty segments (double or edge slashes) are skipped as the SDK does.
 * Every remaining segment must be a valid key, except a final `.priority`; the path may be at most
 * 32 levels deep.
 */
export function parsePath(pathString: string): Path {
  if (pathString === '' || pathString === '/') return EMPTY_PATH;
  const parts: string[] = [];
  let start = 0;
  const len = pathString.length;
  for (let i = 0; i <= len; i++) {
    if (i === len || pathString.charCodeAt(i) === 47 /* / */) {
      if (i > start) {
        const key = pathString.slice(start, i);
        // `.priority` addresses a node's priority (the SDK's setPriority writes to '<path>/.priority').
        if (key !== '.priority' || (i < len && pathString.slice(i).replace(/\//g, '') !== '')) {
          validateKey(key, 'invalid_path', pathString);
        }
        parts.push(key);
      }
      start = i + 1;
    }
  }
  if (parts.length > MAX_PATH_DEPTH) {
    throw new DatabaseError('invalid_path', `Path ${pathString} is more than ${MAX_PATH_DEPTH} levels deep.`);
  }
  return parts;
}

const EMPTY_PATH: Path = Object.freeze([]) as Path;

export function pathToString(path: Path): string {
  return path.length === 0 ? '/' : '/' + path.join('/');
}

/** The path of `child` relative to `ancestor`, or null when `child` is not at or below it. */
export function relativePath(ancestor: Path, child: Path): Path | null {
  if (ancestor.length > child.length) return null;
  for (let i = 0; i < ancestor.length; i++) if (ancestor[i] !== child[i]) return null;
  return child.slice(ancestor.length);
}
