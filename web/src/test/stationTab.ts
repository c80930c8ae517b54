// Test-only: tabs of the pickup station in one test page.
import { vi } from 'vitest';

/**
 * A tab of the pickup station: its own instance of the station's device modules, as each browser tab
 * has, on the page's one IndexedDB (installIndexedDb), Web Locks (installLocks) and BroadcastChannel.
 */
export async function openStationTab() {
  vi.resetModules();
  const sync = await import('../features/pickupStation/offline/sync');
  const store = await import('../features/pickupStation/offline/deviceStore');
  return { sync, store };
}

/** How a promise ended, readable in a condition a test waits for (nothing yet: still pending). */
export function outcomeOf<T>(promise: Promise<T>): { value?: T; error?: Error } {
  const outcome: { value?: T; error?: Error } = {};
  promise.then(
    (value) => (outcome.value = value),
    (error: Error) => (outcome.error = error),
  );
  return outcome;
}
