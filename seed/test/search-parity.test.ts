// The seed writes the demo accounts' pickup-search entries with its own copy of the domain's
// builder; both must produce the same entries, or staff could not find a demo account by name.
import { describe, expect, it } from 'vitest';
import {
  pickupSearchEntries as domainEntries,
  pickupSearchEntrySchema,
  searchTokens as domainTokens,
} from '../../functions/src/domain/search.js';
import { pickupSearchEntries, searchTokens } from '../src/search.js';

const names = [
  'Zofia Wiśniewska-Łącka',
  'ŁUCJA żółć-Nowak',
  "Anna Maria O'Neill",
  'Staś',
  'Ærøskøbing Straße',
  'x'.repeat(70),
  '  ',
];

describe('seed pickup search = domain pickup search', () => {
  it('tokenises names the same way', () => {
    for (const name of names) expect(searchTokens(name)).toEqual(domainTokens(name));
  });
  it('builds the same, valid entries for an account with participants', () => {
    const holder = { firstName: 'Marta', lastName: 'Nowak', email: 'uczestnik@example.com', pickupCode: 'MRTN4W9Q' };
    const people = [
      { firstName: 'Piotr', lastName: 'Nowak' },
      { firstName: 'Zosia', lastName: 'Nowak-Łącka' },
    ];
    const entries = pickupSearchEntries('demoUczestnik', holder, people);
    expect(entries).toEqual(domainEntries('demoUczestnik', holder, people));
    for (const entry of Object.values(entries)) expect(pickupSearchEntrySchema.safeParse(entry).success).toBe(true);
  });
});
