import { readStoredSession, type StoredSession } from './storedSession';
import { restKey, restUrl, type RestRead, type RestTarget } from './restRead';

/**
 * A returning user's stored session and the page's first REST reads, started by an inline script of
 * index.html while the HTML is still being parsed (web/vite-plugins/earlyReads.ts runs
 * app/earlyReads.ts there), so they travel beside the app's scripts instead of after them
 * (docs/architecture.md, "Cold load of a returning user"). The app takes them over at start-up
 * (adoptStoredSession in ./index.ts): the session instead of reading it again, and each response
 * instead of asking again.
 */
interface EarlyReads {
  /** The device's last user they were started for (features/auth/lastUser.ts), or null when it named none. */
  uid: string | null;
  session: Promise<StoredSession | null>;
  /** The requests, by restKey, made with the session's ID token; in place before `session` resolves. */
  responses: Map<string, Promise<Response>>;
}

/** What the inline script knows of the build: where the database is and the key the SDK stores its user under. */
export interface EarlyReadsSetup extends RestTarget {
  apiKey: string;
}

/** Where the inline script leaves its reads for the app. */
const GLOBAL_NAME = '__panelEarlyReads';
type WithEarlyReads = { [GLOBAL_NAME]?: EarlyReads };

/**
 * Reads the stored session of `uid` (or, with none named, of the account the SDK stored) and, when its
 * token is valid and the page names first reads, requests them with it. Never rejects.
 */
export function startEarlyReads(
  setup: EarlyReadsSetup,
  uid: string | null,
  readsOf: ((uid: string) => readonly RestRead[]) | null,
): EarlyReads {
  const responses = new Map<string, Promise<Response>>();
  const session = readStoredSession(setup.apiKey, uid).then((stored) => {
    if (stored && readsOf)
      for (const read of readsOf(stored.uid)) {
        const response = fetch(restUrl(setup, read, stored.idToken), { cache: 'no-store' });
        response.catch(() => undefined); // the app's read that takes it sees the failure
        responses.set(restKey(read), response);
      }
    return stored;
  });
  return { uid, session, responses };
}

export function publishEarlyReads(early: EarlyReads): void {
  (globalThis as WithEarlyReads)[GLOBAL_NAME] = early;
}

/** The inline script's reads, once, when they were started for `uid` (a last user changed since is not theirs). */
export function takeEarlyReads(uid: string | null): EarlyReads | null {
  const holder = globalThis as WithEarlyReads;
  const early = holder[GLOBAL_NAME];
  delete holder[GLOBAL_NAME];
  return early && early.uid === uid ? early : null;
}
