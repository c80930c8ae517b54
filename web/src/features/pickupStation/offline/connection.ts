/**
 * The station's IndexedDB database and this tab's connection to it (docs/pickup-offline.md, "Storage
 * on the device"), and the browser's promise to keep it.
 *
 * Several tabs share the database. When another tab needs it for a newer version of the app (or
 * deletes it), this tab closes its connection at once, so that tab's upgrade is not blocked for as long
 * as this one stays open; the next access here opens it again. Opening may in turn be blocked by a tab
 * that does not let go (an older version of the app): every access then fails at once with a Polish
 * message asking to close the other tabs, instead of hanging, and the open goes on, so the accesses
 * after that tab has closed succeed. The message is reported to the station (watchStoreProblem).
 */
import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from 'idb';
import { StationDeviceError } from './deviceError';
import type { DevicePerson, QueuedHandOut, SyncConflict } from './queue';

interface StationDb extends DBSchema {
  people: { key: string; value: DevicePerson; indexes: { byCode: string } };
  queue: { key: string; value: QueuedHandOut };
  conflicts: { key: string; value: SyncConflict };
  meta: { key: string; value: { key: string; value: string | number } };
}

const DB_NAME = 'panel-pickup-station';
// 2: a person carries the participants' search tokens; an older copy is dropped (the queue stays).
const DB_VERSION = 2;

const BLOCKED =
  'Zamknij inne karty ze stacją wydań na tym urządzeniu: jedna z nich blokuje dane stacji. Wydania zapisane na urządzeniu nie giną.';
const OUTDATED = 'Na tym urządzeniu otwarto nowszą wersję stacji wydań. Odśwież tę kartę.';

type Connection = IDBPDatabase<StationDb>;
/** An open in progress or done, and what rejects once another tab blocks it (null when open). */
interface Attempt {
  db: Promise<Connection>;
  blocked: Promise<never> | null;
}
let current: Attempt | null = null;

const problemListeners = new Set<(problem: string | null) => void>();
const report = (problem: string | null) => problemListeners.forEach((listener) => listener(problem));

/** Hears what keeps the store from being used (a Polish message for staff), and null once it opens. */
export function watchStoreProblem(listener: (problem: string | null) => void): void {
  problemListeners.add(listener);
}

/** This tab's connection, opened at the first access and again after it was let go. */
export function open(): Promise<Connection> {
  current ??= connect();
  return current.blocked ? Promise.race([current.db, current.blocked]) : current.db;
}

/**
 * Resolves once the database is open, waiting while another tab blocks it (the station starts then,
 * with the message to close the other tabs shown meanwhile); rejects as `open` does otherwise.
 */
export async function whenOpen(): Promise<void> {
  current ??= connect();
  await current.db;
}

const upgrade: OpenDBCallbacks<StationDb>['upgrade'] = (db, oldVersion, _newVersion, tx) => {
  if (!db.objectStoreNames.contains('people'))
    db.createObjectStore('people', { keyPath: 'uid' }).createIndex('byCode', 'pickupCode');
  else if (oldVersion < 2) void tx.objectStore('people').clear();
  if (!db.objectStoreNames.contains('queue')) db.createObjectStore('queue', { keyPath: 'id' });
  if (!db.objectStoreNames.contains('conflicts')) db.createObjectStore('conflicts', { keyPath: 'id' });
  if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'key' });
  else if (oldVersion < 2) void tx.objectStore('meta').delete('directoryAt');
};

function connect(): Attempt {
  let refuse: (error: Error) => void = () => undefined;
  const blocked = new Promise<never>((_, reject) => (refuse = reject));
  blocked.catch(() => undefined);
  const attempt = { blocked } as Attempt;
  const forget = () => {
    if (current === attempt) current = null;
  };
  const opening = openDB<StationDb>(DB_NAME, DB_VERSION, {
    upgrade,
    blocked() {
      refuse(new StationDeviceError(BLOCKED));
      report(BLOCKED);
    },
    // Another tab opens a newer version or deletes the database: let go now rather than block it.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      forget();
    },
    // The browser closed the connection itself (site data cleared): the next access opens it again.
    terminated: forget,
  });
  attempt.db = opening.then(
    (db) => {
      attempt.blocked = null;
      report(null);
      return db;
    },
    (error: unknown) => {
      forget();
      // Another tab upgraded the database to a newer version of the app than this tab runs.
      if (!(error instanceof DOMException && error.name === 'VersionError')) throw error;
      report(OUTDATED);
      throw new StationDeviceError(OUTDATED);
    },
  );
  return attempt;
}

let persisting: Promise<boolean | null> | null = null;

/**
 * Asks the browser, once per page, to keep this origin's storage (`navigator.storage.persist()`):
 * otherwise, short of space, it may evict it, the queued hand-outs with it. True: kept; false: refused
 * (the station says so); null: the browser has no such API, or asking failed.
 */
export function keepStorage(): Promise<boolean | null> {
  persisting ??= (async () => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (typeof storage?.persist !== 'function') return null;
    try {
      // Chrome decides on its own (an installed app, a bookmarked site), Firefox asks the user once.
      return await storage.persist();
    } catch {
      return null;
    }
  })();
  return persisting;
}
