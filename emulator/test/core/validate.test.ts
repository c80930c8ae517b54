import { describe, expect, it } from 'vitest';
import { DatabaseError, validateWriteData } from '../../src/core/index.js';

function check(json: unknown, path: string[] = []): string | undefined {
  try {
    validateWriteData(json, path);
  } catch (e) {
    expect(e).toBeInstanceOf(DatabaseError);
    return (e as DatabaseError).message + ' [' + (e as DatabaseError).code + ']';
  }
  return undefined;
}

function nest(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { ['k' + i]: v };
  return v;
}

describe('validateWriteData', () => {
  it('accepts JSON values, arrays with holes, priorities, server values', () => {
    for (const v of [
      null,
      1,
      -2.5,
      'x',
      true,
      false,
      [1, null, 3],
      { a: { b: [] } },
      { '.value': 1, '.priority': 'p' },
      { a: 1, '.priority': 2 },
      { a: { '.sv': 'timestamp' } },
      { '.sv': { increment: -1.5 } },
      { '.sv': 'timestamp', '.priority': 1 },
      { '.priority': { '.sv': 'timestamp' }, a: 1 },
      { '.value': null },
      { '.value': { a: 1 }, '.priority': 1 },
    ]) {
      expect(check(v), JSON.stringify(v)).toBe(undefined);
    }
  });

  it('refuses bad keys with invalid_data, naming the key and where it is', () => {
    expect(check({ a: { 'b.c': 1 } }, ['x'])).toMatch(/"b\.c" at \/x\/a.*\[invalid_data\]/);
    for (const k of ['', '#', '$', '/', '[', ']', '\u0000', '\u001f', '\u007f', 'x'.repeat(769)]) {
      expect(check({ [k]: 1 }), JSON.stringify(k)).toMatch(/invalid_data/);
    }
    expect(check({ '.foo': 1 })).toMatch(/invalid_data/);
  });

  it('refuses non-JSON values', () => {
    for (const v of [NaN, Infinity, -Infinity, undefined, () => 1, Symbol('s'), 10n, { a: undefined }, [NaN]]) {
      expect(check(v), String(typeof v)).toMatch(/invalid_data/);
    }
  });

  it('refuses strings over 10 MB of UTF-8 (counting bytes, not characters)', () => {
    const limit = 10 * 1024 * 1024;
    expect(check('a'.repeat(limit))).toBe(undefined);
    expect(check('a'.repeat(limit + 1))).toMatch(/10485760 utf8 bytes/);
    expect(check({ a: 'ż'.repeat(limit / 2 + 1) })).toMatch(/at \/a/);
    expect(check('ż'.repeat(limit / 2))).toBe(undefined);
  });

  it('refuses data deeper than 32 levels, counting the path written to', () => {
    expect(check(nest(32, 1))).toBe(undefined);
    expect(check(nest(33, 1))).toMatch(/32 levels/);
    expect(check(nest(30, 1), ['a', 'b'])).toBe(undefined);
    expect(check(nest(31, 1), ['a', 'b'])).toMatch(/32 levels/);
  });

  it('checks .value / .priority / .sv shapes', () => {
    expect(check({ '.value': 1, a: 2 })).toMatch(/"\.value" in addition to actual children/);
    for (const p of [true, { a: 1 }, [1], NaN])
      expect(check({ '.value': 1, '.priority': p }), JSON.stringify(p)).toMatch(/priority/i);
    for (const sv of [
      { '.sv': 'now' },
      { '.sv': { increment: 'x' } },
      { '.sv': { increment: 1, other: 2 } },
      { '.sv': { decrement: 1 } },
      { '.sv': 'timestamp', a: 1 },
      { '.sv': 5 },
    ]) {
      expect(check(sv), JSON.stringify(sv)).toMatch(/invalid_data/);
    }
  });

  it('a write to <path>/.priority must be a priority', () => {
    expect(check(5, ['a', '.priority'])).toBe(undefined);
    expect(check(null, ['a', '.priority'])).toBe(undefined);
    expect(check({ '.sv': 'timestamp' }, ['a', '.priority'])).toBe(undefined);
    expect(check(true, ['a', '.priority'])).toMatch(/priority/);
    expect(check({ b: 1 }, ['a', '.priority'])).toMatch(/priority/);
  });
});
