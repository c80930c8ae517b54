// Test-only: pickup items and hand-outs queued on a station device, as the pickup station tests use them.
import type { PickupItem } from '@domain/schemas';
import type { QueuedHandOut } from '../features/pickupStation/offline/queue';

/** A waiting pickup item `id` of order zam1 (one piece, „Rzecz {id}”). */
export const waitingItem = (id: string, overrides: Partial<PickupItem> = {}): PickupItem & { id: string } => ({
  id,
  orderId: 'zam1',
  label: `Rzecz ${id}`,
  quantity: 1,
  status: 'waiting',
  createdAt: 1,
  ...overrides,
});

/** Hand-out number `n` recorded offline on this device by staff1 for u1's item `i{n}`, not sent yet. */
export const queuedHandOut = (n: number, overrides: Partial<QueuedHandOut> = {}): QueuedHandOut => ({
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
