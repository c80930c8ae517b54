import { homeFirstReads } from '../features/home/firstReads';
import type { RestRead } from '../shared/firebase/restRead';

/** Pages whose first reads are started before their code has arrived, by path (the page load's own path only). */
const PAGE_FIRST_READS: Record<string, (uid: string) => RestRead[]> = {
  '/dashboard': homeFirstReads,
};

/**
 * A returning user's first reads on a page load of `pathname`, which index.html's inline script
 * (app/earlyReads.ts) starts, or null when the page names none: without them the reads wait until the
 * page's chunk has arrived and React has mounted it, one round trip after the other. Every dashboard
 * page also reads the user's role mirror (features/roles, from the dashboard layout). Free of the
 * pages' code, which the inline script would otherwise carry.
 */
export function firstReadsOf(pathname: string): ((uid: string) => RestRead[]) | null {
  const pageReads = Object.hasOwn(PAGE_FIRST_READS, pathname) ? PAGE_FIRST_READS[pathname] : null;
  return pageReads && ((uid) => [{ path: `roles/${uid}` }, ...pageReads(uid)]);
}
