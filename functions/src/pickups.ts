import { onCall } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import { handOutPickupItemsInput, type HandOutPickupItemsOutput, type PickupItem, type Profile } from './domain/index.js';
import { db } from './lib/admin.js';
import { requireStaff } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { transact } from './lib/tx.js';

const formatWhen = (ms: number) =>
  new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));

/**
 * Hands items out at the pickup point. One transaction over the person's pickup list makes the
 * hand-out all-or-nothing and refuses any item already handed out, naming who did it and when.
 */
export const handOutPickupItems = onCall(async (request): Promise<HandOutPickupItemsOutput> => {
  const input = parseInput(handOutPickupItemsInput, request.data);
  const caller = requireStaff(request);
  const staffProfile = (await db.ref(`profiles/${caller.uid}`).get()).val() as Profile | null;
  const staffName = staffProfile ? `${staffProfile.firstName} ${staffProfile.lastName}` : (caller.name ?? caller.email ?? caller.uid);
  const itemIds = [...new Set(input.itemIds)];
  const now = Date.now();

  let why: ReturnType<typeof refuse> | null = null;
  const { committed } = await transact<Record<string, PickupItem>>(db.ref(`pickups/${input.uid}`), (cur) => {
    why = null;
    if (!cur) return null;
    const next = { ...cur };
    for (const id of itemIds) {
      const item = cur[id];
      if (!item) {
        why = refuse('pickup-missing', { field: 'itemIds', item: id });
        return undefined;
      }
      if (item.status === 'picked') {
        why = refuse('already-picked', {
          field: 'itemIds',
          item: item.label,
          pickedBy: item.pickedBy,
          pickedByName: item.pickedByName,
          pickedAt: item.pickedAt,
          message: `„${item.label}” wydano już ${item.pickedAt ? formatWhen(item.pickedAt) : ''} (wydał(a): ${item.pickedByName ?? item.pickedBy ?? 'nieznany'})`,
        });
        return undefined;
      }
      next[id] = { ...item, status: 'picked', pickedAt: now, pickedBy: caller.uid, pickedByName: staffName };
    }
    return next;
  });
  if (why) throw why;
  if (!committed) throw refuse('pickup-missing', { field: 'itemIds' });
  await db.ref('stats/admin/pickups/picked').set(ServerValue.increment(itemIds.length));
  return { uid: input.uid, handedOut: itemIds, pickedAt: now };
});
