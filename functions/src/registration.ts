import { randomInt } from 'node:crypto';
import { onCall } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import {
  completeRegistrationInput,
  PICKUP_CODE_ALPHABET,
  pickupDirectoryEntry,
  syncProfileInput,
  updateProfileInput,
  type CompleteRegistrationOutput,
  pickupCodeEntrySchema,
  profileSchema,
  type Profile,
  type SyncProfileOutput,
  type UpdateProfileOutput,
} from './domain/index.js';
import { auth, db } from './lib/admin.js';
import { commitWithMail, welcomeMail } from './mail/index.js';
import { requireCaller } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { readStored } from './lib/stored.js';
import { KEEP, transactStored } from './lib/tx.js';
import { pickupSearchRebuild, SELF_MEMBER_ID } from './lib/pickupSearch.js';

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
  if (
    !(await db.ref(`countries/${input.country}`).get()).exists() &&
    (await db.ref('countries').limitToFirst(1).get()).exists()
  ) {
    throw refuse('invalid-input', { field: 'country', message: 'Wybierz kraj z listy' });
  }

  const { written: created, value: profile } = await transactStored(
    `profiles/${uid}`,
    profileSchema,
    'profil',
    (current) => {
      if (current) return KEEP;
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
    },
  );
  if (!profile) throw refuse('internal');
  if (!created) {
    const directory = await db.ref(`pickupDirectory/${uid}`).get();
    if (directory.exists()) throw refuse('profile-exists');
  }

  // The code is unique by construction of /pickupCodes (a transaction per code); a collision
  // (1 in 10^12) just draws another one.
  let pickupCode = profile.pickupCode;
  for (;;) {
    const { value: holder } = await transactStored(
      `pickupCodes/${pickupCode}`,
      pickupCodeEntrySchema,
      'kod odbioru',
      (current) => (!current || current.uid === uid ? { uid } : KEEP),
    );
    if (holder?.uid === uid) break;
    pickupCode = newPickupCode();
    await db.ref(`profiles/${uid}/pickupCode`).set(pickupCode);
  }

  const updates: Record<string, unknown> = {
    ...(await pickupSearchRebuild(uid, { ...profile, pickupCode })),
    [`pickupDirectory/${uid}`]: pickupDirectoryEntry({ ...profile, pickupCode }),
    [`members/${uid}/${SELF_MEMBER_ID}`]: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      relation: 'self',
      createdAt: now,
    },
    'stats/public/accounts': ServerValue.increment(1),
    [`stats/admin/byCountry/${profile.country}`]: ServerValue.increment(1),
  };
  // The welcome e-mail is written in the same update (docs/email.md).
  await commitWithMail(updates, await welcomeMail(uid, profile.email, profile.firstName));
  // The dashboard header shows the identity record's name: the one typed in the wizard, not the e-mail.
  await auth.updateUser(uid, { displayName: `${profile.firstName} ${profile.lastName}` });
  return { uid, pickupCode, selfMemberId: SELF_MEMBER_ID };
});

/**
 * Rebuilds what is derived from the caller's names: the /pickupDirectory entry, the /pickupSearch
 * entries staff search by (the holder's and every participant's name), the name of the `self`
 * member (the account holder's own participant entry, shown on tickets and pickups) and the Auth
 * display name. The SPA calls it after every profile save and every change to its participants; it
 * reads only stored data, so running it again, or late, is harmless.
 */
export const syncProfile = onCall(async (request): Promise<SyncProfileOutput> => {
  parseInput(syncProfileInput, request.data);
  const caller = requireCaller(request);
  const uid = caller.uid;
  const profile = await readStored(`profiles/${uid}`, profileSchema, 'profil');
  if (!profile) throw refuse('profile-missing');
  await db.ref().update(await nameCopiesUpdate(uid, profile));
  // The name the dashboard header shows comes from the identity record (the client reloads it).
  const name = `${profile.firstName} ${profile.lastName}`;
  await auth.updateUser(uid, { displayName: name });
  return { name };
});

/** The copies of an account holder's name: directory entry, own participant, name search (see syncProfile). */
async function nameCopiesUpdate(uid: string, profile: Profile): Promise<Record<string, unknown>> {
  const updates: Record<string, unknown> = {
    ...(await pickupSearchRebuild(uid, profile)),
    [`pickupDirectory/${uid}`]: pickupDirectoryEntry(profile),
  };
  if ((await db.ref(`members/${uid}/${SELF_MEMBER_ID}`).get()).exists()) {
    updates[`members/${uid}/${SELF_MEMBER_ID}/firstName`] = profile.firstName;
    updates[`members/${uid}/${SELF_MEMBER_ID}/lastName`] = profile.lastName;
  }
  return updates;
}

/**
 * Saves the settings page's profile form: the fields the owner may edit, parsed with the form's own
 * schema (so a NIP typed „526-025-02-74” is stored as 10 digits, as the rules expect), in one
 * atomic update with every copy of the name; a refusal names the field it is about.
 */
export const updateProfile = onCall(async (request): Promise<UpdateProfileOutput> => {
  const input = parseInput(updateProfileInput, request.data);
  const { uid } = requireCaller(request);
  const stored = await readStored(`profiles/${uid}`, profileSchema, 'profil');
  if (!stored) throw refuse('profile-missing');
  const countries = [input.country, ...(input.invoice ? [input.invoice.country] : [])];
  for (const [i, code] of countries.entries()) {
    if (
      !(await db.ref(`countries/${code}`).get()).exists() &&
      (await db.ref('countries').limitToFirst(1).get()).exists()
    ) {
      throw refuse('invalid-input', {
        field: i === 0 ? 'country' : 'invoice.country',
        message: 'Wybierz kraj z listy',
      });
    }
  }
  const { invoice, ...person } = input;
  const profile: Profile = { ...stored, ...person, ...(invoice ? { invoice } : {}), updatedAt: Date.now() };
  if (!invoice) delete profile.invoice;
  const updates: Record<string, unknown> = {
    [`profiles/${uid}/firstName`]: profile.firstName,
    [`profiles/${uid}/lastName`]: profile.lastName,
    [`profiles/${uid}/phone`]: profile.phone,
    [`profiles/${uid}/country`]: profile.country,
    [`profiles/${uid}/invoice`]: invoice,
    [`profiles/${uid}/updatedAt`]: profile.updatedAt,
    ...(await nameCopiesUpdate(uid, profile)),
  };
  await db.ref().update(updates);
  const name = `${profile.firstName} ${profile.lastName}`;
  await auth.updateUser(uid, { displayName: name });
  return { name };
});
