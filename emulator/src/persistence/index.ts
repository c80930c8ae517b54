export type { DurableStore, DurableStoreOptions, DurableStoreStats, JournalOp, RepairReport } from './types.js';
export { CorruptDataError, DataDirLockedError } from './errors.js';
export { openDurableStore } from './store.js';
export { exportDatabases, importDatabases, EXPORT_METADATA_FILE, DATABASE_EXPORT_DIR } from './export.js';
