/**
 * The device's own copy of what a signed-in page last showed (docs/architecture.md, "Second visit"):
 * a page saves its live data here and, on the next visit, draws from it while the live data is on its
 * way. A copy belongs to one account: it is read only for the uid that saved it, and the session
 * drops every copy when the user signs out, the account is deleted or another account signs in
 * (features/auth/session.ts). Kept in localStorage: it is read synchronously during the first render
 * (where storage is disabled there are no copies, and every visit waits for live data).
 *
 * Account data a feature keeps elsewhere on the device (the pickup station's IndexedDB directory) is
 * dropped at the same moments through `registerDeviceData`: the feature registers how to drop it, so
 * the session needs no import of that feature.
 */
import { localStorageOrNull } from './localStorage';

const PREFIX = 'panel.copy.';
/** Bumped whenever the shape of a stored copy changes: an older copy is then never read. */
const FORMAT = 1;

interface StoredCopy<T> {
  format: number;
  uid: string;
  savedAt: number;
  data: T;
}

interface DeviceCopy<T> {
  data: T;
  /** Epoch ms of the live data it was taken from. */
  savedAt: number;
}

/** The copy `name` saved for `uid`, or null (none, another account's, an older format, unreadable). */
export function readDeviceCopy<T>(name: string, uid: string): DeviceCopy<T> | null {
  const raw = localStorageOrNull()?.getItem(PREFIX + name);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredCopy<T>>;
    if (
      stored.format !== FORMAT ||
      stored.uid !== uid ||
      typeof stored.savedAt !== 'number' ||
      stored.data === undefined
    )
      return null;
    return { data: stored.data, savedAt: stored.savedAt };
  } catch {
    return null;
  }
}

/** Replaces the copy `name` with `data` of `uid` (one account's copy per name). */
export function saveDeviceCopy<T>(name: string, uid: string, data: T): void {
  const stored: StoredCopy<T> = { format: FORMAT, uid, savedAt: Date.now(), data };
  try {
    localStorageOrNull()?.setItem(PREFIX + name, JSON.stringify(stored));
  } catch {
    // Quota exceeded: the next visit waits for live data, as without a copy.
  }
}

/** Drops a feature's account data kept outside these copies: all of it (null) or all but `exceptUid`'s. */
type DeviceDataDrop = (exceptUid: string | null) => Promise<void> | void;

const otherDeviceData = new Set<DeviceDataDrop>();

/** Has `drop` run with every `dropDeviceCopies`; returns the unregistration. */
export function registerDeviceData(drop: DeviceDataDrop): () => void {
  otherDeviceData.add(drop);
  return () => otherDeviceData.delete(drop);
}

/**
 * Removes every copy, or (given a uid) every copy that does not belong to that account, and has every
 * registered feature drop its own. The localStorage copies are gone when this returns; the promise
 * settles when the registered drops have (a failed one is skipped: the others still run).
 */
export function dropDeviceCopies(exceptUid: string | null = null): Promise<void> {
  const store = localStorageOrNull();
  if (store) {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key?.startsWith(PREFIX) ?? false,
    );
    for (const key of keys) {
      if (exceptUid !== null && ownerOf(store.getItem(key)) === exceptUid) continue;
      store.removeItem(key);
    }
  }
  const drops = [...otherDeviceData].map(async (drop) => drop(exceptUid));
  return Promise.allSettled(drops).then(() => undefined);
}

function ownerOf(raw: string | null): string | null {
  try {
    return (JSON.parse(raw ?? 'null') as Partial<StoredCopy<unknown>> | null)?.uid ?? null;
  } catch {
    return null;
  }
}
