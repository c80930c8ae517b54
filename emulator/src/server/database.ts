import {
  DatabaseError,
  EMPTY_NODE,
  applyQuery,
  indexedPath,
  loadsAllData,
  nodeFromJSON,
  parsePath,
  pathToString,
  resolveServerValues,
  setJsonProperty,
  validateWriteData,
  type DataNode,
  type Path,
  type QueryParams,
} from '../core/index.js';
import { compileRules, type AuthContext, type CompiledRules } from '../rules/index.js';
import type { DurableStore } from '../persistence/index.js';
import { Listen, ListenTree, type ListenPrincipal, type SharedEncoding } from './listens.js';

export type Principal = ListenPrincipal;
export const OWNER: Principal = Object.freeze({ owner: true, auth: null });
export const ANONYMOUS: Principal = Object.freeze({ owner: false, auth: null });

export interface RulesState {
  compiled: CompiledRules;
  text: string;
}

/** A write ready to be committed (validated, server values resolved, rules checked). */
interface PreparedWrite {
  kind: 'set' | 'merge';
  path: Path;
  oldRoot: DataNode;
  newRoot: DataNode;
  /** merge only: the changed child paths relative to `path`. */
  children: Path[];
}

const PRIORITY_KEY = '.priority';

/**
 * Parses a wire/REST path. A trailing `.priority` (the SDK's setPriority writes to `<path>/.priority`)
 * is split off because it is not a valid key.
 */
function parseWritePath(pathString: string): { path: Path; priority: boolean } {
  const trimmed = pathString.replace(/\/+$/, '');
  if (trimmed === '.priority' || trimmed.endsWith('/.priority')) {
    return { path: parsePath(trimmed.slice(0, -PRIORITY_KEY.length)), priority: true };
  }
  return { path: parsePath(pathString), priority: false };
}

function permissionDenied(): DatabaseError {
  return new DatabaseError('permission_denied', 'Permission denied');
}

/** Numbers the pushes of every namespace (see notify). */
let lastWriteNumber = 0;

export class Namespace {
  root: DataNode = EMPTY_NODE;
  readonly listens = new ListenTree();
  /**
   * Listens whose `.read` verdict can change with data (a consulted rule references root / data),
   * re-checked after every write. Listens with auth-, query- or constant-only rules never are.
   */
  private readonly dataDependent = new Set<Listen>();
  private rulesState: RulesState;
  /**
   * Protocol requests received, by kind (see ProtocolSession.countRequest), for benchmarks that
   * count the database round trips an operation needs (GET /.emulator/requests).
   */
  readonly requestCounts = new Map<string, number>();

  constructor(
    readonly name: string,
    rules: RulesState,
    private readonly store: DurableStore | null,
  ) {
    this.rulesState = rules;
  }

  get rules(): RulesState {
    return this.rulesState;
  }

  /** New rules: the data-dependence of every listen is decided again (the caller re-checks listens). */
  set rules(rules: RulesState) {
    this.rulesState = rules;
    this.dataDependent.clear();
    this.listens.forEach((listen) => this.trackDependence(listen));
  }

  private trackDependence(listen: Listen): void {
    if (this.rulesState.compiled.readDependsOnData(listen.path)) this.dataDependent.add(listen);
  }

  private authOf(principal: Principal): AuthContext | null {
    return principal.auth;
  }

  canRead(principal: Principal, path: Path, params?: QueryParams): boolean {
    if (principal.owner) return true;
    return this.rules.compiled.canRead({
      root: this.root,
      path,
      auth: this.authOf(principal),
      now: Date.now(),
      query: params,
    });
  }

  /** One-time read (get / REST GET); throws permission_denied. */
  read(principal: Principal, path: Path, params: QueryParams): DataNode {
    if (!this.canRead(principal, path, params)) throw permissionDenied();
    const node = this.root.getChild(path);
    return loadsAllData(params) ? node : applyQuery(node, params);
  }

