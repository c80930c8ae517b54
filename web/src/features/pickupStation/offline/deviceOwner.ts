/**
 * Whose pickup directory this device holds, noted in localStorage so the session can drop another
 * account's copy without loading the station's code: the app registers `registerStationDirectoryDrop`
 * at start, and it imports the IndexedDB store only when there is a copy of another account to drop.
 * Kept apart from deviceStore.ts (and without imports of its own) so the entry chunk stays small.
 */
import { registerDeviceData } from '../../../shared/deviceCopy';
import { localStorageOrNull } from '../../../shared/localStorage';

const OWNER_KEY = 'panel.pickupStation.directoryOwner';

export function noteDirectoryOwner(uid: string): void {
  try {
    localStorageOrNull()?.setItem(OWNER_KEY, uid);
  } catch {
    // Quota: the store's own owner record still lets the station drop the copy at its next start.
  }
}

export function forgetDirectoryOwner(): void {
  localStorageOrNull()?.removeItem(OWNER_KEY);
}

function directoryOwnerNote(): string | null {
  return localStorageOrNull()?.getItem(OWNER_KEY) ?? null;
}

/** Has every sign-out or account change drop a directory copy of another account (shared/deviceCopy.ts). */
export function registerStationDirectoryDrop(): () => void {
  return registerDeviceData(async (exceptUid) => {
    const owner = directoryOwnerNote();
    if (owner === null || owner === exceptUid) return;
    await (await import('./deviceStore')).dropDirectory(exceptUid);
  });
}
