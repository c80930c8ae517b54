/**
 * Version refresh (original-spec section 4): on every navigation fetch `latest.json`; when its id
 * differs from the one stored locally, store the new id and reload the page, at most once per
 * 1000 ms. A failed fetch is ignored. A page part (lazy chunk) that fails to load reloads the page
 * at most once per 10000 ms, since the usual cause is a deploy that removed the old chunks.
 */
export const VERSION_STORAGE_KEY = 'panel.version.id';
export const MANIFEST_RELOAD_GUARD_MS = 1000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const MANIFEST_RELOAD_AT_KEY = 'panel.version.reloadAt';
const CHUNK_RELOAD_AT_KEY = 'panel.chunk.reloadAt';

interface ReloadDeps {
  /** Where reload timestamps live; sessionStorage so each tab guards itself. */
  guardStorage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

const browserReloadDeps = (): ReloadDeps => ({
  guardStorage: sessionStorage,
  now: () => Date.now(),
  reload: () => window.location.reload(),
});

/** Reloads unless a reload with the same key happened less than `guardMs` ago. Returns whether it reloaded. */
export function guardedReload(key: string, guardMs: number, deps: ReloadDeps = browserReloadDeps()): boolean {
  const last = Number(deps.guardStorage.getItem(key) ?? 0);
  const now = deps.now();
  if (Number.isFinite(last) && now - last >= 0 && now - last < guardMs) return false;
  deps.guardStorage.setItem(key, String(now));
  deps.reload();
  return true;
}

export interface VersionCheckDeps extends ReloadDeps {
  fetchManifest: () => Promise<Response>;
  idStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

function manifestUrl(): string {
  return `${import.meta.env.BASE_URL}latest.json`;
}

const browserVersionDeps = (): VersionCheckDeps => ({
  ...browserReloadDeps(),
  fetchManifest: () => fetch(manifestUrl(), { cache: 'no-store' }),
  idStorage: localStorage,
});

type VersionCheckResult = 'unchanged' | 'stored' | 'reloaded' | 'guarded' | 'failed';

export async function checkVersion(deps: VersionCheckDeps = browserVersionDeps()): Promise<VersionCheckResult> {
  let id: unknown;
  try {
    const response = await deps.fetchManifest();
    if (!response.ok) return 'failed';
    id = ((await response.json()) as { id?: unknown } | null)?.id;
  } catch {
    return 'failed';
  }
  if (typeof id !== 'string' || id === '') return 'failed';
  const stored = deps.idStorage.getItem(VERSION_STORAGE_KEY);
  if (stored === id) return 'unchanged';
  deps.idStorage.setItem(VERSION_STORAGE_KEY, id);
  // The first visit only learns the id: the page was just loaded, so it already is this version.
  if (stored === null) return 'stored';
  return guardedReload(MANIFEST_RELOAD_AT_KEY, MANIFEST_RELOAD_GUARD_MS, deps) ? 'reloaded' : 'guarded';
}

/** Messages browsers use when a dynamically imported module cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

export function reloadAfterChunkError(deps: ReloadDeps = browserReloadDeps()): boolean {
  return guardedReload(CHUNK_RELOAD_AT_KEY, CHUNK_RELOAD_GUARD_MS, deps);
}

/** Vite fires `vite:preloadError` when a chunk's preload fails; reload once instead of failing the page. */
export function installChunkErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
