import { describe, expect, it } from 'vitest';
import { stationOrder } from './api';
import { extractPickupCode } from './code';

describe('pickup code from a scan or the keyboard', () => {
  it('accepts the bare code in any case, with spaces or dashes', () => {
    expect(extractPickupCode('MRTN4W9Q')).toBe('MRTN4W9Q');
    expect(extractPickupCode(' mrtn-4w9q ')).toBe('MRTN4W9Q');
    expect(extractPickupCode('MRTN 4W9Q')).toBe('MRTN4W9Q');
  });
  it('finds a code inside a scanned URL', () => {
    expect(extractPickupCode('https://example.com/odbior?kod=MRTN4W9Q')).toBe('MRTN4W9Q');
  });
  it('refuses look-alike characters and wrong lengths', () => {
    expect(extractPickupCode('MRTN4W9O')).toBeNull();
    expect(extractPickupCode('MRTN4W9')).toBeNull();
    expect(extractPickupCode('')).toBeNull();
  });
});

describe('station item order', () => {
  it('lists waiting items first (oldest first), then handed-out ones (latest first)', () => {
    const items = stationOrder([
      { id: 'a', orderId: 'o', label: 'A', quantity: 1, status: 'picked', createdAt: 1, pickedAt: 10 },
      { id: 'b', orderId: 'o', label: 'B', quantity: 1, status: 'waiting', createdAt: 5 },
      { id: 'c', orderId: 'o', label: 'C', quantity: 2, status: 'waiting', createdAt: 2 },
      { id: 'd', orderId: 'o', label: 'D', quantity: 1, status: 'picked', createdAt: 1, pickedAt: 20 },
    ]);
    expect(items.map((i) => i.id)).toEqual(['c', 'b', 'd', 'a']);
  });
});
