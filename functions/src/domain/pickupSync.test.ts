import { describe, expect, it } from 'vitest';
import { decideOfflineHandOut, offlineIdSchema, syncOfflineHandOutsInput } from './pickupSync.js';
import type { PickupItem } from './schemas.js';

const waiting: PickupItem = { orderId: 'zam1', label: 'Kubek', quantity: 2, status: 'waiting', createdAt: 1 };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('offline hand-outs', () => {
  it('applies a hand-out of a waiting item with the quantity the station saw', () => {
    expect(decideOfflineHandOut(waiting, { quantity: 2 })).toEqual({ kind: 'apply' });
  });

  it('an item handed out meanwhile is a conflict naming the hand-out that stands', () => {
    const picked: PickupItem = {
      ...waiting,
      status: 'picked',
      pickedAt: 5,
      pickedBy: 'staffA',
      pickedByName: 'Ala Nowak',
      pickedDevice: id(1),
    };
    expect(decideOfflineHandOut(picked, { quantity: 2 })).toEqual({
      kind: 'conflict',
      reason: 'already-picked',
      recorded: { by: 'staffA', byName: 'Ala Nowak', at: 5, deviceId: id(1) },
    });
    // An online hand-out has no device: the report leaves it out rather than storing undefined.
    expect(decideOfflineHandOut({ ...picked, pickedDevice: undefined }, { quantity: 2 })).toEqual({
      kind: 'conflict',
      reason: 'already-picked',
      recorded: { by: 'staffA', byName: 'Ala Nowak', at: 5 },
    });
  });

  it('a withdrawn item (refund, cancellation) or a changed quantity is a conflict', () => {
    expect(decideOfflineHandOut(undefined, { quantity: 1 })).toEqual({ kind: 'conflict', reason: 'withdrawn' });
    // More handed out than is due now (a partial refund meanwhile): handed out all the same, surplus reported.
    expect(decideOfflineHandOut({ ...waiting, quantity: 1 }, { quantity: 2 })).toEqual({
      kind: 'conflict',
      reason: 'quantity-changed',
      handedOut: true,
    });
    expect(decideOfflineHandOut({ ...waiting, quantity: 3 }, { quantity: 2 })).toEqual({
      kind: 'conflict',
      reason: 'quantity-changed',
    });
  });

  it('device-minted ids are UUIDs: object internals and anything else are refused by format', () => {
    expect(offlineIdSchema.safeParse(crypto.randomUUID()).success).toBe(true);
    for (const bad of [
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'toString',
      'ABCDEF00-0000-4000-8000-000000000001',
      `${id(1)}/x`,
      '',
    ]) {
      expect(offlineIdSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('a batch answers with Polish messages and never throws: duplicates, empty, too many', () => {
    const handOut = { id: id(2), uid: 'u1', itemId: 'zam1-l1', quantity: 1, at: 1 };
    expect(syncOfflineHandOutsInput.safeParse({ deviceId: id(1), handOuts: [handOut] }).success).toBe(true);
    const duplicate = syncOfflineHandOutsInput.safeParse({ deviceId: id(1), handOuts: [handOut, handOut] });
    expect(duplicate.error?.issues[0].message).toBe('Powtórzony identyfikator wydania');
    expect(syncOfflineHandOutsInput.safeParse({ deviceId: id(1), handOuts: [] }).error?.issues[0].message).toBe(
      'Brak wydań do wysłania',
    );
    expect(syncOfflineHandOutsInput.safeParse(null).success).toBe(false);
    expect(
      syncOfflineHandOutsInput.safeParse({
        deviceId: id(1),
        handOuts: Array.from({ length: 51 }, (_, n) => ({ ...handOut, id: id(n + 10) })),
      }).error?.issues[0].message,
    ).toBe('Najwyżej 50 wydań naraz');
  });
});
