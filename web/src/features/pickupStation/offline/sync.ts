/**
 * The station device's state and the sync of its offline queue (docs/pickup-offline.md): what is
 * queued on the device, whose it is, and sending the signed-in staff member's hand-outs whenever the
 * network is there — with a station page open (stationDevice.ts runs the station on this state) or not.
 *
 * Without a station page: the app loads this module at start when the signed-in staff member has
 * hand-outs queued on this device (deviceOwner.ts), and a hand-out queued at the station keeps it
 * sending after the station's pages are left. Loaded for that alone, it imports only the device store
 * and what the app's start-up has loaded already (see sending.ts for why).
 */
import type { CallableInput } from '@domain/callables';
import type { PickupConflict, SyncOfflineHandOutsOutput } from '@domain/pickupSync';
import { registerDeviceData } from '../../../shared/deviceCopy';
import { callFunction, loadAuth } from '../../../shared/firebase';
import { keepStorage, watchStoreProblem } from './connection';
import { StationDeviceError } from './deviceError';
import * as store from './deviceStore';
import { oneTabAtATime, onOtherTabsChange } from './otherTabs';
import type { QueuedHandOut, SyncRefusal } from './queue';
import { nextBatch, sendFailure, settle, SYNC_BATCH } from './sending';

export interface StationConflict extends PickupConflict {
  id: string;
}

export interface StationDeviceState {
  /** The station can reach the database and the callables. */
  online: boolean;
  deviceId: string | null;
  /** When the directory copy on the device was last known current; null: no copy yet. */
  directoryAt: number | null;
  /** The signed-in staff member's hand-outs waiting on this device, to be sent. */
  queue: QueuedHandOut[];
  /**
   * Every hand-out waiting on this device, whoever recorded it: all of them count as handed out on
   * every view of the station, online too (the sync may be slow, or the hand-outs another's), so
   * nothing handed out here is offered again.
   */
  handedOutHere: QueuedHandOut[];
  /** The device's queue has been read (until then a person's items cannot be shown). */
  queueRead: boolean;
  /**
   * Hand-outs other staff members recorded on this device and have not sent: kept (nothing is
   * lost), sent when their staff member signs in here again, never in another's name.
   */
  othersQueued: number;
  syncing: boolean;
  /**
   * The server refused the last send as a whole (e.g. the staff role was removed): shown on the
   * station; nothing is sent on its own until staff send by hand or the station starts again.
   * Refusals of single hand-outs are kept on the hand-outs (`QueuedHandOut.refused`).
   */
  refusal: SyncRefusal | null;
  /** Conflicts that involve this device (or all, for an admin), newest first. */
  conflicts: StationConflict[];
  /**
   * Whether the browser agreed to keep the device's data under storage pressure (keepDeviceData):
   * false is shown as a hint; null: not asked yet, or the browser cannot say.
   */
  storageKept: boolean | null;
  /** What keeps the device store from being used (another tab blocks it; connection.ts), in Polish. */
  storeProblem: string | null;
  /** The copy (its `directoryAt`) staff chose to hand out from although it is older than COPY_MAX_AGE_MS. */
  oldCopyAccepted: number | null;
}

let state: StationDeviceState = {
  online: typeof navigator === 'undefined' || navigator.onLine,
  deviceId: null,
  directoryAt: null,
  queue: [],
  handedOutHere: [],
  queueRead: false,
  othersQueued: 0,
  syncing: false,
  refusal: null,
  conflicts: [],
  storageKept: null,
  storeProblem: null,
  oldCopyAccepted: null,
};
const listeners = new Set<() => void>();

export function setState(patch: Partial<StationDeviceState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function stationDeviceState(): StationDeviceState {
  return state;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What `read` (a read from the database) gives, or null once the station turns offline before it came:
 * a read waits for the connection, so without this a look-up started just before the network went
 * would wait for its return, while the device's copy could answer at once.
 */
export function unlessOffline<T>(read: Promise<T>): Promise<{ value: T } | null> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (state.online) return;
      stop();
      resolve(null);
    };
    const stop = subscribe(check);
    read.then(
      (value) => (stop(), resolve({ value })),
      (error: unknown) => (stop(), reject(error)),
    );
    check();
  });
}

