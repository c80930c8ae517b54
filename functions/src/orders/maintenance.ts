import type { z } from 'zod';
import { maintenanceFlagSchema } from '../domain/index.js';
import { readStored } from '../lib/stored.js';

/**
 * The reservation repair's flag (`/maintenance/reconcile`, orders/reconcile.ts): placements refuse
 * while a repair runs (orders/place.ts).
 */
export const MAINTENANCE_PATH = 'maintenance/reconcile';

/** A reconciliation that has not cleared its flag after this long has died: placements go on. */
const MAINTENANCE_MAX_MS = 5 * 60_000;

type MaintenanceFlag = z.output<typeof maintenanceFlagSchema>;

/** A flag younger than MAINTENANCE_MAX_MS belongs to a reconciliation that is still running. */
export const isFresh = (flag: MaintenanceFlag | null, now: number): flag is MaintenanceFlag =>
  flag !== null && flag.startedAt > now - MAINTENANCE_MAX_MS;

/** Whether a reconciliation is running now (placements check it right after claiming their key). */
export async function reconciliationRunning(now: number): Promise<boolean> {
  return isFresh(await readStored(MAINTENANCE_PATH, maintenanceFlagSchema, 'znacznik przeliczania rezerwacji'), now);
}
