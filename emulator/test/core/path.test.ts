import { describe, expect, it } from 'vitest';
import {
  DatabaseError,
  nameCompare,
  parsePath,
  pathToString,
  relativePath,
  validateKey,
} from '../../src/core/index.js';

function codeOf(fn: () => void): string | undefined {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DatabaseError);
    return (e as DatabaseError).code;
  }
  return undefined;
}

describe('paths', () => {
  it('parses and prints', () => {
    expect(parsePath('/')).toEqual([]);
    expect(parsePath('')).toEqual([]);
    expect(parsePath('/a/b/')).toEqual(['a', 'b']);
    expect(parsePath('a//b')).toEqual(['a', 'b']);
    expect(parsePath('/zażółć/😀/-1')).toEqual(['zażółć', '😀', '-1']);
    expect(pathToString([])).toBe('/');
    expect(pathToString(['a', 'b'])).toBe('/a/b');
    expect(pathToString(parsePath('/x/y/'))).toBe('/x/y');
    expect(relativePath(['a'], ['a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(relativePath(['a', 'x'], ['a', 'b'])).toBe(null);
  });

  it('allows .priority only as the last segment (SDK setPriority writes there)', () => {
    expect(parsePath('/a/.priority')).toEqual(['a', '.priority']);
    expect(parsePath('/a/.priority/')).toEqual(['a', '.priority']);
    expect(codeOf(() => parsePath('/a/.priority/b'))).toBe('invalid_path');
    expect(codeOf(() => parsePath('/a/.value'))).toBe('invalid_path');
  });

  it('refuses bad keys and paths deeper than 32', () => {
    for (const p of ['/a.b', '/a#', '/$x', '/a[0]', '/b]', '/a\u0001', '/del\u007f']) {
      expect(
        codeOf(() => parsePath(p)),
        p,
      ).toBe('invalid_path');
    }
    const deep = '/' + Array.from({ length: 33 }, (_, i) => 'k' + i).join('/');
    expect(codeOf(() => parsePath(deep))).toBe('invalid_path');
    expect(parsePath('/' + Array.from({ length: 32 }, (_, i) => 'k' + i).join('/'))).toHaveLength(32);
  });
});

describe('validateKey', () => {
  it('refuses exactly . # $ / [ ] and ASCII control characters 0-31 and 127', () => {
    for (let c = 0; c < 256; c++) {
      const ch = String.fromCharCode(c);
      const bad = c < 32 || c === 127 || '.#$/[]'.includes(ch);
      expect(
        codeOf(() => validateKey('a' + ch + 'b')),
        `char ${c}`,
      ).toBe(bad ? 'invalid_path' : undefined);
    }
  });
  it('refuses the empty key and keys over 768 UTF-8 bytes', () => {
    expect(codeOf(() => validateKey(''))).toBe('invalid_path');
    expect(codeOf(() => validateKey('a'.repeat(768)))).toBe(undefined);
    expect(codeOf(() => validateKey('a'.repeat(769)))).toBe('invalid_path');
    expect(codeOf(() => validateKey('ż'.repeat(384)))).toBe(undefined); // 2 bytes each
    expect(codeOf(() => validateKey('ż'.repeat(385)))).toBe('invalid_path');
    expect(codeOf(() => validateKey('😀'.repeat(192)))).toBe(undefined); // 4 bytes each
    expect(codeOf(() => validateKey('😀'.repeat(192) + 'a'))).toBe('invalid_path');
    expect(codeOf(() => validateKey('a.b', 'invalid_data'))).toBe('invalid_data');
  });
  it('messages name the key and the rule', () => {
    expect(() => validateKey('a.b')).toThrow(/"a\.b".*can't contain "\.", "#", "\$", "\/", "\[", "\]"/);
    expect(() => validateKey('x'.repeat(800))).toThrow(/768 bytes/);
  });
});

describe('nameCompare', () => {
  it('32-bit-integer-like keys first, numerically; ties by length; then strings by code unit', () => {
    const keys = ['b', '10', '9', '-1', '01', '1', '2147483648', '-2147483648', 'A', '1a', '[MIN_NAME]', '[MAX_NAME]'];
    expect([...keys].sort(nameCompare)).toEqual([
      '[MIN_NAME]',
      '-2147483648',
      '-1',
      '1',
      '01',
      '9',
      '10',
      '1a',
      '2147483648',
      'A',
      'b',
      '[MAX_NAME]',
    ]);
    expect(nameCompare('a', 'a')).toBe(0);
    expect(Math.sign(nameCompare('1', '01'))).toBe(-1);
    expect(Math.sign(nameCompare('2147483647', '2147483648'))).toBe(-1);
    expect(Math.sign(nameCompare('2147483648', '3'))).toBe(1);
  });
});
