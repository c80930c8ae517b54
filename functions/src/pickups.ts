import { onCall } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import { z } from 'zod';
import {
  handOutPickupItemsInput,
  pickupItemSchema,
  profileSchema,
  type HandOutPickupItemsOutput,
} from './domain/index.js';
import { commitWithMail, itemsHandedOutMail } from './mail/index.js';
import { requireStaff } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { readStored } from './lib/stored.js';
import { releasePickupLock, takePickupLock } from './lib/pickupLock.js';

const formatWhen = (ms: number) =>
  new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(ms),
  );

/**
 * Hands items out at the pickup point. RTDB transactions cover one node, and the picked-items
 * counter must change in the same atomic update as the items (docs/data-model.md), so the check and
 * the write are split: a per-person lock (/pickupLocks/{uid}) serialises hand-outs to one person,
 * the items are checked under it (all-or-nothing; an item already handed out is refused naming who
 * did it and when), then one multi-path update marks the items, counts them and drops the lock.
 */
export const handOutPickupItems = onCall(async (request): Promise<HandOutPickupItemsOutput> => {
  const input = parseInput(handOutPickupItemsInput, request.data);
  const caller = requireStaff(request);
  const staffProfile = await readStored(`profiles/${caller.uid}`, profileSchema, 'profil obsługi');
  const staffName = staffProfile
    ? `${staffProfile.firstName} ${staffProfile.lastName}`
    : (caller.name ?? caller.email ?? caller.uid);
  const itemIds = [...new Set(input.itemIds)];

  const token = await takePickupLock(input.uid, caller.uid);
  let committed = false;
  try {
    const items =
      (await readStored(`pickups/${input.uid}`, z.record(z.string(), pickupItemSchema), 'pozycje do odbioru')) ?? {};
    const now = Date.now();
    const updates: Record<string, unknown> = {};
    for (const id of itemIds) {
      const item = items[id];
      if (!item) throw refuse('pickup-missing', { field: 'itemIds', item: id });
      if (item.status === 'picked') {
        throw refuse('already-picked', {
          field: 'itemIds',
          item: item.label,
          pickedBy: item.pickedBy,
          pickedByName: item.pickedByName,
          pickedAt: item.pickedAt,
          message: `„${item.label}” wydano już ${item.pickedAt ? formatWhen(item.pickedAt) : ''} (wydał(a): ${item.pickedByName ?? item.pickedBy ?? 'nieznany'})`,
        });
      }
      // Whole items, so the stored shape stays valid whatever else happens to the list meanwhile.
      updates[`pickups/${input.uid}/${id}`] = {
        ...item,
        status: 'picked',
        pickedAt: now,
        pickedBy: caller.uid,
        pickedByName: staffName,
      };
    }
    updates['stats/admin/pickups/picked'] = ServerValue.increment(itemIds.length);
    updates[`pickupLocks/${input.uid}`] = null;
    // The receipt e-mail (the lock token names this one hand-out) is written in the same update.
    const receipt = itemIds.map((id) => items[id]);
    await commitWithMail(updates, await itemsHandedOutMail(input.uid, token, receipt, now, staffName));
    committed = true;
    return { uid: input.uid, handedOut: itemIds, pickedAt: now };
  } finally {
    // A failed release only delays the next hand-out until the lock goes stale; the refusal matters more.
    if (!committed) await releasePickupLock(input.uid, token).catch(() => undefined);
  }
});
