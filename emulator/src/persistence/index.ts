export type { DurableStore, JournalOp, RepairReport } from './types.js';
export { CorruptDataError, DataDirLockedError } from './errors.js';
export { openDurableStore } from './store.js';
export { exportDatabases, importDatabases } from './export.js';
