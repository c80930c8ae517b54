import { onCall } from 'firebase-functions/v2/https';
import { updateEventSettingsInput } from './domain/index.js';
import { db } from './lib/admin.js';
import { requireAdmin } from './lib/caller.js';
import { parseInput } from './lib/refusal.js';

export const updateEventSettings = onCall(async (request): Promise<{ updated: true }> => {
  const { event } = parseInput(updateEventSettingsInput, request.data);
  requireAdmin(request);
  await db.ref('event').set({ ...event, updatedAt: Date.now() });
  return { updated: true };
});
