import { randomInt } from 'node:crypto';
import { onCall } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import { completeRegistrationInput, PICKUP_CODE_ALPHABET, pickupDirectoryEntry, syncProfileInput, type CompleteRegistrationOutput, type Profile, type SyncProfileOutput } from './domain/index.js';
import { auth, db } from './lib/admin.js';
import { requireCaller } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { transact } from './lib/tx.js';

export const SELF_MEMBER_ID = 'self';

function newPickupCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)];
  return code;
}

/**
 * Turns a signed-in identity into a participant account: profile, pickup code, the holder's own
 * participant entry, the staff directory entry and the counters. Re-running it after a crash
 * finishes the missing parts; re-running it after success is refused.
 */
export const completeRegistration = onCall(async (request): Promise<CompleteRegistrationOutput> => {
  const input = parseInput(completeRegistrationInput, request.data);
  const caller = requireCaller(request);
  if (!caller.email) throw refuse('email-unverifiable');
  const uid = caller.uid;
  const now = Date.now();
  // The country must come from the organiser's list once one is loaded (an empty list accepts any code).
  if (!(await db.ref(`countries/${input.country}`).get()).exists() && (await db.ref('countries').limitToFirst(1).get()).exists()) {
    throw refuse('invalid-input', { field: 'country', message: 'Wybierz kraj z listy' });
  }

  let created = false;
  const { value: profile } = await transact<Profile>(db.ref(`profiles/${uid}`), (current) => {
    created = false;
    if (current) return current;
    created = true;
    return {
      email: caller.email!,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      country: input.country,
      consents: { ...input.consents, acceptedAt: now },
      pickupCode: newPickupCode(),
      createdAt: now,
      updatedAt: now,
    };
  });
  if (!profile) throw refuse('internal');
  if (!created) {
    const directory = await db.ref(`pickupDirectory/${uid}`).get();
    if (directory.exists()) throw refuse('profile-exists');
  }

  // The code is unique by construction of /pickupCodes (a transaction per code); a collision
  // (1 in 10^12) just draws another one.
  let pickupCode = profile.pickupCode;
  for (;;) {
    let mine = false;
    await transact<{ uid: string }>(db.ref(`pickupCodes/${pickupCode}`), (current) => {
      mine = !current || current.uid === uid;
      return mine ? { uid } : undefined;
    });
    if (mine) break;
    pickupCode = newPickupCode();
    await db.ref(`profiles/${uid}/pickupCode`).set(pickupCode);
  }

  const updates: Record<string, unknown> = {
    [`pickupDirectory/${uid}`]: pickupDirectoryEntry({ ...profile, pickupCode }),
    [`members/${uid}/${SELF_MEMBER_ID}`]: { firstName: profile.firstName, lastName: profile.lastName, relation: 'self', createdAt: now },
    'stats/public/accounts': ServerValue.increment(1),
    [`stats/admin/byCountry/${profile.country}`]: ServerValue.increment(1),
  };
  await db.ref().update(updates);
  return { uid, pickupCode, selfMemberId: SELF_MEMBER_ID };
});

/**
 * Rebuilds what is derived from the caller's profile name: the /pickupDirectory entry staff search
 * by name, the name of the `self` member (the account holder's own participant entry, shown on
 * tickets and pickups) and the Auth display name. The SPA calls it after every profile save; it reads only stored data, so
 * running it again, or late, is harmless.
 */
export const syncProfile = onCall(async (request): Promise<SyncProfileOutput> => {
  parseInput(syncProfileInput, request.data);
  const caller = requireCaller(request);
  const uid = caller.uid;
  const profile = (await db.ref(`profiles/${uid}`).get()).val() as Profile | null;
  if (!profile) throw refuse('profile-missing');
  const entry = pickupDirectoryEntry(profile);
  const updates: Record<string, unknown> = { [`pickupDirectory/${uid}`]: entry };
  if ((await db.ref(`members/${uid}/${SELF_MEMBER_ID}`).get()).exists()) {
    updates[`members/${uid}/${SELF_MEMBER_ID}/firstName`] = profile.firstName;
    updates[`members/${uid}/${SELF_MEMBER_ID}/lastName`] = profile.lastName;
  }
  await db.ref().update(updates);
  // The name the dashboard header shows comes from the identity record (the client reloads it).
  await auth.updateUser(uid, { displayName: entry.name });
  return { name: entry.name };
});
