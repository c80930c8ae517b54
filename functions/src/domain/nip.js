// NIP (Polish tax id): normalising, checksum and printing. Plain JavaScript with JSDoc types so that
// the seed CLI (plain Node, no build step) imports this very module; the domain re-exports it from
// identifiers.ts, and the web app reaches it through the @domain alias.

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/**
 * Strips the separators people type ("123-456-32-18", "PL 1234563218") and returns the 10 digits, or null.
 * @param {string} input
 * @returns {string | null}
 */
export function normalizeNip(input) {
  const cleaned = input.trim().replace(/^PL/i, '').replace(/[\s-]/g, '');
  return /^\d{10}$/.test(cleaned) ? cleaned : null;
}

/**
 * NIP checksum: Σ digit×weight mod 11 must equal the 10th digit (a result of 10 is never valid).
 * @param {string} input
 * @returns {boolean}
 */
export function isValidNip(input) {
  const nip = normalizeNip(input);
  if (!nip) return false;
  const check = NIP_WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(nip[i]), 0) % 11;
  return check !== 10 && check === Number(nip[9]);
}

/**
 * "123-456-32-18" — the way NIP is printed on invoices; anything that is not a NIP is returned as it is.
 * @param {string} nip
 * @returns {string}
 */
export function formatNip(nip) {
  const n = normalizeNip(nip) ?? nip;
  return n.length === 10 ? `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}` : n;
}
