/**
 * The station device (docs/pickup-offline.md): whether the network is there, the directory copy
 * kept current while it is, the offline queue and its sync, the conflicts reported to this device.
 * One module-level store, started while a station page is open (useStationDevice).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { OFFLINE_BATCH, pickupConflictSchema, type PickupConflict } from '@domain/pickupSync';
import type { CallableInput } from '@domain/callables';
import { callFunction, loadDatabase } from '../../../shared/firebase';
import * as store from './deviceStore';
import { nextBatch, parseDirectory, settle, type QueuedHandOut } from './queue';

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
/** Sends the queue, oldest first, in batches, until it is empty or the network fails. */
export async function syncQueue(): Promise<void> {
  if (syncRunning || !state.online || !state.deviceId || !staffUid) return;
  syncRunning = true;
  setState({ syncing: true });
  try {
    for (;;) {
      // Only the signed-in staff member's: the callable records the caller as who handed out.
      const batch = nextBatch((await store.queued()).filter(isMine), OFFLINE_BATCH);
      if (batch.length === 0) break;
      const input: CallableInput<'syncOfflineHandOuts'> = {
        deviceId: state.deviceId,
        handOuts: batch.map(({ id, uid, itemId, quantity, at }) => ({ id, uid, itemId, quantity, at })),
      };
      const { results } = await callFunction('syncOfflineHandOuts', input);
      const { sent, conflicts } = settle(batch, results);
      await store.settleSent(sent, conflicts);
      await refreshQueue();
      if (sent.length === 0) break;
    }
  } catch {
    // The network went again (or a cold function): the queue stays, the next retry sends it.
  } finally {
    syncRunning = false;
    setState({ syncing: false });
  }
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
  setState({ deviceId: await store.deviceId(), directoryAt: await store.directoryAt(), conflicts: [] });
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
      if (state.online && state.queue.length > 0) void syncQueue();
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
