import { redirect } from 'react-router-dom';
import type { Session } from '../../features/auth';
import { NEXT_PARAM, safeNextPath } from '../../shared/routing/next';

/** What a guard gets: the navigation's request and the session. */
export interface GuardContext {
  request: Request;
  session: Pick<Session, 'whenKnown' | 'whenConfirmed' | 'refresh'>;
}

/** A guard resolves to let the navigation through, or throws a redirect / error response. */
type Guard = (ctx: GuardContext) => Promise<void>;

const SIGN_IN_PATH = '/';
export { safeNextPath };

/**
 * Signed out → the sign-in page, remembering where the user wanted to go. The device's last user,
 * not yet confirmed by the identity SDK, counts as signed in: the page may draw that account's device
 * copy, and if the SDK then reports no user the dashboard frame sends the visitor here
 * (DashboardLayout).
 */
const auth: Guard = async ({ request, session }) => {
  const state = await session.whenKnown();
  if (state.status !== 'signedIn') toSignIn(request);
};

function toSignIn(request: Request): never {
  const url = new URL(request.url);
  const wanted = `${url.pathname}${url.search}${url.hash}`;
  throw redirect(`${SIGN_IN_PATH}?${new URLSearchParams({ [NEXT_PARAM]: wanted })}`);
}

/** Reloads the user and forces a new ID token before entering, so a role granted a second ago applies. */
const refresh: Guard = async ({ request, session }) => {
  // Roles are never taken from the device's last user: these pages wait for the SDK's own.
  const state = await session.whenConfirmed();
  if (state.status !== 'signedIn') toSignIn(request);
  try {
    await session.refresh();
  } catch {
    // Offline: enter with the claims we have; the server checks them again on every call anyway.
  }
};

const guards: Readonly<Record<string, Guard>> = { auth, refresh };

export function getGuard(name: string): Guard {
  if (!Object.hasOwn(guards, name)) throw new Error(`Unknown route guard: "${name}"`);
  return guards[name];
}

/** Runs the named guards in order; unknown names throw before any guard runs. */
export async function runGuards(names: readonly string[], ctx: GuardContext): Promise<void> {
  const resolved = names.map(getGuard);
  for (const guard of resolved) await guard(ctx);
}
