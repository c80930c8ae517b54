/**
 * The station's offline queue and its merge with the directory copy, as pure functions
 * (docs/pickup-offline.md). The device store (deviceStore.ts) keeps the same records in IndexedDB.
 */
import type { OfflineConflictReason, SyncOfflineHandOutsOutput } from '@domain/pickupSync';
import type { PickupItem } from '@domain/schemas';
import { matchesAllWords, searchTokens } from '@domain/search';

/** How the station marks a hand-out recorded on the device and not yet sent. */
export const QUEUED_LABEL = 'zapisane offline — czeka na wysłanie';

/** One hand-out made while offline: one item, whole, waiting to be sent. */
export interface QueuedHandOut {
  /** crypto.randomUUID(): the idempotency key of the sync callable. */
  id: string;
  uid: string;
  itemId: string;
  label: string;
  quantity: number;
  personName: string;
  /** When it was handed out (device clock). */
  at: number;
  staffUid: string;
  staffName: string;
  deviceId: string;
  /** Order of recording on this device: the queue is sent in this order. */
  seq: number;
}

/** A queued hand-out the server did not apply, kept on the device until the staff dismiss it. */
export interface SyncConflict extends QueuedHandOut {
  reason: OfflineConflictReason;
}

/** A person as the device keeps them: the directory entry, their items and their search words. */
export interface DevicePerson {
  uid: string;
  name: string;
  email: string;
  pickupCode: string;
  items: (PickupItem & { id: string })[];
  tokens: string[];
}

export function byRecordingOrder(queue: readonly QueuedHandOut[]): QueuedHandOut[] {
  return [...queue].sort((a, b) => a.seq - b.seq || a.at - b.at);
}

/** The next batch to send: the oldest hand-outs first, at most `size`. */
export function nextBatch(queue: readonly QueuedHandOut[], size: number): QueuedHandOut[] {
  return byRecordingOrder(queue).slice(0, size);
}

/**
 * What the server answered for a sent batch: every answered hand-out leaves the queue; the ones
 * not applied become conflicts for the station to show. Unanswered ones stay queued.
 */
export function settle(batch: readonly QueuedHandOut[], results: SyncOfflineHandOutsOutput['results']): { sent: string[]; conflicts: SyncConflict[] } {
  const byId = new Map(batch.map((h) => [h.id, h]));
  const sent: string[] = [];
  const conflicts: SyncConflict[] = [];
  for (const result of results) {
    const handOut = byId.get(result.id);
    if (!handOut) continue;
    sent.push(result.id);
    if (result.outcome === 'conflict') conflicts.push({ ...handOut, reason: result.reason ?? 'already-picked' });
  }
  return { sent, conflicts };
}

export type StationItemState = PickupItem & { id: string; queuedOffline?: QueuedHandOut };

/**
 * The person's items as the station shows them offline: an item with a queued hand-out is shown
 * as handed out here („zapisane offline — czeka na wysłanie”), so it is not handed out twice from
 * this device; the copy's own status stays for everything else.
 */
export function mergeQueued(items: readonly (PickupItem & { id: string })[], queue: readonly QueuedHandOut[], uid: string): StationItemState[] {
  const queued = new Map(queue.filter((h) => h.uid === uid).map((h) => [h.itemId, h]));
  return items.map((item) => {
    const handOut = queued.get(item.id);
    if (!handOut || item.status === 'picked') return item;
    return { ...item, status: 'picked', pickedAt: handOut.at, pickedBy: handOut.staffUid, pickedByName: handOut.staffName, queuedOffline: handOut };
  });
}

/** The words a person is found by offline: their name's search tokens and their e-mail. */
export function personTokens(name: string, email: string): string[] {
  return [...new Set([...searchTokens(name), email.toLowerCase()])];
}

/** Offline name or e-mail search over the device's copy (the same word rules as the online search). */
export function searchDevice(people: readonly DevicePerson[], text: string, limit = 50): DevicePerson[] {
  const trimmed = text.trim().toLowerCase();
  if (trimmed.includes('@')) return people.filter((p) => p.email.startsWith(trimmed)).slice(0, limit);
  const words = searchTokens(trimmed);
  if (!words.some((w) => w.length >= 2)) return [];
  return people
    .filter((p) => matchesAllWords(words, p.tokens))
    .sort((a, b) => a.name.localeCompare(b.name, 'pl'))
    .slice(0, limit);
}
