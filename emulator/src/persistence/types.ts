export interface JournalOp {
  ns: string;
  kind: 'set' | 'merge';
  /** '/a/b'; for a merge the keys of `data` are relative paths under it (they may contain '/'). */
  path: string;
  /** Server values already resolved; export-format JSON (.value / .priority kept). */
  data: unknown;
}

export interface DurableStoreStats {
  appends: number;
  /** Group commits: one write + one datasync each. */
  flushes: number;
  compactions: number;
  generation: number;
  journalBytes: number;
}

export interface DurableStore {
  readonly initial: Map<string, unknown>;
  append(op: JournalOp): Promise<void>;
  setSnapshotSource(source: () => Map<string, unknown>): void;
  close(): Promise<void>;
  /** Not in the module contract: observability for tests and the benchmark. */
  stats(): DurableStoreStats;
  /** Compact now (normally triggered by size and at close). */
  compact(): Promise<void>;
}

export interface DurableStoreOptions {
  /** Journal size that triggers a snapshot; default 32 MiB. */
  compactAfterBytes?: number;
}
