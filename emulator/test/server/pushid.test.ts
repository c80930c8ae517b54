import { describe, expect, it } from 'vitest';
import { PUSH_CHARS, nextPushId } from '../../src/server/pushid.js';

describe('nextPushId', () => {
  it('is 20 characters of the SDK alphabet', () => {
    const id = nextPushId();
    expect(id).toHaveLength(20);
    for (const ch of id) expect(PUSH_CHARS).toContain(ch);
  });

  it('encodes the time in the first 8 characters', () => {
    const a = nextPushId(1_700_000_000_000);
    const b = nextPushId(1_700_000_000_001);
    expect(a.slice(0, 8) < b.slice(0, 8)).toBe(true);
  });

  it('stays ordered within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => nextPushId(1_800_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
