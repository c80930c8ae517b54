import { accountMembersSchema, pickupSearchEntries, pickupSearchUpdates, type Profile } from '../domain/index.js';
import { db } from './admin.js';
import { parseStored } from './stored.js';

/** The account holder's own participant (created by completeRegistration). */
export const SELF_MEMBER_ID = 'self';

/**
 * The update that rebuilds an account's /pickupSearch entries (staff's name search) from its stored
 * profile and participants; with no profile it removes them. Every function that changes a name
 * the search covers, or removes the account, adds this to its atomic update.
 */
export async function pickupSearchRebuild(
  uid: string,
  profile: Pick<Profile, 'firstName' | 'lastName' | 'email' | 'pickupCode'> | null,
): Promise<Record<string, unknown>> {
  const [members, current] = await Promise.all([
    profile ? db.ref(`members/${uid}`).get() : null,
    db.ref('pickupSearch').orderByChild('uid').equalTo(uid).get(),
  ]);
  const people = Object.entries(
    parseStored(accountMembersSchema, members?.val() ?? {}, `members/${uid}`, 'uczestnicy konta'),
  )
    .filter(([memberId]) => memberId !== SELF_MEMBER_ID)
    .map(([, member]) => member);
  return pickupSearchUpdates(
    Object.keys(current.val() ?? {}),
    profile ? pickupSearchEntries(uid, profile, people) : null,
  );
}
