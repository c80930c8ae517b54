// The pickup point's name-search index entries for the demo accounts: a plain-JS copy of
// functions/src/domain/search.ts (searchTokens, pickupSearchEntries), which the seed cannot import
// without a build step. seed/test/search-parity.test.ts keeps the two equal.

const SEARCH_TOKEN_MAX_LENGTH = 32;
/** @type {Record<string, string>} */
const UNDECOMPOSED = { ł: 'l', đ: 'd', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th', ı: 'i' };

/** @param {string} text */
export function searchTokens(text) {
  const folded = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[łđøæœßþı]/g, (ch) => UNDECOMPOSED[ch]);
  const tokens = folded
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((token) => token.slice(0, SEARCH_TOKEN_MAX_LENGTH));
  return [...new Set(tokens)];
}

/**
 * @param {string} uid
 * @param {{ firstName: string, lastName: string, email: string, pickupCode: string }} holder
 * @param {{ firstName: string, lastName: string }[]} people the participants other than the holder
 * @returns {Record<string, { uid: string, name: string, email: string, pickupCode: string, tokens: string, person?: string }>}
 */
export function pickupSearchEntries(uid, holder, people) {
  const name = `${holder.firstName} ${holder.lastName}`;
  /** @type {Map<string, string | undefined>} */
  const owners = new Map();
  for (const token of searchTokens(name)) owners.set(token, undefined);
  // Sorted, so the entries do not depend on the order participants were read in.
  const named = people
    .map((person) => `${person.firstName} ${person.lastName}`)
    .sort((a, b) => a.localeCompare(b, 'pl'));
  for (const personName of named) {
    for (const token of searchTokens(personName)) if (!owners.has(token)) owners.set(token, personName);
  }
  const tokens = [...owners.keys()].join(' ');
  /** @type {ReturnType<typeof pickupSearchEntries>} */
  const entries = {};
  for (const [token, person] of owners) {
    entries[`${token}_${uid}`] = {
      uid,
      name,
      email: holder.email,
      pickupCode: holder.pickupCode,
      tokens,
      ...(person ? { person } : {}),
    };
  }
  return entries;
}
