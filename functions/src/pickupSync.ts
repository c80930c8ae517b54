import { onCall } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import {
  conflictSettledSchema,
  decideOfflineHandOut,
  pickupConflictSchema,
  settlePickupConflictInput,
  type ConflictSettled,
  type SettlePickupConflictOutput,
  pickupDirectoryEntrySchema,
  pickupItemSchema,
  pickupSyncRecordSchema,
  profileSchema,
  syncOfflineHandOutsInput,
  type OfflineHandOut,
  type PickupConflict,
  type PickupSyncRecord,
  type SyncOfflineHandOutsOutput,
} from './domain/index.js';
import { commitWithMail, itemsHandedOutMail } from './mail/index.js';
import { requireStaff, type Caller } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { KEEP, transactStored } from './lib/tx.js';
import { readStored } from './lib/stored.js';
import { releasePickupLock, takePickupLock } from './lib/pickupLock.js';

type Result = SyncOfflineHandOutsOutput['results'][number];

interface Station {
  caller: Caller;
  staffName: string;
  deviceId: string;
}

const replayOf = (id: string, record: PickupSyncRecord): Result => ({
  id,
  outcome: record.outcome,
  ...(record.reason ? { reason: record.reason } : {}),
  replayed: true,
});

/**
 * One offline hand-out, under the same per-person lock as the online hand-out: its outcome record
 * (/pickupSync/{id}) is written in the one update that marks the item (applied) or files the
 * conflict (/pickupConflicts/{id}), so a retry finds the record and changes nothing.
 */
async function applyOne(handOut: OfflineHandOut, station: Station, now: number): Promise<Result> {
  const recordPath = `pickupSync/${handOut.id}`;
  const seen = await readStored(recordPath, pickupSyncRecordSchema, 'wydanie offline');
  if (seen) return replayOf(handOut.id, seen);

  const token = await takePickupLock(handOut.uid, station.caller.uid);
  let committed = false;
  try {
    // A retry of the same hand-out may have committed while this call waited for the lock.
    const again = await readStored(recordPath, pickupSyncRecordSchema, 'wydanie offline');
    if (again) return replayOf(handOut.id, again);
    const item =
      (await readStored(`pickups/${handOut.uid}/${handOut.itemId}`, pickupItemSchema, 'pozycja do odbioru')) ??
      undefined;
    const decision = decideOfflineHandOut(item, handOut);
    // The device's clock may run ahead: a hand-out is never recorded in the future.
    const at = Math.min(handOut.at, now);
    const record: PickupSyncRecord = {
      uid: handOut.uid,
      itemId: handOut.itemId,
      deviceId: station.deviceId,
      by: station.caller.uid,
      at,
      syncedAt: now,
      outcome: decision.kind === 'apply' ? 'applied' : 'conflict',
      ...(decision.kind === 'conflict' ? { reason: decision.reason } : {}),
    };
    const updates: Record<string, unknown> = { [recordPath]: record, [`pickupLocks/${handOut.uid}`]: null };
    let mail = null;
    if (item && (decision.kind === 'apply' || decision.handedOut)) {
      updates[`pickups/${handOut.uid}/${handOut.itemId}`] = {
        ...item,
        status: 'picked',
        pickedAt: at,
        pickedBy: station.caller.uid,
        pickedByName: station.staffName,
        pickedDevice: station.deviceId,
      };
      updates['stats/admin/pickups/picked'] = ServerValue.increment(1);
      mail = await itemsHandedOutMail(handOut.uid, token, [item], at, station.staffName);
    }
    if (decision.kind === 'conflict') {
      const person = await readStored(
        `pickupDirectory/${handOut.uid}`,
        pickupDirectoryEntrySchema,
        'osoba w punkcie odbioru',
      );
      const conflict: PickupConflict = {
        uid: handOut.uid,
        itemId: handOut.itemId,
        label: item?.label ?? handOut.itemId,
        quantity: handOut.quantity,
        personName: person?.name ?? handOut.uid,
        reason: decision.reason,
        offline: { by: station.caller.uid, byName: station.staffName, deviceId: station.deviceId, at },
        ...(decision.recorded ? { recorded: decision.recorded } : {}),
        createdAt: now,
      };
      updates[`pickupConflicts/${handOut.id}`] = conflict;
    }
    await commitWithMail(updates, mail);
    committed = true;
    return {
      id: handOut.id,
      outcome: record.outcome,
      ...(record.reason ? { reason: record.reason } : {}),
      replayed: false,
    };
  } finally {
    if (!committed) await releasePickupLock(handOut.uid, token).catch(() => undefined);
  }
}

/**
 * Hand-outs a station made offline, sent in the order they were made. Each is applied exactly once
 * (its id is the idempotency key): a waiting item is marked handed out at the time the device
 * recorded; an item handed out meanwhile (by another device, or online), withdrawn by a refund or
 * cancellation, or whose quantity changed is left as it is and the hand-out is filed as a conflict
 * for both stations and the admins. Nothing is refused for being a conflict: the answer lists each
 * outcome, so the device can clear its queue.
 */
export const syncOfflineHandOuts = onCall(async (request): Promise<SyncOfflineHandOutsOutput> => {
  const input = parseInput(syncOfflineHandOutsInput, request.data);
  const caller = requireStaff(request);
  const staffName = await staffNameOf(caller);
  const station: Station = { caller, staffName, deviceId: input.deviceId };
  const results: Result[] = [];
  // In order: the second hand-out of one item on one device is a conflict with the first.
  for (const handOut of input.handOuts) results.push(await applyOne(handOut, station, Date.now()));
  return { results };
});

async function staffNameOf(caller: Caller): Promise<string> {
  const profile = await readStored(`profiles/${caller.uid}`, profileSchema, 'profil obsługi');
  return profile ? `${profile.firstName} ${profile.lastName}` : (caller.name ?? caller.email ?? caller.uid);
}

/**
 * Staff or an admin settle a conflict after asking the person and the other station
 * (docs/pickup-offline.md, "Settling"): who, how and when is written onto the conflict in one
 * transaction. The same settlement sent again (a retry, a double click) answers the stored one and
 * changes nothing; another settlement of a settled conflict is refused, so a decision is never
 * silently replaced.
 */
export const settlePickupConflict = onCall(async (request): Promise<SettlePickupConflictOutput> => {
  const input = parseInput(settlePickupConflictInput, request.data);
  const caller = requireStaff(request);
  const byName = await staffNameOf(caller);
  const note = input.note ? input.note : undefined;
  const settled: ConflictSettled = conflictSettledSchema.parse({
    resolution: input.resolution,
    ...(note ? { note } : {}),
    by: caller.uid,
    byName,
    at: Date.now(),
  });
  let replayed = false;
  const { value } = await transactStored(
    `pickupConflicts/${input.conflictId}`,
    pickupConflictSchema,
    'konflikt wydań',
    (current) => {
      replayed = false;
      if (!current) throw refuse('conflict-missing');
      if (current.settled) {
        if (current.settled.resolution !== input.resolution || current.settled.note !== note)
          throw refuse('conflict-settled');
        replayed = true;
        return KEEP;
      }
      return { ...current, settled };
    },
  );
  return { conflictId: input.conflictId, settled: value?.settled ?? settled, replayed };
});
