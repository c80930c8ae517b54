/**
 * What a pickup station keeps on the device, in IndexedDB (docs/pickup-offline.md): the pickup
 * directory (people, codes, items) copied while online, the hand-outs queued offline, the conflicts
 * the server reported, and this device's id. Survives a reload or a closed tab.
 *
 * The directory belongs to the staff member whose station copied it (its owner): it is dropped when
 * they sign out or another account signs in (shared/deviceCopy.ts), and never saved for anyone else.
 * The queue is not dropped: each hand-out names its staff member, and only they send it (sync.ts).
 * Whose hand-outs wait to be sent is also noted in localStorage (deviceOwner.ts), so the app sends them
 * when their staff member is signed in, without the station open and without loading it for anyone else.
 *
 * Lookups answer from an in-memory index (code → person, uid → person) built once per version of
 * the copy: from the people just saved, or from one read of the store after a start offline. Once
 * built it is also at hand synchronously (loadedDirectory), so a look-up and the person's page
 * render in the same pass, without a loading state in between.
 *
 * The connection (connection.ts) is shared with the station's other tabs on this device; every change
 * of the queue is told to them (otherTabs.ts), so they read it again.
 */
import { registerDeviceData } from '../../../shared/deviceCopy';
import { open } from './connection';
import { forgetDirectoryOwner, noteDirectoryOwner, noteQueuedBy } from './deviceOwner';
import { tellOtherTabs } from './otherTabs';
import type { DevicePerson, QueuedHandOut, SyncConflict, SyncRefusal } from './queue';

/** The directory in memory: the whole copy, by uid and by pickup code. */
export interface DirectoryIndex {
  people: readonly DevicePerson[];
  byUid: ReadonlyMap<string, DevicePerson>;
  byCode: ReadonlyMap<string, DevicePerson>;
}

function indexOf(people: readonly DevicePerson[]): DirectoryIndex {
  return {
    people,
    byUid: new Map(people.map((p) => [p.uid, p])),
    byCode: new Map(people.map((p) => [p.pickupCode, p])),
  };
}

let memory: Promise<DirectoryIndex> | null = null;
/** What `memory` resolved to, once it has (null before). */
let loaded: DirectoryIndex | null = null;
function remember(index: DirectoryIndex) {
  memory = Promise.resolve(index);
  loaded = index;
}
/**
 * Whose directory may be saved: undefined until the session first drops other accounts' data in this
 * page, then that account (null after a sign-out: nobody's). Keeps a save already on its way when
 * the staff member signs out from writing the copy back.
 */
let acceptedOwner: string | null | undefined;

/** The directory copy as an in-memory index, read from the store once per version of the copy. */
export function directory(): Promise<DirectoryIndex> {
  if (memory) return memory;
  const reading: Promise<DirectoryIndex> = open()
    .then((db) => db.getAll('people'))
    .then(indexOf)
    .then(
      (index) => {
        if (memory === reading) loaded = index;
        return index;
      },
      (error: unknown) => {
        // Not kept: the next look-up reads again (e.g. once another tab no longer blocks the store).
        if (memory === reading) memory = null;
        throw error;
      },
    );
  memory = reading;
  return reading;
}

