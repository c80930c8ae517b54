// Test-only: happy-dom has no IndexedDB; fake-indexeddb implements the spec in memory, including the
// version-change protocol between connections (versionchange, blocked) the station's store relies on.
import {
  IDBCursor,
  IDBCursorWithValue,
  IDBDatabase,
  IDBFactory,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBOpenDBRequest,
  IDBRequest,
  IDBTransaction,
  IDBVersionChangeEvent,
} from 'fake-indexeddb';

/**
 * Gives this test file's page an empty IndexedDB (a new one at each call); each connection opened on it
 * stands for one tab's. The classes stay the same across calls: `idb` remembers the ones it first saw.
 */
export function installIndexedDb(): IDBFactory {
  const factory = new IDBFactory();
  Object.assign(globalThis, {
    IDBCursor,
    IDBCursorWithValue,
    IDBDatabase,
    IDBIndex,
    IDBKeyRange,
    IDBObjectStore,
    IDBOpenDBRequest,
    IDBRequest,
    IDBTransaction,
    IDBVersionChangeEvent,
    indexedDB: factory,
  });
  return factory;
}
