/** Polish identifiers: NIP (tax id) and postal code. */

// The NIP functions are plain JavaScript so that the seed CLI shares them (see nip.js).
export { formatNip, isValidNip, normalizeNip } from './nip.js';

export const POSTAL_CODE_PL = /^\d{2}-\d{3}$/;

export function isValidPostalCode(code: string, country = 'PL'): boolean {
  if (country === 'PL') return POSTAL_CODE_PL.test(code);
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(code);
}
