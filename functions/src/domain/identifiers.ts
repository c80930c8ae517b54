/** Polish identifiers: NIP (tax id) and postal code. */

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** Strips the separators people type ("123-456-32-18", "PL 1234563218") and returns the 10 digits, or null. */
export function normalizeNip(input: string): string | null {
  const cleaned = input.trim().replace(/^PL/i, '').replace(/[\s-]/g, '');
  return /^\d{10}$/.test(cleaned) ? cleaned : null;
}

/** NIP checksum: Σ digit×weight mod 11 must equal the 10th digit (a result of 10 is never valid). */
export function isValidNip(input: string): boolean {
  const nip = normalizeNip(input);
  if (!nip) return false;
  const check = NIP_WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(nip[i]), 0) % 11;
  return check !== 10 && check === Number(nip[9]);
}

/** "123-456-32-18" — the way NIP is printed on invoices; anything that is not a NIP is returned as it is. */
export function formatNip(nip: string): string {
  const n = normalizeNip(nip) ?? nip;
  return n.length === 10 ? `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}` : n;
}

const POSTAL_CODE_PL = /^\d{2}-\d{3}$/;

export function isValidPostalCode(code: string, country = 'PL'): boolean {
  if (country === 'PL') return POSTAL_CODE_PL.test(code);
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(code);
}
