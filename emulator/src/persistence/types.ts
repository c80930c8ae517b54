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

/** What a repair of the journal dropped (see DurableStoreOptions.repair). */
export interface RepairReport {
  /** The journal where the damage is, the byte where its first damaged record starts, and what is wrong. */
  file: string;
  offset: number;
  problem: string;
  /** Records dropped: the damaged one and every one after it, in this journal and in newer ones. */
  droppedRecords: number;
  droppedBytes: number;
  /** Newer journals dropped whole. */
  droppedFiles: string[];
  /** Where the original files are kept (inside the data directory). */
  backupDir: string;
}

export interface DurableStore {
  readonly initial: Map<string, unknown>;
  /** What a repair dropped at open; null when nothing needed repairing. */
  readonly repaired: RepairReport | null;
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
  /**
   * A damaged journal record (checksum, parse, sequence or replay failure) is cut off with every
   * record after it, instead of refusing to open; the original files are first copied into a
   * `repair-<time>` folder of the directory. The data is then the state as of the last good record.
   */
  repair?: boolean;
}
