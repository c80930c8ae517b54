/** Cookie consent (original-spec section 9). */
export const CONSENT_COOKIE = 'ncc_c';
export const ENABLED_IDS_COOKIE = 'ncc_e';
/** One year, as the spec states it in milliseconds; cookies take seconds. */
const CONSENT_LIFETIME_MS = 31_536_000_000;
/** Optional cookie groups the user can enable. None exist yet: only strictly necessary storage is used. */
const OPTIONAL_COOKIE_IDS: readonly string[] = [];

export function readCookie(name: string, source: string = document.cookie): string | null {
  for (const part of source.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string): void {
  const maxAgeSeconds = Math.round(CONSENT_LIFETIME_MS / 1000);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export function hasConsented(): boolean {
  return readCookie(CONSENT_COOKIE) === '1';
}

export function saveConsent(enabledIds: readonly string[] = OPTIONAL_COOKIE_IDS): void {
  writeCookie(CONSENT_COOKIE, '1');
  writeCookie(ENABLED_IDS_COOKIE, enabledIds.join(','));
}
