// Query parameters as they travel: the listen's query object (sp/sn/sin, ep/en/ein, l, vf, i — the
// SDK's core/view/QueryParams.ts), the REST client's orderBy/startAt/…/limitToLast parameters (its
// ReadonlyRestClient.ts), and the query identifier that tags a listen. What a query selects from
// the data is in queryWindow.ts.
import { DatabaseError } from './errors.js';
import { MAX_NAME, MIN_NAME, parsePath, type Path } from './path.js';

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
function indexToString(index: QueryIndex): string {
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
  if (typeof value === 'number' && !Number.isFinite(value))
    invalid(`Query ${what}: ${String(value)} is not a valid value.`);
  if (index.kind === 'key' && typeof value !== 'string') {
    invalid(`Query ${what}: when ordering by key, the value must be a string.`);
  }
  if (index.kind === 'priority' && typeof value === 'boolean') {
    invalid(
      `Query ${what}: when ordering by priority, the value must be a valid priority (null, a number or a string).`,
    );
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
    if (typeof l !== 'number' || !Number.isInteger(l) || l < 0)
      invalid(`Query limit must be a non-negative integer, got ${JSON.stringify(l)}.`);
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