  /** Whether a listen with this query should carry the `no_index` warning. */
  missingIndex(path: Path, params: QueryParams): boolean {
    const indexed = indexedPath(params);
    if (indexed === null) return false;
    const wanted = indexed.join('/');
    return !this.rules.compiled.indexOn(path).some((entry) => entry.replace(/^\/+|\/+$/g, '') === wanted);
  }

  private prepareSet(
    principal: Principal,
    path: Path,
    json: unknown,
    options: { priorityOnly?: boolean; hash?: string },
  ): PreparedWrite {
    const now = Date.now();
    const oldRoot = this.root;
    const existing = oldRoot.getChild(path);
    if (options.hash !== undefined && existing.hash() !== options.hash) {
      throw new DatabaseError('datastale', 'Transaction hash does not match');
    }
    let newNode: DataNode;
    if (options.priorityOnly) {
      // The same checks as a `.priority` inside a value: type, string size, server value shape.
      validateWriteData(json, [...path, PRIORITY_KEY]);
      const priority = resolveServerValues(json, existing.getImmediateChild(PRIORITY_KEY), now) as
        string | number | null;
      // No priority without data (an empty location stays empty); rules check the node itself.
      newNode = existing.isEmpty() ? existing : existing.updatePriority(priority);
    } else {
      validateWriteData(json, path);
      newNode = nodeFromJSON(resolveServerValues(json, existing, now));
    }
    const newRoot = oldRoot.updateChild(path, newNode);
    if (!principal.owner) {
      const verdict = this.rules.compiled.canWrite({ oldRoot, newRoot, path, auth: this.authOf(principal), now });
      if (!verdict.allowed) throw permissionDenied();
    }
    return { kind: 'set', path, oldRoot, newRoot, children: [] };
  }

