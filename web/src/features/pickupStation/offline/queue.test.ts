import { describe, expect, it } from 'vitest';
import type { PickupItem } from '@domain/schemas';
import { mergeQueued, nextBatch, personTokens, searchDevice, settle, type DevicePerson, type QueuedHandOut } from './queue';

const item = (id: string, overrides: Partial<PickupItem> = {}): PickupItem & { id: string } => ({ id, orderId: 'zam1', label: `Rzecz ${id}`, quantity: 1, status: 'waiting', createdAt: 1, ...overrides });
const queued = (n: number, overrides: Partial<QueuedHandOut> = {}): QueuedHandOut => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  uid: 'u1',
  itemId: `i${n}`,
  label: `Rzecz i${n}`,
  quantity: 1,
  personName: 'Marta Nowak',
  at: 1000 + n,
  staffUid: 'staff1',
  staffName: 'Ala Obsługa',
  deviceId: '10000000-0000-4000-8000-000000000000',
  seq: n,
  ...overrides,
});

describe('offline queue', () => {
  it('sends the oldest recorded first, in batches', () => {
    const queue = [queued(3), queued(1), queued(2)];
    expect(nextBatch(queue, 2).map((h) => h.seq)).toEqual([1, 2]);
    expect(nextBatch(queue, 50).map((h) => h.seq)).toEqual([1, 2, 3]);
  });

  it('answered hand-outs leave the queue; conflicts are kept with their reason; unanswered stay', () => {
    const batch = [queued(1), queued(2), queued(3)];
    const { sent, conflicts } = settle(batch, [
      { id: batch[0].id, outcome: 'applied', replayed: false },
      { id: batch[1].id, outcome: 'conflict', reason: 'already-picked', replayed: true },
      { id: 'ffffffff-0000-4000-8000-000000000000', outcome: 'applied', replayed: false },
    ]);
    expect(sent).toEqual([batch[0].id, batch[1].id]);
    expect(conflicts).toEqual([{ ...batch[1], reason: 'already-picked' }]);
  });
});

describe('merging the directory copy with the queue', () => {
  it('an item queued on this device shows as handed out here, so it is not handed out twice', () => {
    const merged = mergeQueued([item('i1'), item('i2')], [queued(1), queued(2, { uid: 'someone-else' })], 'u1');
    expect(merged[0]).toMatchObject({ status: 'picked', pickedByName: 'Ala Obsługa', queuedOffline: { seq: 1 } });
    expect(merged[1]).toEqual(item('i2'));
  });

  it('an item the copy already shows handed out keeps the recorded hand-out', () => {
    const picked = item('i1', { status: 'picked', pickedBy: 'staff2', pickedByName: 'Ola', pickedAt: 5 });
    expect(mergeQueued([picked], [queued(1)], 'u1')).toEqual([picked]);
  });
});

describe('offline search', () => {
  const people: DevicePerson[] = [
    { uid: 'a', name: 'Marta Nowak', email: 'marta@example.com', pickupCode: 'KDALA234', items: [], tokens: personTokens('Marta Nowak', 'marta@example.com') },
    { uid: 'b', name: 'Łukasz Żak', email: 'lukasz@example.com', pickupCode: 'KDBBB234', items: [], tokens: personTokens('Łukasz Żak', 'lukasz@example.com') },
  ];
  it('finds by the start of any name word, without Polish letters, or by an e-mail prefix', () => {
    expect(searchDevice(people, 'now').map((p) => p.uid)).toEqual(['a']);
    expect(searchDevice(people, 'zak luk').map((p) => p.uid)).toEqual(['b']);
    expect(searchDevice(people, 'lukasz@').map((p) => p.uid)).toEqual(['b']);
    expect(searchDevice(people, 'n')).toEqual([]);
  });
});
