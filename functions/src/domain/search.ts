/**
 * Name search at the pickup point: the words staff type and the words of people's names are both
 * reduced to search tokens — lower case, no Polish diacritics (ł → l), split wherever a name has
 * anything but a letter or digit („Wiśniewska-Łącka” → `wisniewska`, `lacka`). A person is found
 * when every typed word is the beginning of one of the tokens of their account: the account
 * holder's name and the names of every participant the account brings („Staś” finds the parent).
 *
 * The index lives at /pickupSearch, one entry per (token, account), keyed `{token}_{uid}` so a
 * prefix of a token is a range of keys (docs/data-model.md). Only functions write it.
 */
import { z } from 'zod';
import { emailSchema, pickupCodeSchema, uidSchema } from './schemas.js';

/** Longer tokens are cut: a prefix this long already identifies anyone. */
const SEARCH_TOKEN_MAX_LENGTH = 32;
/** How many entries a staff search reads at most: enough to count and page, bounded for the tablet. */
export const SEARCH_READ_LIMIT = 300;

// Letters that Unicode decomposition does not strip to a base letter.
const UNDECOMPOSED: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th', ı: 'i' };

/** Lower case, diacritics removed: `Łącka` → `lacka`, `ŻÓŁĆ` → `zolc`. */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[łđøæœßþı]/g, (ch) => UNDECOMPOSED[ch]);
}

/** The distinct search tokens of a text, in order of appearance (see the module comment). */
export function searchTokens(text: string): string[] {
  const tokens = foldForSearch(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((token) => token.slice(0, SEARCH_TOKEN_MAX_LENGTH));
  return [...new Set(tokens)];
}

/** Whether every typed word starts one of an account's tokens (the words may come in any order). */
export function matchesAllWords(words: readonly string[], tokens: readonly string[]): boolean {
  return words.every((word) => tokens.some((token) => token.startsWith(word)));
}

const SEARCH_KEY_PATTERN = /^([a-z0-9]{1,32})_([A-Za-z0-9_-]{1,128})$/;

export function pickupSearchKey(token: string, uid: string): string {
  return `${token}_${uid}`;
}

/** The token and uid of an index key, or null for a key of another shape. */
export function parsePickupSearchKey(key: string): { token: string; uid: string } | null {
  const match = SEARCH_KEY_PATTERN.exec(key);
  return match ? { token: match[1], uid: match[2] } : null;
}

export const pickupSearchEntrySchema = z.strictObject({
  uid: uidSchema,
  /** The account holder, as the directory shows them. */
  name: z.string(),
  email: emailSchema,
  pickupCode: pickupCodeSchema,
  /** Every token of the account, space-separated: a search of several words checks the others here. */
  tokens: z.string(),
  /** The participant whose name gave this token, when it is not the account holder's. */
  person: z.string().optional(),
});
export type PickupSearchEntry = z.output<typeof pickupSearchEntrySchema>;

interface SearchablePerson {
  firstName: string;
  lastName: string;
}

/**
 * The /pickupSearch entries of one account, keyed by their index key: the holder's tokens first
 * (a token shared with a participant, e.g. the surname, points at the holder), then each
 * participant's. `people` are the account's participants other than the holder's own entry.
 */
export function pickupSearchEntries(
  uid: string,
  holder: SearchablePerson & { email: string; pickupCode: string },
  people: readonly SearchablePerson[],
): Record<string, PickupSearchEntry> {
  const name = `${holder.firstName} ${holder.lastName}`;
  const owners = new Map<string, string | undefined>();
  for (const token of searchTokens(name)) owners.set(token, undefined);
  // Sorted, so the entries do not depend on the order participants were read in.
  const named = people
    .map((person) => `${person.firstName} ${person.lastName}`)
    .sort((a, b) => a.localeCompare(b, 'pl'));
  for (const personName of named) {
    for (const token of searchTokens(personName)) if (!owners.has(token)) owners.set(token, personName);
  }
  const tokens = [...owners.keys()].join(' ');
  const entries: Record<string, PickupSearchEntry> = {};
  for (const [token, person] of owners) {
    entries[pickupSearchKey(token, uid)] = {
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

/**
 * The multi-path update that makes an account's index entries equal `next` (null: remove them all),
 * given the keys it has now. Keys that stay are overwritten, so a changed name or code follows.
 */
export function pickupSearchUpdates(
  currentKeys: Iterable<string>,
  next: Record<string, PickupSearchEntry> | null,
): Record<string, PickupSearchEntry | null> {
  const updates: Record<string, PickupSearchEntry | null> = {};
  for (const key of currentKeys) updates[`pickupSearch/${key}`] = null;
  for (const [key, entry] of Object.entries(next ?? {})) updates[`pickupSearch/${key}`] = entry;
  return updates;
}
