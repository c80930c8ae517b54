import { describe, expect, it } from 'vitest';
import {
  ORDER_NUMBER_BLOCK,
  TICKET_POOL_COUNT,
  TICKET_POOL_MAX_LEASE,
  blockFromClaim,
  claimOrderNumberBlock,
  leaseExtra,
  pickPool,
  poolWithUnits,
  pooledUnits,
  takeFromPool,
  takeOrderSequence,
  ticketPoolKeys,
} from './index.js';

describe('ticket pools', () => {
  it('takes units from a pool only while it holds enough, and removes an emptied pool', () => {
    expect(takeFromPool({ left: 5 }, 2)).toEqual({ left: 3 });
    expect(takeFromPool({ left: 2 }, 2)).toBeNull();
    expect(takeFromPool({ left: 1 }, 2)).toBeUndefined();
    expect(takeFromPool(null, 1)).toBeUndefined();
    expect(takeFromPool({ left: -4 }, 1)).toBeUndefined();
  });

  it('leases at most the maximum, and at most half of what is left over all pools', () => {
    expect(leaseExtra(300, 1)).toBe(TICKET_POOL_MAX_LEASE);
    for (let free = 0; free <= 400; free++) {
      const extra = leaseExtra(free, 1);
      expect(extra).toBeGreaterThanOrEqual(0);
      expect(extra).toBeLessThanOrEqual(TICKET_POOL_MAX_LEASE);
      // every pool filled at this rate holds no more than half of the free units together
      expect(extra * TICKET_POOL_COUNT).toBeLessThanOrEqual(Math.max(0, free - 1) / 2);
    }
    // the last tickets are sold from the type itself
    expect(leaseExtra(2 * TICKET_POOL_COUNT, 1)).toBe(0);
    expect(leaseExtra(1, 1)).toBe(0);
    expect(leaseExtra(0, 1)).toBe(0);
  });

  it('finds a pool with enough units, and none when all are short', () => {
    const pools = { p0: { left: 1 }, p3: { left: 4 }, p5: { left: 2 } };
    expect(poolWithUnits(pools, 3, () => 0)).toBe('p3');
    expect(['p3', 'p5']).toContain(poolWithUnits(pools, 2, () => 0.99));
    expect(poolWithUnits(pools, 5)).toBeNull();
    expect(poolWithUnits(null, 1)).toBeNull();
    expect(pooledUnits(pools)).toBe(7);
    expect(pooledUnits(null)).toBe(0);
  });

  it('picks every pool, and only pools with well-formed keys', () => {
    const seen = new Set(Array.from({ length: TICKET_POOL_COUNT }, (_, i) => pickPool(() => i / TICKET_POOL_COUNT)));
    expect([...seen].sort()).toEqual([...ticketPoolKeys].sort());
    expect(pickPool(() => 0.999999)).toBe(ticketPoolKeys.at(-1));
    for (const key of ticketPoolKeys) expect(key).toMatch(/^p[0-9]+$/);
  });
});

describe('order number blocks', () => {
  it('claims consecutive blocks from the year counter and hands out each number once', () => {
    let counter: { last: number } | null = { last: 42 };
    const handedOut: number[] = [];
    let block = null;
    for (let i = 0; i < 3 * ORDER_NUMBER_BLOCK; i++) {
      let taken = takeOrderSequence(block, 2026);
      if (!taken) {
        counter = claimOrderNumberBlock(counter);
        block = blockFromClaim(2026, counter);
        taken = takeOrderSequence(block, 2026)!;
      }
      handedOut.push(taken.sequence);
      block = taken.rest;
    }
    expect(handedOut).toEqual(Array.from({ length: 3 * ORDER_NUMBER_BLOCK }, (_, i) => 43 + i));
    expect(counter).toEqual({ last: 42 + 3 * ORDER_NUMBER_BLOCK });
  });

  it('starts a new block in a new year, and on an empty counter at 1', () => {
    const block = blockFromClaim(2026, claimOrderNumberBlock(null, 5), 5);
    expect(block).toEqual({ year: 2026, next: 1, last: 5 });
    expect(takeOrderSequence(block, 2027)).toBeNull();
    expect(takeOrderSequence(null, 2026)).toBeNull();
    expect(takeOrderSequence({ year: 2026, next: 5, last: 5 }, 2026)).toEqual({ sequence: 5, rest: null });
  });

  it('two instances claiming from the same counter never share a number', () => {
    const first = claimOrderNumberBlock(null);
    const a = blockFromClaim(2026, first);
    const b = blockFromClaim(2026, claimOrderNumberBlock(first));
    expect(a.last).toBeLessThan(b.next);
  });
});
