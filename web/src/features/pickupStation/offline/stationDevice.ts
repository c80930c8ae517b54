/**
 * The station device (docs/pickup-offline.md): whether the network is there, the directory copy
 * kept current while it is, the offline queue and its sync, the conflicts reported to this device.
 * One module-level store, started while a station page is open (useStationDevice).
 */
import { useEffect, useSyncExternalStore } from 'react';
import {
  OFFLINE_BATCH,
  pickupConflictSchema,
  type PickupConflict,
  type SyncOfflineHandOutsOutput,
} from '@domain/pickupSync';
import type { CallableInput } from '@domain/callables';
import { callFunction, loadDatabase } from '../../../shared/firebase';
import * as store from './deviceStore';
import { nextBatch, parseDirectory, sendFailure, settle, type QueuedHandOut, type SyncRefusal } from './queue';

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
}

interface StationStaff {
  uid: string;
  name: string;
  admin: boolean;
}

let state: StationDeviceState = {
  online: typeof navigator === 'undefined' || navigator.onLine,
  deviceId: null,
  directoryAt: null,
  queue: [],
  othersQueued: 0,
  syncing: false,
  refusal: null,
  conflicts: [],
};
/** The staff member the running station belongs to: only their queued hand-outs are sent. */
let staffUid: string | null = null;
let currentRun: symbol | null = null;
const listeners = new Set<() => void>();
function setState(patch: Partial<StationDeviceState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

const HEARTBEAT_MS = 30_000;
const RETRY_MS = 10_000;
// The database's connection flag starts false and turns true within a moment of a healthy start.
const DISCONNECT_GRACE_MS = 2_500;

function conflictsFor(raw: unknown, staff: StationStaff, deviceId: string): StationConflict[] {
  const all = Object.entries((raw ?? {}) as Record<string, unknown>).flatMap(([id, value]) => {
    const parsed = pickupConflictSchema.safeParse(value);
    return parsed.success ? [{ ...parsed.data, id }] : [];
  });
  const mine = (c: PickupConflict) =>
    staff.admin ||
    c.offline.deviceId === deviceId ||
    c.recorded?.deviceId === deviceId ||
    c.offline.by === staff.uid ||
    c.recorded?.by === staff.uid;
  return all.filter(mine).sort((a, b) => b.createdAt - a.createdAt);
}

const isMine = (h: QueuedHandOut) => h.staffUid === staffUid;

async function refreshQueue() {
  const all = await store.queued();
  const queue = all.filter(isMine);
  setState({ queue, othersQueued: all.length - queue.length });
}

let syncRunning = false;
/**
 * Sends the queue, oldest first, in batches, until it is empty, the network fails or the server
 * refuses the whole send. A hand-out the server refuses on its own is set aside (kept on the device,
 * marked) and the others go past it. Automatic sends (reconnecting, the retry) skip the set-aside
 * hand-outs and stop after a refusal of the whole send, so a refusal is never resent every 30 s;
 * `again` (staff pressing „Wyślij zapisane”, once the cause is dealt with) sends everything once more.
 */
export async function syncQueue({ again = false }: { again?: boolean } = {}): Promise<void> {
  const deviceId = state.deviceId;
  if (syncRunning || !state.online || !deviceId || !staffUid) return;
  if (state.refusal && !again) return;
  syncRunning = true;
  setState({ syncing: true, ...(again ? { refusal: null } : {}) });
  try {
    // Only the signed-in staff member's: the callable records the caller as who handed out.
    const mine = async () => (await store.queued()).filter(isMine);
    if (again) await store.clearRefused((await mine()).filter((h) => h.refused).map((h) => h.id));
    for (;;) {
      const batch = nextBatch(
        (await mine()).filter((h) => !h.refused),
        OFFLINE_BATCH,
      );
      if (batch.length === 0 || !(await send(batch, deviceId))) break;
    }
  } catch {
    // The device store failed (IndexedDB): the queue stays as it was, the next retry sends it.
  } finally {
    syncRunning = false;
    setState({ syncing: false });
    await refreshQueue().catch(() => undefined);
  }
}

/** Sends one batch and records the answer; false when sending should stop for now. */
async function send(batch: readonly QueuedHandOut[], deviceId: string): Promise<boolean> {
  let results: SyncOfflineHandOutsOutput['results'];
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
        for (const handOut of batch) if (!(await send([handOut], deviceId))) return false;
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
  const deviceId = state.deviceId ?? (await store.deviceId());
  const at = Date.now();
  await store.enqueue(handOuts.map((h, i) => ({ ...h, id: crypto.randomUUID(), at, deviceId, seq: at * 1000 + i })));
  await refreshQueue();
  void syncQueue();
}

/** Watches the network and the database connection; keeps the directory and conflicts current. */
async function start(staff: StationStaff): Promise<() => void> {
  const stops: (() => void)[] = [];
  const run = Symbol('station run');
  currentRun = run;
  staffUid = staff.uid;
  // Another account's directory never serves this one (normally the session dropped it already).
  await store.dropDirectory(staff.uid);
  // A refusal of another staff member's send is not this one's; after a restart a refused send is
  // tried once more (the cause may have been dealt with meanwhile).
  setState({ deviceId: await store.deviceId(), directoryAt: await store.directoryAt(), conflicts: [], refusal: null });
  await refreshQueue();
  const { db, sdk } = await loadDatabase();

  let connected = false;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const judge = () => {
    const online = navigator.onLine && connected;
    if (online !== state.online) setState({ online });
    if (online) void syncQueue();
  };
  stops.push(
    sdk.onValue(sdk.ref(db, '.info/connected'), (snap) => {
      clearTimeout(graceTimer);
      if (snap.val() === true) {
        connected = true;
        judge();
      } else graceTimer = setTimeout(() => ((connected = false), judge()), DISCONNECT_GRACE_MS);
    }),
  );
  // While the browser reports no network the SDK still tries to reconnect now and then (each try
  // builds a long-polling iframe: a main-thread task of ~200 ms on a slow phone, in the middle of a
  // look-up). Hold the connection until the browser reports the network back.
  let held = false;
  const holdWhileOffline = () => {
    if (navigator.onLine === held) {
      held = !navigator.onLine;
      (held ? sdk.goOffline : sdk.goOnline)(db);
    }
  };
  const onNetwork = () => (holdWhileOffline(), judge());
  window.addEventListener('online', onNetwork);
  window.addEventListener('offline', onNetwork);
  holdWhileOffline();
  stops.push(
    () => (
      window.removeEventListener('online', onNetwork),
      window.removeEventListener('offline', onNetwork),
      clearTimeout(graceTimer),
      held && sdk.goOnline(db)
    ),
  );

  let directory: unknown;
  let pickups: unknown;
  let searchIndex: unknown;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    if (directory === undefined || pickups === undefined || searchIndex === undefined) return;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      const at = Date.now();
      void store
        .saveDirectory(parseDirectory(directory, pickups, searchIndex), at, staff.uid)
        .then((saved) => saved && setState({ directoryAt: at }));
    }, 200);
  };
  stops.push(sdk.onValue(sdk.ref(db, 'pickupDirectory'), (snap) => ((directory = snap.val() ?? {}), save())));
  stops.push(sdk.onValue(sdk.ref(db, 'pickups'), (snap) => ((pickups = snap.val() ?? {}), save())));
  stops.push(sdk.onValue(sdk.ref(db, 'pickupSearch'), (snap) => ((searchIndex = snap.val() ?? {}), save())));
  const conflictsQuery = sdk.query(sdk.ref(db, 'pickupConflicts'), sdk.orderByChild('createdAt'), sdk.limitToLast(100));
  stops.push(
    sdk.onValue(conflictsQuery, (snap) =>
      setState({ conflicts: conflictsFor(snap.val(), staff, state.deviceId ?? '') }),
    ),
  );

  // While live, the copy stays current even when nothing changes; a retry picks up a failed sync.
  const heartbeat = setInterval(
    () => {
      if (state.online && directory !== undefined)
        void store.touchDirectory(Date.now(), staff.uid).then((kept) => kept && setState({ directoryAt: Date.now() }));
      if (state.online && state.queue.some((h) => !h.refused)) void syncQueue();
    },
    Math.min(HEARTBEAT_MS, RETRY_MS * 3),
  );
  stops.push(() => (clearInterval(heartbeat), clearTimeout(saveTimer)));
  judge();
  return () => {
    // A newer start (another staff member) may already run: its staff member stays.
    if (currentRun === run) staffUid = null;
    stops.forEach((stop) => stop());
  };
}

let users = 0;
let running: { key: string; stop: Promise<() => void> } | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
// A page change unmounts one station page before the next mounts: the station keeps running across
// it instead of dropping and re-opening its listeners (and re-reading the directory) each time.
const IDLE_STOP_MS = 1_000;

function stopRunning() {
  const stopping = running;
  running = null;
  if (stopping) void stopping.stop.then((stop) => stop());
}

/** The station device's state; the first station page to mount starts it, a second after the last unmounts it stops. */
export function useStationDevice(staff: StationStaff | null): StationDeviceState {
  const key = staff ? `${staff.uid}:${staff.name}:${staff.admin}` : '';
  useEffect(() => {
    if (!staff) return;
    users++;
    clearTimeout(idleTimer);
    if (running && running.key !== key) stopRunning();
    running ??= { key, stop: start(staff) };
    return () => {
      users--;
      if (users === 0) idleTimer = setTimeout(() => users === 0 && stopRunning(), IDLE_STOP_MS);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the staff member is identified by `key`
  }, [key]);
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => state,
  );
}

export function stationDeviceState(): StationDeviceState {
  return state;
}
