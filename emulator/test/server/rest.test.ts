import { describe, expect, it } from 'vitest';
import {
  HttpError,
  formatBody,
  parseRestPath,
  restPrincipal,
  restQuery,
  shallowValue,
  stripPriorities,
} from '../../src/server/rest.js';
import { namespaceOf } from '../../src/server/http.js';
import { isDefaultQuery } from '../../src/core/index.js';

describe('parseRestPath', () => {
  it('maps .json URLs to database paths', () => {
    expect(parseRestPath('/.json')).toEqual({ kind: 'data', pathString: '/' });
    expect(parseRestPath('/a/b.json')).toEqual({ kind: 'data', pathString: '/a/b' });
    expect(parseRestPath('/a%20b/c%C4%85.json')).toEqual({ kind: 'data', pathString: '/a b/cą' });
    expect(parseRestPath('/.settings/rules.json')).toEqual({ kind: 'rules', pathString: '/' });
  });

  it('refuses non-.json resources and broken escapes', () => {
    expect(parseRestPath('/a/b')).toBeNull();
    expect(() => parseRestPath('/%E0%A4%A.json')).toThrow(HttpError);
  });
});

describe('restPrincipal', () => {
  it('owner, anonymous and a bad token', () => {
    expect(restPrincipal(new URLSearchParams('auth=owner'), undefined).owner).toBe(true);
    expect(restPrincipal(new URLSearchParams(''), undefined)).toEqual({ owner: false, auth: null });
    expect(() => restPrincipal(new URLSearchParams('auth=zzz'), undefined)).toThrow(HttpError);
  });
});

describe('restQuery', () => {
  it('is the default query without query parameters', () => {
    expect(isDefaultQuery(restQuery(new URLSearchParams('print=pretty')))).toBe(true);
  });

  it('refuses shallow together with a query', () => {
    expect(() => restQuery(new URLSearchParams('shallow=true&orderBy="$key"&limitToFirst=1'))).toThrow(/shallow/);
  });

  it('parses orderBy with limits', () => {
    const params = restQuery(new URLSearchParams('orderBy="score"&limitToLast=2'));
    expect(params.limit).toBe(2);
    expect(params.viewFrom).toBe('right');
  });
});

describe('response shaping', () => {
  it('shallow turns children into true and keeps leaves', () => {
    expect(shallowValue({ a: { b: 1 }, c: 2 })).toEqual({ a: true, c: true });
    expect(shallowValue('x')).toBe('x');
    expect(shallowValue(null)).toBeNull();
  });

  it('print=pretty indents', () => {
    expect(formatBody({ a: 1 }, 'pretty')).toBe('{\n  "a": 1\n}');
    expect(formatBody({ a: 1 }, null)).toBe('{"a":1}');
  });

  it('stripPriorities drops export-format markers', () => {
    expect(stripPriorities({ '.priority': 1, a: { '.value': 2, '.priority': 'p' }, b: 'x' })).toEqual({ a: 2, b: 'x' });
  });
});

describe('namespaceOf', () => {
  const url = (s: string) => new URL(s, 'http://localhost');
  it('uses ns first, then a Host subdomain, then the fallback', () => {
    expect(namespaceOf(url('/.ws?v=5&ns=abc'), 'other.firebaseio.com', 'd')).toBe('abc');
    expect(namespaceOf(url('/.json'), 'mydb.firebaseio.com', 'd')).toBe('mydb');
    expect(namespaceOf(url('/.json'), 'mydb.localhost:9000', 'd')).toBe('mydb');
    expect(namespaceOf(url('/.json'), '127.0.0.1:9000', 'd')).toBe('d');
    expect(namespaceOf(url('/.json'), 'localhost:9000', 'd')).toBe('d');
    expect(namespaceOf(url('/.json'), undefined, 'd')).toBe('d');
  });
});
