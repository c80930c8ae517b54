import { describe, expect, it } from 'vitest';
import { parsePickupSearchKey, pickupSearchEntries } from '@domain/search';
import { collectHits, searchWords } from './api';

// The index entries of three accounts, as the functions write them.
const index = Object.entries({
  ...pickupSearchEntries(
    'u1',
    { firstName: 'Zofia', lastName: 'Wiśniewska-Łącka', email: 'zofia@example.pl', pickupCode: 'KDALA234' },
    [{ firstName: 'Staś', lastName: 'Wiśniewski' }],
  ),
  ...pickupSearchEntries(
    'u2',
    { firstName: 'Łukasz', lastName: 'Nowak', email: 'lukasz@example.pl', pickupCode: 'KDBBB234' },
    [{ firstName: 'Stasia', lastName: 'Nowak' }],
  ),
  ...pickupSearchEntries(
    'u3',
    { firstName: 'Anna', lastName: 'Łącka', email: 'anna@example.pl', pickupCode: 'KDCCC234' },
    [],
  ),
});
/** What a key-range read of /pickupSearch returns for a typed prefix: the entries whose key's token starts with it. */
const indexRange = (prefix: string) =>
  index.filter(([key]) => parsePickupSearchKey(key)!.token.startsWith(prefix)).map(([, entry]) => entry);
const search = (text: string) => {
  const { words } = searchWords(text);
  const lead = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  return collectHits(indexRange(lead), words);
};

describe('pickup station name search', () => {
  it('ignores case and diacritics: „wisniewska” and „ŁĄCKA” find Wiśniewska-Łącka', () => {
    expect(search('wisniewska').map((h) => h.name)).toEqual(['Zofia Wiśniewska-Łącka']);
    expect(search('ŁĄCKA').map((h) => h.name)).toEqual(['Anna Łącka', 'Zofia Wiśniewska-Łącka']);
  });
  it('matches every part of a double surname, by prefix', () => {
    expect(search('łąc').map((h) => h.uid)).toEqual(['u3', 'u1']);
  });
  it('finds the account of a participant by the participant’s name, and says whose name matched', () => {
    expect(search('Staś')).toEqual([
      { uid: 'u2', name: 'Łukasz Nowak', email: 'lukasz@example.pl', pickupCode: 'KDBBB234', person: 'Stasia Nowak' },
      {
        uid: 'u1',
        name: 'Zofia Wiśniewska-Łącka',
        email: 'zofia@example.pl',
        pickupCode: 'KDALA234',
        person: 'Staś Wiśniewski',
      },
    ]);
  });
  it('narrows with more words, in any order', () => {
    expect(search('stas wis').map((h) => h.uid)).toEqual(['u1']);
    expect(search('łącka anna').map((h) => h.uid)).toEqual(['u3']);
    expect(search('zofia nowak')).toEqual([]);
  });
  it('lists each account once, as the holder when the holder’s own name matched', () => {
    expect(search('nowak')).toEqual([
      { uid: 'u2', name: 'Łukasz Nowak', email: 'lukasz@example.pl', pickupCode: 'KDBBB234' },
    ]);
  });
  it('treats text with „@” as the start of an e-mail', () => {
    expect(searchWords(' Zofia@Ex ')).toEqual({ email: 'zofia@ex', words: [] });
    expect(searchWords('Zofia Ł')).toEqual({ email: null, words: ['zofia', 'l'] });
  });
});
