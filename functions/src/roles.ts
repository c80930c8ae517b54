import { onCall } from 'firebase-functions/v2/https';
import { setUserRoleInput, type SetUserRoleOutput } from './domain/index.js';
import { auth, db } from './lib/admin.js';
import { requireAdmin } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';

/** Custom claims are the truth for the rules; /roles/{uid} mirrors them so the client knows to refresh its token. */
export const setUserRole = onCall(async (request): Promise<SetUserRoleOutput> => {
  const input = parseInput(setUserRoleInput, request.data);
  const caller = requireAdmin(request);
  if (input.uid === caller.uid && input.role === 'admin' && !input.enabled) throw refuse('own-admin-role');
  let user;
  try {
    user = await auth.getUser(input.uid);
  } catch {
    throw refuse('user-missing', { field: 'uid' });
  }
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  if (input.enabled) claims[input.role] = true;
  else delete claims[input.role];
  await auth.setCustomUserClaims(input.uid, claims);
  const roles = { admin: claims.admin === true, staff: claims.staff === true };
  await db.ref(`roles/${input.uid}`).set({ ...roles, updatedAt: Date.now(), updatedBy: caller.uid });
  return { uid: input.uid, ...roles };
});
