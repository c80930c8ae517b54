import { homeFirstReads } from '../features/home';
import { prefetchOverRest, type RestRead } from '../shared/firebase';

/** Pages whose first reads are started at start-up, by path (the page load's own path only). */
const PAGE_FIRST_READS: Record<string, (uid: string) => RestRead[]> = {
  '/dashboard': homeFirstReads,
};

/**
 * On a returning user's page load, starts the page's first reads beside its code (shared/firebase,
 * prefetchOverRest): without this they wait until the page's chunk has arrived and React has mounted
 * it, one round trip after the other. Every dashboard page also reads the user's role mirror
 * (features/roles, from the dashboard layout).
 */
export function startFirstReads(pathname: string): void {
  const pageReads = Object.hasOwn(PAGE_FIRST_READS, pathname) ? PAGE_FIRST_READS[pathname] : null;
  if (!pageReads) return;
  prefetchOverRest((uid) => [{ path: `roles/${uid}` }, ...pageReads(uid)]);
}
