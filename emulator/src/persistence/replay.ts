import { EMPTY_NODE, nodeFromJSON, parsePath, type DataNode } from '../core/index.js';
import type { JournalOp } from './types.js';

/**
 * Rebuilds the namespaces exactly as the live server built them: every op goes through the core's
 * DataNode (updateChild), so priorities, `.value` leaves, pruning of empty parents and arrays-as-objects
 * come out identical to the state the server acknowledged.
 */
export class Replayer {
  private readonly roots = new Map<string, DataNode>();

  constructor(base: Map<string, unknown>) {
    for (const [ns, json] of base) this.roots.set(ns, nodeFromJSON(json));
  }

  apply(op: JournalOp): void {
    let root = this.roots.get(op.ns) ?? EMPTY_NODE;
    if (op.kind === 'set') {
      root = setAt(root, op.path, op.data);
    } else {
      if (typeof op.data !== 'object' || op.data === null) throw new Error('merge data is not an object');
      const base = op.path.endsWith('/') ? op.path : `${op.path}/`;
      for (const [relative, child] of Object.entries(op.data as Record<string, unknown>)) {
        root = setAt(root, base + relative, child);
      }
    }
    this.roots.set(op.ns, root);
  }

  result(): Map<string, unknown> {
    const out = new Map<string, unknown>();
    for (const [ns, root] of this.roots) {
      if (!root.isEmpty()) out.set(ns, root.val(true));
    }
    return out;
  }
}

function setAt(root: DataNode, pathString: string, data: unknown): DataNode {
  // `ref.setPriority()` arrives as a put to `<path>/.priority`; '.priority' is not a valid key
  // for parsePath, so it is applied to the node above it, as the SDK's Node.updateChild does.
  const trimmed = pathString.replace(/\/+$/, '');
  if (trimmed === '.priority' || trimmed.endsWith('/.priority')) {
    const parent = parsePath(trimmed.slice(0, -'.priority'.length));
    const node = root.getChild(parent);
    if (node.isEmpty()) return root;
    return root.updateChild(parent, node.updatePriority(data as string | number | null));
  }
  return root.updateChild(parsePath(pathString), nodeFromJSON(data));
}