  private prepareMerge(principal: Principal, path: Path, data: unknown, options: { hash?: string }): PreparedWrite {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      throw new DatabaseError('invalid_data', 'Update data must be an object');
    }
    const now = Date.now();
    const oldRoot = this.root;
    if (options.hash !== undefined && oldRoot.getChild(path).hash() !== options.hash) {
      throw new DatabaseError('datastale', 'Transaction hash does not match');
    }
    const entries = Object.entries(data as Record<string, unknown>);
    const children: Path[] = [];
    let newRoot = oldRoot;
    for (const [key, value] of entries) {
      const relative = parsePath(key);
      if (relative.length === 0) throw new DatabaseError('invalid_path', `Invalid update key "${key}"`);
      const absolute = [...path, ...relative];
      validateWriteData(value, absolute);
      const existing = oldRoot.getChild(absolute);
      newRoot = newRoot.updateChild(absolute, nodeFromJSON(resolveServerValues(value, existing, now)));
      children.push(relative);
    }
    if (!principal.owner && children.length > 0) {
      // `<key>/.priority` writes the priority of <key>: the rules check <key> (a `$wildcard` must not
      // match `.priority` as if it were a child).
      const ruleTargets = children.map((c) => (c[c.length - 1] === PRIORITY_KEY ? c.slice(0, -1) : c).join('/'));
      const verdict = this.rules.compiled.canWrite({
        oldRoot,
        newRoot,
        path,
        changedChildren: ruleTargets,
        auth: this.authOf(principal),
        now,
      });
      if (!verdict.allowed) throw permissionDenied();
    }
    return { kind: 'merge', path, oldRoot, newRoot, children };
  }

  /**
   * Applies a write synchronously (so writes are applied in arrival order), notifies listeners,
   * and resolves once the write is durable.
   */
  set(principal: Principal, pathString: string, json: unknown, options: { hash?: string } = {}): Promise<void> {
    const { path, priority } = parseWritePath(pathString);
    return this.commit(this.prepareSet(principal, path, json, { ...options, priorityOnly: priority }));
  }

  merge(principal: Principal, pathString: string, data: unknown, options: { hash?: string } = {}): Promise<void> {
    const path = parsePath(pathString);
    const prepared = this.prepareMerge(principal, path, data, options);
    if (prepared.children.length === 0) return Promise.resolve();
    return this.commit(prepared);
  }

  /** Checks that a write would be accepted now, without applying it (onDisconnect registration). */
  checkWrite(principal: Principal, kind: 'set' | 'merge', pathString: string, data: unknown): void {
    if (kind === 'set') {
      const { path, priority } = parseWritePath(pathString);
      this.prepareSet(principal, path, data, { priorityOnly: priority });
    } else {
      this.prepareMerge(principal, parsePath(pathString), data, {});
    }
  }

  private commit(write: PreparedWrite): Promise<void> {
    if (write.oldRoot !== this.root) throw new Error('write prepared against a stale root');
    this.root = write.newRoot;
    // Before the push: a listener that lost its read permission through this write must not
    // receive the data written by it.
    this.recheckDataDependent();
    // The written data as export-format JSON, computed at most once for listeners and the journal.
    let written: unknown;
    const writtenData = (): unknown => {
      if (written !== undefined) return written;
      if (write.kind === 'set') written = write.newRoot.getChild(write.path).val(true);
      else {
        const data: Record<string, unknown> = {};
        for (const child of write.children)
          setJsonProperty(data, child.join('/'), write.newRoot.getChild([...write.path, ...child]).val(true));
        written = data;
      }
      return written;
    };
    this.notify(write, writtenData);
    if (!this.store) return Promise.resolve();
    return this.store.append({ ns: this.name, kind: write.kind, path: pathToString(write.path), data: writtenData() });
  }

  /** Replaces the whole tree (import); journaled as a set of the root. */
  replaceRoot(json: unknown): Promise<void> {
    const oldRoot = this.root;
    const newRoot = nodeFromJSON(json);
    return this.commit({ kind: 'set', path: [], oldRoot, newRoot, children: [] });
  }

  // ---- listens ---------------------------------------------------------------------------------

  /** Registers a listen and sends its initial data unless the client's hash shows it is current. */
  listen(listen: Listen, clientHash: string | undefined): void {
    if (!this.canRead(listen.principal(), listen.path, listen.isDefault ? undefined : listen.params))
      throw permissionDenied();
    this.listens.add(listen);
    this.trackDependence(listen);
    const node = this.root.getChild(listen.path);
    if (listen.isDefault) {
      if (clientHash === undefined || clientHash !== node.hash()) listen.sink.set(listen.path, node.val(true));
    } else {
      const window = applyQuery(node, listen.params);
      listen.lastWindow = window;
      if (clientHash === undefined || clientHash !== window.hash())
        listen.sink.set(listen.path, window.val(true), listen.tag);
    }
  }

  unlisten(listen: Listen): void {
    this.listens.remove(listen);
    this.dataDependent.delete(listen);
  }

  /**
   * Re-checks read permission of listens (all of the namespace after a rules change, or the given
   * ones after a connection's auth changed) and revokes the lost ones.
   */
  recheckListens(only?: Iterable<Listen>): void {
    const candidates: Listen[] = [];
    if (only) candidates.push(...only);
    else this.listens.forEach((listen) => candidates.push(listen));
    for (const listen of candidates) {
      if (this.canRead(listen.principal(), listen.path, listen.isDefault ? undefined : listen.params)) continue;
      this.revoke(listen);
    }
  }

  private revoke(listen: Listen): void {
    this.listens.remove(listen);
    this.dataDependent.delete(listen);
    listen.sink.revoked(listen);
  }

  /**
   * After a write: re-checks the listens whose read rules depend on data, in one pass. Listens of
   * the same principal on the same path and query share one rule evaluation (many tabs of one user,
   * or one connection's default and query listens on the same place).
   */
  private recheckDataDependent(): void {
    if (this.dataDependent.size === 0) return;
    const now = Date.now();
    const verdicts = new Map<Principal, Map<string, boolean>>();
    const lost: Listen[] = [];
    for (const listen of this.dataDependent) {
      const principal = listen.principal();
      if (principal.owner) continue;
      let byPlace = verdicts.get(principal);
      if (!byPlace) verdicts.set(principal, (byPlace = new Map()));
      const key = `${listen.isDefault ? 'default' : listen.queryId}\u0000${listen.path.join('/')}`;
      let allowed = byPlace.get(key);
      if (allowed === undefined) {
        allowed = this.rulesState.compiled.canRead({
          root: this.root,
          path: listen.path,
          auth: principal.auth,
          now,
          query: listen.isDefault ? undefined : listen.params,
        });
        byPlace.set(key, allowed);
      }
      if (!allowed) lost.push(listen);
    }
    for (const listen of lost) this.revoke(listen);
  }

  private notify(write: PreparedWrite, writtenData: () => unknown): void {
    if (this.listens.size === 0) return;
    const { path, oldRoot, newRoot } = write;
    const queries: Listen[] = [];
    // One push per write and connection, whatever number of its listens cover the written path.
    // Each is written as soon as its listen is found (no collecting pass first): with many
    // listeners, the first ones get the data sooner. A sink remembers the number of the write it
    // was last pushed (a number, so that a sink holds no old push's bytes).
    const writeNumber = ++lastWriteNumber;
    const shared: SharedEncoding = {};
    let data: unknown;
    this.listens.forEachOnPath(path, (listen) => {
      if (!listen.isDefault) {
        queries.push(listen);
        return;
      }
      const sink = listen.sink;
      if (sink.pushedWrite === writeNumber) return;
      sink.pushedWrite = writeNumber;
      data ??= writtenData();
      if (write.kind === 'set') sink.set(path, data, undefined, shared);
      else sink.merge(path, data as Record<string, unknown>, shared);
    });
    const below: Listen[] = [];
    this.listens.forEachBelow(
      path,
      // Reference inequality is the fast "changed below here" test (core shares unchanged
      // subtrees); equal-but-rebuilt nodes are still filtered by equals() below.
      (at) => oldRoot.getChild(at) !== newRoot.getChild(at),
      (listen) => below.push(listen),
    );
    for (const listen of below) {
      if (listen.isDefault) {
        if (listen.sink.pushedWrite === writeNumber) continue;
        const before = oldRoot.getChild(listen.path);
        const after = newRoot.getChild(listen.path);
        if (before === after || before.equals(after)) continue;
        listen.sink.set(listen.path, after.val(true));
      } else {
        queries.push(listen);
      }
    }
    if (queries.length === 0) return;
    // Many connections often watch the same query (a leaderboard, a feed): its window is computed
    // and serialised once per write, not once per listener.
    const windows = new Map<string, { window: DataNode; json?: unknown }>();
    for (const listen of queries) this.refreshQuery(listen, oldRoot, newRoot, windows);
  }

  private refreshQuery(
    listen: Listen,
    oldRoot: DataNode,
    newRoot: DataNode,
    windows: Map<string, { window: DataNode; json?: unknown }>,
  ): void {
    const after = newRoot.getChild(listen.path);
    if (after === oldRoot.getChild(listen.path) && listen.lastWindow !== null) return;
    const key = `${listen.queryId}\u0000${listen.path.join('/')}`;
    let computed = windows.get(key);
    if (!computed) {
      computed = { window: applyQuery(after, listen.params) };
      windows.set(key, computed);
    }
    const window = computed.window;
    if (listen.lastWindow !== null && (listen.lastWindow === window || listen.lastWindow.equals(window))) return;
    listen.lastWindow = window;
    computed.json ??= window.val(true);
    listen.sink.set(listen.path, computed.json, listen.tag);
  }

  exportJson(): unknown {
    return this.root.val(true);
  }
}

export function compileRulesState(text: string): RulesState {
  return { compiled: compileRules(text), text };
}
