import type { DataNode, Path, QueryParams } from '../core/index.js';

/** Receives the data of one or more listens (a WebSocket session, an event-stream response). */
export interface ListenSink {
  /** Overwrite at `path` (absolute); `tag` for query listens. */
  set(path: Path, data: unknown, tag?: number, shared?: SharedEncoding): void;
  /** Merge at `path`: keys are relative child paths ('a' or 'a/b'). */
  merge(path: Path, data: Record<string, unknown>, shared?: SharedEncoding): void;
  /** The listen lost its read permission and was removed from the registry. */
  revoked(listen: Listen): void;
  /** Set by the database while it pushes one write: the write's number, once this sink has it. */
  pushedWrite?: number;
}

/**
 * One push delivered to many sinks: the first sink stores the message here, and the first WebSocket
 * sink its wire bytes, so the others reuse them (building, serialising and framing the push once
 * per write, not once per listener). Only for pushes whose message is the same for every sink.
 */
export interface SharedEncoding {
  message?: unknown;
  wire?: Buffer;
}

export interface ListenPrincipal {
  owner: boolean;
  auth: import('../rules/index.js').AuthContext | null;
}

export class Listen {
  /** The window last sent to a query listen (null before the first send). */
  lastWindow: DataNode | null = null;

  constructor(
    readonly sink: ListenSink,
    readonly principal: () => ListenPrincipal,
    readonly path: Path,
    readonly params: QueryParams,
    readonly isDefault: boolean,
    readonly queryId: string,
    readonly queryObject: unknown,
    readonly tag: number | undefined,
  ) {}
}

class ListenTreeNode {
  readonly children = new Map<string, ListenTreeNode>();
  readonly listens = new Set<Listen>();
}

/**
 * Listens indexed by path, so a write only visits the listens on its ancestors and below it —
 * never all listens of the namespace.
 */
export class ListenTree {
  private readonly root = new ListenTreeNode();
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(listen: Listen): void {
    let node = this.root;
    for (const key of listen.path) {
      let child = node.children.get(key);
      if (!child) {
        child = new ListenTreeNode();
        node.children.set(key, child);
      }
      node = child;
    }
    if (!node.listens.has(listen)) {
      node.listens.add(listen);
      this.count++;
    }
  }

  remove(listen: Listen): void {
    const trail: ListenTreeNode[] = [this.root];
    let node: ListenTreeNode | undefined = this.root;
    for (const key of listen.path) {
      node = node.children.get(key);
      if (!node) return;
      trail.push(node);
    }
    if (!node.listens.delete(listen)) return;
    this.count--;
    // Prune empty branches so the tree does not grow with every path ever listened to.
    for (let i = trail.length - 1; i > 0; i--) {
      const n = trail[i];
      if (n.listens.size > 0 || n.children.size > 0) break;
      trail[i - 1].children.delete(listen.path[i - 1]);
    }
  }

  /** Listens at the root, at each ancestor of `path` and at `path` itself (outermost first). */
  forEachOnPath(path: Path, callback: (listen: Listen) => void): void {
    let node: ListenTreeNode | undefined = this.root;
    for (let i = 0; ; i++) {
      for (const listen of node.listens) callback(listen);
      if (i === path.length) return;
      node = node.children.get(path[i]);
      if (!node) return;
    }
  }

  /**
   * Listens strictly below `path`. `enter(relativePath)` decides whether to descend into a branch
   * (the caller skips branches whose data did not change).
   */
  forEachBelow(path: Path, enter: (absolutePath: Path) => boolean, callback: (listen: Listen) => void): void {
    let node: ListenTreeNode | undefined = this.root;
    for (const key of path) {
      node = node.children.get(key);
      if (!node) return;
    }
    const walk = (n: ListenTreeNode, at: string[]): void => {
      for (const [key, child] of n.children) {
        const childPath = [...at, key];
        if (!enter(childPath)) continue;
        for (const listen of child.listens) callback(listen);
        if (child.children.size > 0) walk(child, childPath);
      }
    };
    walk(node, [...path]);
  }

  forEach(callback: (listen: Listen) => void): void {
    const walk = (n: ListenTreeNode): void => {
      for (const listen of n.listens) callback(listen);
      for (const child of n.children.values()) walk(child);
    };
    walk(this.root);
  }
}
