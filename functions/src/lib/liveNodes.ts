import type { DataSnapshot, Database, Reference } from 'firebase-admin/database';
import { db as defaultDb } from './admin.js';

/**
 * Value listeners kept on database nodes while an operation uses them, shared by every call the
 * process serves at once (a production instance serves many calls concurrently).
 *
 * Why: a transaction runs its first attempt on the SDK's cached value. Without a listener nothing is
 * cached, the first attempt is sent with the hash of "nothing" and the server refuses it (`datastale`):
 * one wasted round trip per transaction. While a node is held, the cache follows the server, so the
 * first attempt carries the current value; and `get()` on the node or anything below it answers from
 * the cache without asking the server. The SDK queues concurrent transactions on one node of one
 * process and sends them as one write per round trip, each deciding in arrival order on the value
 * the previous ones left (docs/data-model.md, "Sales rush") — the held listener keeps that queue warm.
 *
 * A node is listened to from the first hold until the last release; `lingerMs` keeps the listener
 * that long after the last release (hot shared nodes such as a ticket type during a sale), with an
 * unref'd timer, so an idle process drops its listeners and can exit.
 */
interface HeldNode {
  readonly path: string;
  /** The node's current value as this process knows it (a child's with `child`); null when absent. */
  value(child?: string): unknown;
  /** Ends this hold; the listener stays while other holds remain (and `lingerMs` after). */
  release(): void;
}

interface Entry {
  ref: Reference;
  holds: number;
  lingerMs: number;
  latest: DataSnapshot | null;
  ready: Promise<void>;
  timer: NodeJS.Timeout | null;
  stop: () => void;
}

const entries = new Map<string, Entry>();

function keyOf(database: Database, path: string): string {
  return `${database.app.name}\u0000${path}`;
}

/** Starts (or joins) the listener on `path` and resolves once its value has arrived from the server. */
export async function holdNode(
  path: string,
  { lingerMs = 0, database = defaultDb }: { lingerMs?: number; database?: Database } = {},
): Promise<HeldNode> {
  const key = keyOf(database, path);
  let entry = entries.get(key);
  if (!entry) entry = listen(key, database.ref(path), lingerMs);
  entry.holds++;
  entry.lingerMs = Math.max(entry.lingerMs, lingerMs);
  if (entry.timer) {
    clearTimeout(entry.timer);
    entry.timer = null;
  }
  const held = entry;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.holds--;
    if (held.holds > 0 || entries.get(key) !== held) return;
    if (held.lingerMs <= 0) {
      held.stop();
      return;
    }
    held.timer = setTimeout(() => {
      if (held.holds === 0) held.stop();
    }, held.lingerMs);
    held.timer.unref();
  };
  try {
    await held.ready;
  } catch (error) {
    release();
    throw error;
  }
  return {
    path,
    value: (child) => {
      const snap = held.latest;
      if (!snap) return null;
      // Left unknown (HeldNode.value): whoever reads it narrows or parses it.
      return (child ? snap.child(child) : snap).val();
    },
    release,
  };
}

function listen(key: string, ref: Reference, lingerMs: number): Entry {
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const entry: Entry = {
    ref,
    holds: 0,
    lingerMs,
    latest: null,
    ready,
    timer: null,
    stop: () => {
      if (entries.get(key) === entry) entries.delete(key);
      if (entry.timer) clearTimeout(entry.timer);
      ref.off('value', onValue);
    },
  };
  const onValue = (snap: DataSnapshot) => {
    entry.latest = snap;
    resolveReady();
  };
  // A cancelled listener (the server refused it) ends the entry; the next hold listens again.
  ref.on('value', onValue, (error: Error) => {
    entry.stop();
    rejectReady(error);
  });
  entries.set(key, entry);
  return entry;
}

/** Holds several nodes for one operation and releases them together. */
export class NodeHolds {
  private readonly held: HeldNode[] = [];
  private closed = false;

  async hold(path: string, options?: { lingerMs?: number; database?: Database }): Promise<HeldNode> {
    const node = await holdNode(path, options);
    // A hold that arrives after releaseAll (its operation ended meanwhile) is given back at once.
    if (this.closed) node.release();
    else this.held.push(node);
    return node;
  }

  releaseAll(): void {
    this.closed = true;
    for (const node of this.held.splice(0)) node.release();
  }
}

/** Paths this process listens to now (for tests and diagnostics). */
export function heldPaths(database: Database = defaultDb): string[] {
  const prefix = `${database.app.name}\u0000`;
  return [...entries.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}
