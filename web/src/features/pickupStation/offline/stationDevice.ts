/**
 * The station device (docs/pickup-offline.md): whether the network is there, the directory copy
 * kept current while it is, the conflicts reported to this device; and, through sync.ts (which holds
 * the device's state), the offline queue and its sync. Started while a station page is open
 * (useStationDevice); the queue is also sent with no station page open (sync.ts).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { pickupConflictSchema, type PickupConflict } from '@domain/pickupSync';
import { loadDatabase } from '../../../shared/firebase';
import { whenOpen } from './connection';
import * as store from './deviceStore';
import { parseDirectory } from './queue';
import {
  keepDeviceData,
  keepSending,
  refreshQueue,
  setState,
  setStationStaff,
  stationDeviceState,
  subscribe,
  syncQueue,
  waitsToBeSent,
  type StationConflict,
  type StationDeviceState,
} from './sync';

interface StationStaff {
  uid: string;
  name: string;
  admin: boolean;
}

let currentRun: symbol | null = null;

const HEARTBEAT_MS = 30_000;
// The database's connection flag starts false and turns true within a moment of a healthy start; a
// connection lost for a moment (a tunnel, a hand-over between cells) is not worth a switch either.
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

/** Watches the network and the database connection; keeps the directory and conflicts current. */
async function start(staff: StationStaff): Promise<() => void> {
  const stops: (() => void)[] = [];
  const run = Symbol('station run');
  currentRun = run;
  setStationStaff(staff.uid);
  // While another tab blocks the store, the station shows why (connection.ts) and starts once it opens.
  await whenOpen();
  // Another account's directory never serves this one (normally the session dropped it already).
  await store.dropDirectory(staff.uid);
  // A refusal of another staff member's send is not this one's; after a restart a refused send is
  // tried once more (the cause may have been dealt with meanwhile).
  setState({ deviceId: await store.deviceId(), directoryAt: await store.directoryAt(), conflicts: [], refusal: null });
  await refreshQueue();
  if (stationDeviceState().directoryAt !== null || stationDeviceState().handedOutHere.length > 0) keepDeviceData();
  const { db, sdk } = await loadDatabase();

  // Not known yet (null) for the first moments of a start: the station stays as the browser's network
  // says, rather than flash „Brak sieci” on every start until the connection is up.
  let connected: boolean | null = null;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const judge = () => {
    const online = navigator.onLine && connected !== false;
    if (online !== stationDeviceState().online) setState({ online });
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
      void store.saveDirectory(parseDirectory(directory, pickups, searchIndex), at, staff.uid).then((saved) => {
        if (!saved) return;
        setState({ directoryAt: at });
        keepDeviceData();
      });
    }, 200);
  };
  stops.push(sdk.onValue(sdk.ref(db, 'pickupDirectory'), (snap) => ((directory = snap.val() ?? {}), save())));
  stops.push(sdk.onValue(sdk.ref(db, 'pickups'), (snap) => ((pickups = snap.val() ?? {}), save())));
  stops.push(sdk.onValue(sdk.ref(db, 'pickupSearch'), (snap) => ((searchIndex = snap.val() ?? {}), save())));
  const conflictsQuery = sdk.query(sdk.ref(db, 'pickupConflicts'), sdk.orderByChild('createdAt'), sdk.limitToLast(100));
  stops.push(
    sdk.onValue(conflictsQuery, (snap) =>
      setState({ conflicts: conflictsFor(snap.val(), staff, stationDeviceState().deviceId ?? '') }),
    ),
  );

  // While live, the copy stays current even when nothing changes. A failed sync is retried by
  // keepSending (sync.ts), which runs whenever hand-outs wait to be sent, station page or not.
  const heartbeat = setInterval(() => {
    if (stationDeviceState().online && directory !== undefined)
      void store.touchDirectory(Date.now(), staff.uid).then((kept) => kept && setState({ directoryAt: Date.now() }));
  }, HEARTBEAT_MS);
  stops.push(() => (clearInterval(heartbeat), clearTimeout(saveTimer)));
  judge();
  // Hand-outs found waiting are sent also once the station's pages are left.
  if (waitsToBeSent(stationDeviceState().queue)) keepSending(staff.uid);
  return () => {
    // A newer start (another staff member) may already run: its staff member stays.
    if (currentRun === run) setStationStaff(null);
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
  return useSyncExternalStore(subscribe, stationDeviceState);
}
