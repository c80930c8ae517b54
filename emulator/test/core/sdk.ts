// The reference implementation: the firebase JS SDK itself, run offline. A local `set` raises
// events whose snapshots carry the SDK's own node (`_node`), so its hash, val/exportVal and query
// windows can be compared with ours without any server.
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  getDatabase,
  goOffline,
  onValue,
  query,
  ref,
  set,
  type Database,
  type DataSnapshot,
  type QueryConstraint,
} from 'firebase/database';

let app: FirebaseApp | undefined;
let db: Database | undefined;
let counter = 0;

function database(): Database {
  if (!db) {
    app = initializeApp(
      { databaseURL: 'http://127.0.0.1:1?ns=core-reference', projectId: 'core-reference' },
      'core-reference',
    );
    db = getDatabase(app);
    goOffline(db);
  }
  return db;
}

interface SdkNode {
  hash(): string;
}

export interface SdkResult {
  snap: DataSnapshot;
  hash: string;
  val: unknown;
  exportVal: unknown;
  /** Child keys in the order the SDK iterates them (the query's index order). */
  keys: string[];
}

function result(snap: DataSnapshot): SdkResult {
  const keys: string[] = [];
  snap.forEach((c) => {
    keys.push(c.key as string);
  });
  return {
    snap,
    hash: (snap as unknown as { _node: SdkNode })._node.hash(),
    val: snap.val(),
    exportVal: snap.exportVal(),
    keys,
  };
}

/** Writes `value` at a fresh location (offline) and returns the SDK's view of it. */
export function sdkSnapshot(value: unknown): Promise<SdkResult> {
  return sdkQuery(value, []).then((r) => r.result);
}

export function childHash(snap: DataSnapshot, key: string): string {
  return (snap.child(key) as unknown as { _node: SdkNode })._node.hash();
}

/**
 * Writes `value` at a fresh location and listens to a query on it: returns the window the SDK
 * computes and the wire query object / identifier it would send to a server.
 */
export async function sdkQuery(
  value: unknown,
  constraints: QueryConstraint[],
): Promise<{ result: SdkResult; queryObject: Record<string, unknown>; queryIdentifier: string }> {
  const r = ref(database(), `t${counter++}`);
  set(r, value).catch(() => {
    /* offline: never acknowledged */
  });
  const q = query(r, ...constraints);
  const snap = await new Promise<DataSnapshot>((resolve) => {
    onValue(q, resolve, { onlyOnce: true });
  });
  const internals = q as unknown as { _queryObject: Record<string, unknown>; _queryIdentifier: string };
  return { result: result(snap), queryObject: internals._queryObject, queryIdentifier: internals._queryIdentifier };
}

export function sdkDatabase(): Database {
  return database();
}

/** The SDK's current (local) view of a path. */
export async function sdkRead(path: string): Promise<SdkResult> {
  const snap = await new Promise<DataSnapshot>((resolve) =>
    onValue(ref(database(), path), resolve, { onlyOnce: true }),
  );
  return result(snap);
}

export function freshPath(prefix: string): string {
  return `${prefix}${counter++}`;
}
