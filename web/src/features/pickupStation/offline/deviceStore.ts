/**
 * What a pickup station keeps on the device, in IndexedDB (docs/pickup-offline.md): the pickup
 * directory (people, codes, items) copied while online, the hand-outs queued offline, the conflicts
 * the server reported, and this device's id. Survives a reload or a closed tab.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DevicePerson, QueuedHandOut, SyncConflict } from './queue';

interface StationDb extends DBSchema {
  people: { key: string; value: DevicePerson; indexes: { byCode: string } };
  queue: { key: string; value: QueuedHandOut };
  conflicts: { key: string; value: SyncConflict };
  meta: { key: string; value: { key: string; value: string | number } };
}

const DB_NAME = 'panel-pickup-station';
let dbPromise: Promise<IDBPDatabase<StationDb>> | null = null;

function open(): Promise<IDBPDatabase<StationDb>> {
  dbPromise ??= openDB<StationDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('people', { keyPath: 'uid' }).createIndex('byCode', 'pickupCode');
      db.createObjectStore('queue', { keyPath: 'id' });
      db.createObjectStore('conflicts', { keyPath: 'id' });
      db.createObjectStore('meta', { keyPath: 'key' });
    },
  });
  return dbPromise;
}

/** This device's id (a random UUID made on first use), sent with every offline hand-out. */
export async function deviceId(): Promise<string> {
  const db = await open();
  const stored = await db.get('meta', 'deviceId');
  if (typeof stored?.value === 'string') return stored.value;
  const id = crypto.randomUUID();
  await db.put('meta', { key: 'deviceId', value: id });
  return id;
}

/** Replaces the directory copy with a complete one, and notes when it was current. */
export async function saveDirectory(people: readonly DevicePerson[], currentAt: number): Promise<void> {
  const db = await open();
  const tx = db.transaction(['people', 'meta'], 'readwrite');
  await tx.objectStore('people').clear();
  await Promise.all([...people.map((p) => tx.objectStore('people').put(p)), tx.objectStore('meta').put({ key: 'directoryAt', value: currentAt })]);
  await tx.done;
}

/** The copy was still current at `at` (the listener was live then). */
export async function touchDirectory(at: number): Promise<void> {
  await (await open()).put('meta', { key: 'directoryAt', value: at });
}

export async function directoryAt(): Promise<number | null> {
  const value = (await (await open()).get('meta', 'directoryAt'))?.value;
  return typeof value === 'number' ? value : null;
}

export async function allPeople(): Promise<DevicePerson[]> {
  return (await open()).getAll('people');
}

export async function personByUid(uid: string): Promise<DevicePerson | null> {
  return (await (await open()).get('people', uid)) ?? null;
}

export async function personByCode(code: string): Promise<DevicePerson | null> {
  return (await (await open()).getFromIndex('people', 'byCode', code)) ?? null;
}

export async function enqueue(handOuts: readonly QueuedHandOut[]): Promise<void> {
  const db = await open();
  const tx = db.transaction('queue', 'readwrite');
  await Promise.all([...handOuts.map((h) => tx.store.put(h)), tx.done]);
}

export async function queued(): Promise<QueuedHandOut[]> {
  return (await open()).getAll('queue');
}

/** Sent hand-outs leave the queue and the conflicts among them are kept, in one transaction. */
export async function settleSent(sent: readonly string[], conflicts: readonly SyncConflict[]): Promise<void> {
  const db = await open();
  const tx = db.transaction(['queue', 'conflicts'], 'readwrite');
  await Promise.all([...sent.map((id) => tx.objectStore('queue').delete(id)), ...conflicts.map((c) => tx.objectStore('conflicts').put(c)), tx.done]);
}
