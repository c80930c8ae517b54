import { onCall } from 'firebase-functions/v2/https';
import { updateEventSettingsInput } from './domain/index.js';
import { db } from './lib/admin.js';
import { requireAdmin } from './lib/caller.js';
import { parseInput } from './lib/refusal.js';

export const updateEventSettings = onCall(async (request): Promise<{ updated: true }> => {
  const { event } = parseInput(updateEventSettingsInput, request.data);
  requireAdmin(request);
  // An emptied optional field (the payment term) parses to a present-but-undefined key, which the
  // database SDK refuses; leaving it out stores the event without it (its default applies).
  const stored = Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined));
  await db.ref('event').set({ ...stored, updatedAt: Date.now() });
  return { updated: true };
});