watchStoreProblem((storeProblem) => setState({ storeProblem }));
// Another tab of the station queued, sent or set aside hand-outs: this one shows the same queue.
onOtherTabsChange(() => void refreshQueue().catch(() => undefined));

/** The device keeps a copy or hand-outs: asks the browser not to evict them, and notes its answer. */
export function keepDeviceData(): void {
  void keepStorage().then((storageKept) => setState({ storageKept }));
}

/**
 * How old the device's copy may be for hand-outs before staff must accept its age. At a multi-day
 * event a station last live in the evening starts offline the next morning with a copy some 12–16 h
 * old: that is the usual case and goes on unasked. A copy older than a day misses at least a day of
 * purchases, refunds and other stations' hand-outs, so an item it shows waiting may be gone or handed
 * out already (the sync would report it only afterwards, as a conflict).
 */
const COPY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The copy is past COPY_MAX_AGE_MS (read against the clock now: also at each hand-out). */
export const copyTooOld = (directoryAt: number | null, now = Date.now()) =>
  directoryAt !== null && now - directoryAt > COPY_MAX_AGE_MS;

/** Staff accept the age of the copy they were shown (its `directoryAt`): hand-outs from it are recorded. */
export function acceptOldCopy(directoryAt: number): void {
  setState({ oldCopyAccepted: directoryAt });
}

const OLD_COPY_REFUSAL =
  'Dane na tym urządzeniu mają ponad 24 godziny: przedmioty mogły zostać już wydane albo zwrócone. Sprawdź je z odbierającym i potwierdź u góry strony, że wydajesz z tej kopii.';

/** The staff member the running station belongs to (stationDevice.ts): only their queued hand-outs are sent. */
let staffUid: string | null = null;
/** The signed-in staff member whose queue is sent with no station running (keepSending). */
let sendingFor: string | null = null;
/** Whose queued hand-outs are sent now: the running station's staff member, else the one kept sending. */
const sender = () => staffUid ?? sendingFor;

/** A station starts for `uid`, or (null) stops: while it runs, its own judgement of the network applies. */
export function setStationStaff(uid: string | null): void {
  staffUid = uid;
}

export async function refreshQueue(): Promise<void> {
  const all = await store.queued();
  const me = sender();
  const queue = all.filter((h) => h.staffUid === me);
  setState({ queue, handedOutHere: all, queueRead: true, othersQueued: all.length - queue.length });
}

/** Some of these hand-outs go at the next send (refused ones wait for staff to send them by hand). */
export const waitsToBeSent = (queue: readonly QueuedHandOut[]) => queue.some((h) => !h.refused);

// As the station's heartbeat: a send that got no answer is tried again this much later.
const RETRY_MS = 30_000;
let stopSending: (() => void) | null = null;

/**
 * Sends `uid`'s queued hand-outs whenever the network is there, whether a station page is open or not:
 * now, on the browser's `online` event and every 30 s, until none is left to send or the session
 * leaves this account. Called at start when the signed-in account has a queue here (deviceOwner.ts),
 * and by the station when a hand-out is queued or found queued.
 */
export function keepSending(uid: string): void {
  if (sendingFor !== uid) {
    stopSending?.();
    sendingFor = uid;
    const retry = () => void syncQueue();
    window.addEventListener('online', retry);
    const timer = setInterval(() => waitsToBeSent(state.queue) && retry(), RETRY_MS);
    stopSending = () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
      sendingFor = null;
      stopSending = null;
    };
  }
  void refreshQueue()
    .then(() => syncQueue())
    .catch(() => undefined);
}

// Signing out or another account signing in (shared/deviceCopy.ts): the hand-outs being sent are
// never sent in another's name.
registerDeviceData((uid) => {
  if (uid !== sendingFor) stopSending?.();
});

let syncRunning = false;
/**
 * Sends the queue, oldest first, in batches, until it is empty, the network fails or the server
 * refuses the whole send. A hand-out the server refuses on its own is set aside (kept on the device,
 * marked) and the others go past it. Automatic sends (reconnecting, the retry) skip the set-aside
 * hand-outs and stop after a refusal of the whole send, so a refusal is never resent every 30 s;
 * `again` (staff pressing „Wyślij zapisane”, once the cause is dealt with) sends everything once more.
 * One tab of the device sends at a time (otherTabs.ts).
 */
