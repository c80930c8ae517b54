// Accounts: granting the first admin (--admin) and the demo accounts (--demo). Demo profiles are
// written in the shape completeRegistration produces (profile, own participant "self", pickup
// directory and code, counters), so the app sees them exactly like accounts registered through it.
import { readFile } from 'node:fs/promises';
import { ServerValue } from 'firebase-admin/database';
import { memberSchema, pickupDirectoryEntry, profileSchema } from '../../functions/src/domain/schemas.js';
import { pickupSearchEntries } from '../../functions/src/domain/search.js';
import { demoAccountsSchema } from './schema.js';

const SELF_MEMBER_ID = 'self';
const SEED_ACTOR = 'seed';

/** @param {unknown} error */
function isUserNotFound(error) {
  return /** @type {{ code?: string }} */ (error)?.code === 'auth/user-not-found';
}

/**
 * Makes the custom claims contain `wanted` (other claims are kept) and the /roles mirror agree.
 * @param {import('firebase-admin/auth').Auth} auth @param {import('firebase-admin/database').Database} db
 * @param {import('firebase-admin/auth').UserRecord} user @param {{ admin?: boolean, staff?: boolean }} wanted
 * @returns {Promise<string[]>} what changed, in Polish
 */
export async function ensureRoles(auth, db, user, wanted, now = Date.now()) {
  const done = [];
  const claims = { ...(user.customClaims ?? {}) };
  let claimsChanged = false;
  for (const [role, value] of Object.entries(wanted)) {
    if (value && claims[role] !== true) {
      claims[role] = true;
      claimsChanged = true;
    }
  }
  if (claimsChanged) {
    await auth.setCustomUserClaims(user.uid, claims);
    done.push(
      `uprawnienia: ${Object.keys(wanted)
        .filter((r) => /** @type {any} */ (wanted)[r])
        .map((r) => (r === 'admin' ? 'administrator' : 'obsługa'))
        .join(', ')}`,
    );
  }
  const mirror = { admin: claims.admin === true, staff: claims.staff === true };
  const stored = (await db.ref(`roles/${user.uid}`).get()).val();
  if ((mirror.admin || mirror.staff || stored) && (stored?.admin !== mirror.admin || stored?.staff !== mirror.staff)) {
    await db.ref(`roles/${user.uid}`).set({ ...mirror, updatedAt: now, updatedBy: SEED_ACTOR });
    done.push('lustro ról /roles');
  }
  return done;
}

/**
 * @param {import('firebase-admin/auth').Auth} auth @param {string} email
 * @returns {Promise<import('firebase-admin/auth').UserRecord | null>}
 */
export async function findUserByEmail(auth, email) {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if (isUserNotFound(error)) return null;
    throw error;
  }
}

/** @param {string} file */
export async function loadDemoAccounts(file) {
  return demoAccountsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

/**
 * Creates whatever of one demo account is missing; an existing profile is never overwritten (the
 * demo user may have edited it in the app).
 * @param {import('firebase-admin/auth').Auth} auth @param {import('firebase-admin/database').Database} db
 * @param {import('zod').output<typeof demoAccountsSchema>['accounts'][number]} account
 * @returns {Promise<string[]>} what changed, in Polish
 */
export async function ensureDemoAccount(auth, db, account, now = Date.now()) {
  const done = [];
  let user = await findUserByEmail(auth, account.email);
  if (!user) {
    user = await auth.createUser({
      uid: account.uid,
      email: account.email,
      password: account.password,
      displayName: `${account.profile.firstName} ${account.profile.lastName}`,
      emailVerified: true,
    });
    done.push('konto');
  }
  const uid = user.uid;
  done.push(...(await ensureRoles(auth, db, user, account.claims, now)));

  const profileRef = db.ref(`profiles/${uid}`);
  if (!(await profileRef.get()).exists()) {
    const { invoice, ...person } = account.profile;
    // The records completeRegistration writes, parsed with the schemas that read them back.
    const holder = { ...person, email: account.email, pickupCode: account.pickupCode };
    /** @type {Record<string, unknown>} */
    const updates = {
      [`profiles/${uid}`]: profileSchema.parse({
        ...holder,
        ...(invoice ? { invoice } : {}),
        consents: { terms: true, privacy: true, marketing: false, acceptedAt: now },
        createdAt: now,
        updatedAt: now,
      }),
      [`pickupCodes/${account.pickupCode}`]: { uid },
      [`pickupDirectory/${uid}`]: pickupDirectoryEntry(holder),
      [`members/${uid}/${SELF_MEMBER_ID}`]: memberSchema.parse({
        firstName: person.firstName,
        lastName: person.lastName,
        relation: 'self',
        createdAt: now,
      }),
      'stats/public/accounts': ServerValue.increment(1),
      [`stats/admin/byCountry/${person.country}`]: ServerValue.increment(1),
    };
    for (const [memberId, member] of Object.entries(account.members)) {
      updates[`members/${uid}/${memberId}`] = memberSchema.parse({ ...member, createdAt: now });
    }
    for (const [key, entry] of Object.entries(pickupSearchEntries(uid, holder, Object.values(account.members)))) {
      updates[`pickupSearch/${key}`] = entry;
    }
    await db.ref().update(updates);
    const family = Object.keys(account.members).length;
    done.push(family ? `profil, uczestnicy: ${family + 1}` : 'profil');
  } else {
    // Directory entries written before lastNameLower existed get it once (surname search at the pickup point).
    const entry = (await db.ref(`pickupDirectory/${uid}`).get()).val();
    const lastName = (await profileRef.child('lastName').get()).val();
    if (entry && entry.lastNameLower === undefined && typeof lastName === 'string') {
      await db.ref(`pickupDirectory/${uid}/lastNameLower`).set(lastName.toLowerCase());
      done.push('wyszukiwanie po nazwisku');
    }
    // Accounts seeded before the name-search index existed get their entries once.
    const indexed = await db.ref('pickupSearch').orderByChild('uid').equalTo(uid).limitToFirst(1).get();
    const profile = (await profileRef.get()).val();
    if (!indexed.exists() && profile) {
      const members = Object.entries((await db.ref(`members/${uid}`).get()).val() ?? {})
        .filter(([memberId]) => memberId !== SELF_MEMBER_ID)
        .map(([, member]) => /** @type {{ firstName: string, lastName: string }} */ (member));
      /** @type {Record<string, unknown>} */
      const updates = {};
      for (const [key, value] of Object.entries(pickupSearchEntries(uid, profile, members)))
        updates[`pickupSearch/${key}`] = value;
      await db.ref().update(updates);
      done.push('wyszukiwanie po imionach uczestników');
    }
  }
  return done;
}