/** The in-memory index when it is built already (null: call `directory()` and wait). */
export function loadedDirectory(): DirectoryIndex | null {
  return loaded;
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

const mayKeep = (owner: string) => acceptedOwner === undefined || acceptedOwner === owner;

/** Replaces the directory copy with a complete one of `owner`'s station, and notes when it was current. */
export async function saveDirectory(
  people: readonly DevicePerson[],
  currentAt: number,
  owner: string,
): Promise<boolean> {
  if (!mayKeep(owner)) return false;
  remember(indexOf(people));
  noteDirectoryOwner(owner);
  const db = await open();
  const tx = db.transaction(['people', 'meta'], 'readwrite');
  const people$ = tx.objectStore('people');
  const meta = tx.objectStore('meta');
  await Promise.all([
    people$.clear(),
    ...people.map((p) => people$.put(p)),
    meta.put({ key: 'directoryAt', value: currentAt }),
    meta.put({ key: 'owner', value: owner }),
    tx.done,
  ]);
  return true;
}

/** The copy was still current at `at` (the listener was live then). */
export async function touchDirectory(at: number, owner: string): Promise<boolean> {
  if (!mayKeep(owner)) return false;
  await (await open()).put('meta', { key: 'directoryAt', value: at });
  return true;
}

export async function directoryAt(): Promise<number | null> {
  const value = (await (await open()).get('meta', 'directoryAt'))?.value;
  return typeof value === 'number' ? value : null;
}

/** The staff member whose station copied the directory (null: no copy). */
export async function directoryOwner(): Promise<string | null> {
  const value = (await (await open()).get('meta', 'owner'))?.value;
  return typeof value === 'string' ? value : null;
}

/**
 * Drops the directory copy and the conflicts kept with it unless they belong to `exceptUid` (null:
 * drop them whatever their owner). The queue of unsent hand-outs stays.
 */
export async function dropDirectory(exceptUid: string | null): Promise<void> {
  acceptedOwner = exceptUid;
  const owner = await directoryOwner();
  if (exceptUid !== null && owner === exceptUid) return;
  remember(indexOf([]));
  const db = await open();
  const tx = db.transaction(['people', 'conflicts', 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  await Promise.all([
    tx.objectStore('people').clear(),
    tx.objectStore('conflicts').clear(),
    meta.delete('directoryAt'),
    meta.delete('owner'),
    tx.done,
  ]);
  forgetDirectoryOwner();
}

// Once this module runs, every session change reaches it directly (deviceOwner.ts covers the time before).
registerDeviceData(dropDirectory);

export async function personByUid(uid: string): Promise<DevicePerson | null> {
  return (await directory()).byUid.get(uid) ?? null;
}

export async function personByCode(code: string): Promise<DevicePerson | null> {
  return (await directory()).byCode.get(code) ?? null;
}

export async function enqueue(handOuts: readonly QueuedHandOut[]): Promise<void> {
  const db = await open();
  const tx = db.transaction('queue', 'readwrite');
  await Promise.all([...handOuts.map((h) => tx.store.put(h)), tx.done]);
  tellOtherTabs();
  noteQueue(await db.getAll('queue'));
}

/** Every hand-out queued on this device, whoever recorded it. */
export async function queued(): Promise<QueuedHandOut[]> {
  return noteQueue(await (await open()).getAll('queue'));
}

/**
 * Notes whose hand-outs wait to be sent (deviceOwner.ts): refused ones wait for staff to send them by
 * hand, not for the network. Every change of the queue is followed by a read of it (sync.ts).
 */
function noteQueue(all: QueuedHandOut[]): QueuedHandOut[] {
  noteQueuedBy([...new Set(all.filter((h) => !h.refused).map((h) => h.staffUid))]);
  return all;
}

/** Sent hand-outs leave the queue and the conflicts among them are kept, in one transaction. */
export async function settleSent(sent: readonly string[], conflicts: readonly SyncConflict[]): Promise<void> {
  const db = await open();
  const tx = db.transaction(['queue', 'conflicts'], 'readwrite');
  await Promise.all([
    ...sent.map((id) => tx.objectStore('queue').delete(id)),
    ...conflicts.map((c) => tx.objectStore('conflicts').put(c)),
    tx.done,
  ]);
  tellOtherTabs();
}

/** The server refused a hand-out: it stays queued, marked, so automatic sends pass it by. */
export async function markRefused(id: string, refusal: SyncRefusal): Promise<void> {
  const db = await open();
  const tx = db.transaction('queue', 'readwrite');
  const handOut = await tx.store.get(id);
  // Gone meanwhile (another tab's send got an answer for it): nothing to mark.
  if (handOut) await tx.store.put({ ...handOut, refused: refusal });
  await tx.done;
  tellOtherTabs();
}

/** Staff send the queue again by hand: the hand-outs the server refused go once more. */
export async function clearRefused(ids: readonly string[]): Promise<void> {
  const db = await open();
  const tx = db.transaction('queue', 'readwrite');
  await Promise.all([
    ...ids.map(async (id) => {
      const handOut = await tx.store.get(id);
      if (!handOut?.refused) return;
      const { refused: _refused, ...rest } = handOut;
      await tx.store.put(rest);
    }),
    tx.done,
  ]);
  tellOtherTabs();
}
