/** Data on disk that cannot be trusted. Refusing to start is the only safe reaction: starting empty
 *  would silently overwrite the user's data at the next compaction. */
export class CorruptDataError extends Error {
  constructor(
    readonly file: string,
    message: string,
    /**
     * The damage is in a journal: a repair (`openDurableStore(dir, { repair: true })`, the CLI's
     * `--repair`) can keep every record before it. A damaged snapshot has nothing older to fall back on.
     */
    readonly repairable = false,
  ) {
    super(
      `Corrupt data file ${file}: ${message}${repairable ? ' (a repair keeps every record before it and backs up the original)' : ''}`,
    );
    this.name = 'CorruptDataError';
  }
}

/** Another live process (or another store in this process) holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    /** The lock file, when the holder could not be told apart from another process with its pid. */
    unverifiedLock: string | null = null,
  ) {
    super(
      `Data directory ${dir} is in use by another emulator (pid ${pid}); stop it or choose another --data directory` +
        (unverifiedLock
          ? ` (the lock does not say which process wrote it; if pid ${pid} is not an emulator, delete ${unverifiedLock})`
          : ''),
    );
    this.name = 'DataDirLockedError';
  }
}
