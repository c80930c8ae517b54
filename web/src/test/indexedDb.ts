// Test-only: happy-dom has no IndexedDB; fake-indexeddb implements the spec in memory, including the
// version-change protocol between connections (versionchange, blocked) the station's store relies on.
import * as fake from 'fake-indexeddb';

// The spec's classes (IDBDatabase, IDBKeyRange, …) as the page's globals; not the package's shared factory.
const { default: _factory, indexedDB: _sameFactory, forceCloseDatabase: _helper, ...classes } = fake;

/**
 * Gives this test file's page an empty IndexedDB (a new one at each call); each connection opened on it
 * stands for one tab's. The classes stay the same across calls: `idb` remembers the ones it first saw.
 */
export function installIndexedDb(): IDBFactory {
  const factory = new fake.IDBFactory();
  Object.assign(globalThis, classes, { indexedDB: factory });
  return factory;
}
