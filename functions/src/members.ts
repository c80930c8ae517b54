import { onCall } from 'firebase-functions/v2/https';
import {
  accountMembersSchema,
  addMemberInput,
  LIMITS,
  profileSchema,
  type AddMemberOutput,
  type Member,
} from './domain/index.js';
import { db } from './lib/admin.js';
import { requireCaller } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { readStored } from './lib/stored.js';
import { transactStored } from './lib/tx.js';
import { pickupSearchRebuild } from './lib/pickupSearch.js';

/**
 * Adds a participant to the caller's account. The server mints the id (a push id, so no client
 * string becomes a key) and keeps the account at LIMITS.maxMembers in one transaction on the
 * account's member list; edits and removals stay direct, rule-checked writes.
 */
export const addMember = onCall(async (request): Promise<AddMemberOutput> => {
  const input = parseInput(addMemberInput, request.data);
  const { uid } = requireCaller(request);
  const profile = await readStored(`profiles/${uid}`, profileSchema, 'profil');
  if (!profile) throw refuse('profile-missing');
  const memberId = db.ref(`members/${uid}`).push().key!;
  const member: Member = { ...input, createdAt: Date.now() };
  await transactStored(`members/${uid}`, accountMembersSchema, 'uczestnicy konta', (cur) => {
    if (Object.keys(cur ?? {}).length >= LIMITS.maxMembers)
      throw refuse('members-limit', { message: `Możesz dodać najwyżej ${LIMITS.maxMembers} uczestników` });
    return { ...(cur ?? {}), [memberId]: member };
  });
  // Staff can find the account by the new participant's name at once.
  await db.ref().update(await pickupSearchRebuild(uid, profile));
  return { memberId };
});