export async function syncQueue({ again = false }: { again?: boolean } = {}): Promise<void> {
  const uid = sender();
  // A running station knows whether the database is reachable; without one, the browser's word.
  const online = staffUid ? state.online : navigator.onLine;
  if (syncRunning || !online || !uid) return;
  if (state.refusal && !again) return;
  syncRunning = true;
  try {
    await oneTabAtATime(() => sendQueue(uid, again));
  } catch {
    // The device store failed (IndexedDB): the queue stays as it was, the next retry sends it.
  } finally {
    syncRunning = false;
    await refreshQueue().catch(() => undefined);
    // Nothing left to send: sending stops until a hand-out is queued again.
    if (sendingFor === uid && sender() === uid && !waitsToBeSent(state.queue)) stopSending?.();
  }
}

/** `uid`'s hand-outs, batch after batch, while this tab holds the sending (see syncQueue). */
async function sendQueue(uid: string, again: boolean): Promise<void> {
  setState({ syncing: true, ...(again ? { refusal: null } : {}) });
  try {
    const deviceId = state.deviceId ?? (await store.deviceId());
    // Only the signed-in staff member's: the callable records the caller as who handed out.
    const mine = async () => (await store.queued()).filter((h) => h.staffUid === uid);
    if (again) await store.clearRefused((await mine()).filter((h) => h.refused).map((h) => h.id));
    for (;;) {
      const batch = nextBatch(
        (await mine()).filter((h) => !h.refused),
        SYNC_BATCH,
      );
      if (batch.length === 0 || !(await send(batch, deviceId, uid))) break;
    }
  } finally {
    setState({ syncing: false });
  }
}

/** Sends one batch of `uid`'s and records the answer; false when sending should stop for now. */
async function send(batch: readonly QueuedHandOut[], deviceId: string, uid: string): Promise<boolean> {
  let results: SyncOfflineHandOutsOutput['results'];
  // The session left the account meanwhile: its hand-outs never go with another's (or no) session.
  const { auth } = await loadAuth();
  await auth.authStateReady();
  if (sender() !== uid || auth.currentUser?.uid !== uid) return false;
  try {
    const input: CallableInput<'syncOfflineHandOuts'> = {
      deviceId,
      handOuts: batch.map(({ id, uid, itemId, quantity, at }) => ({ id, uid, itemId, quantity, at })),
    };
    ({ results } = await callFunction('syncOfflineHandOuts', input));
  } catch (error) {
    const failure = sendFailure(error, batch);
    switch (failure.kind) {
      case 'retry':
        // The network went again (or a cold function): the queue stays, the next retry sends it.
        return false;
      case 'refused':
        setState({ refusal: { message: failure.message, at: Date.now() } });
        return false;
      case 'refused-hand-out':
        await store.markRefused(failure.id, { message: failure.message, at: Date.now() });
        await refreshQueue();
        return true;
      case 'split':
        // The hand-outs before the refused one may have been applied already: sent again, the
        // server answers their stored outcome (the hand-out id is its idempotency key).
        for (const handOut of batch) if (!(await send([handOut], deviceId, uid))) return false;
        return true;
    }
  }
  const { sent, conflicts } = settle(batch, results);
  await store.settleSent(sent, conflicts);
  await refreshQueue();
  return sent.length > 0;
}

/** Records hand-outs made offline (one per item, each with a new id): on the device at once, sent when the network returns. */
export async function queueHandOut(handOuts: Omit<QueuedHandOut, 'id' | 'at' | 'deviceId' | 'seq'>[]): Promise<void> {
  // Never silently from a stale copy: staff accept its age first (OldCopyWarning, OfflineParts.tsx).
  if (copyTooOld(state.directoryAt) && state.oldCopyAccepted !== state.directoryAt)
    throw new StationDeviceError(OLD_COPY_REFUSAL);
  const deviceId = state.deviceId ?? (await store.deviceId());
  const at = Date.now();
  await store.enqueue(handOuts.map((h, i) => ({ ...h, id: crypto.randomUUID(), at, deviceId, seq: at * 1000 + i })));
  keepDeviceData();
  await refreshQueue();
  // Sent when the network returns, also after the station's pages are left.
  if (staffUid) keepSending(staffUid);
}
