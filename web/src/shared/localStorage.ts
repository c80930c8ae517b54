/**
 * The browser's localStorage, or null where reading it throws (storage disabled by privacy settings):
 * what a caller keeps there is then simply not kept, and the app works without it.
 */
export function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
