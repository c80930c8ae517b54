/**
 * What of the pickup station this device holds, noted in localStorage so the session can act on it
 * without loading the station's code: whose directory copy is here (dropped when another account signs
 * in or the user signs out), and which staff members have hand-outs queued here (sent as soon as their
 * own account is signed in and the network is there, station page open or not).
 *
 * The app registers `registerStationDirectoryDrop` at start; the session calls it with the account it
 * now belongs to at every account check (shared/deviceCopy.ts). It imports the IndexedDB store only when
 * there is a copy of another account to drop, and the station's sync only when that account has
 * queued hand-outs on this device: for everyone else it is two localStorage reads.
 * Kept apart from deviceStore.ts (and without imports of its own) so the entry chunk stays small.
 */
import { registerDeviceData } from '../../../shared/deviceCopy';
import { localStorageOrNull } from '../../../shared/localStorage';

const OWNER_KEY = 'panel.pickupStation.directoryOwner';
const QUEUED_KEY = 'panel.pickupStation.queuedBy';

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

/** Notes the staff members with hand-outs waiting to be sent from this device (deviceStore.ts keeps it current). */
export function noteQueuedBy(uids: readonly string[]): void {
  try {
    const storage = localStorageOrNull();
    if (uids.length > 0) storage?.setItem(QUEUED_KEY, uids.join(' '));
    else storage?.removeItem(QUEUED_KEY);
  } catch {
    // Quota: the station still sends the queue while it is open.
  }
}

/** Whether `uid` has hand-outs waiting to be sent from this device, as last noted. */
export function hasQueued(uid: string): boolean {
  return (localStorageOrNull()?.getItem(QUEUED_KEY) ?? '').split(' ').includes(uid);
}

/**
 * Has every sign-out or account change drop a directory copy of another account (shared/deviceCopy.ts),
 * and an account with hand-outs queued on this device send them (offline/sync.ts).
 */
export function registerStationDirectoryDrop(): () => void {
  return registerDeviceData(async (exceptUid) => {
    // Loaded offline too (the service worker has it): it sends once the network is there.
    if (exceptUid !== null && hasQueued(exceptUid))
      void import('./sync').then(
        (station) => station.keepSending(exceptUid),
        () => undefined,
      );
    const owner = directoryOwnerNote();
    if (owner === null || owner === exceptUid) return;
    await (await import('./deviceStore')).dropDirectory(exceptUid);
  });
}
