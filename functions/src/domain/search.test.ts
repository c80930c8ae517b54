import { describe, expect, it } from 'vitest';
import {
  foldForSearch,
  matchesAllWords,
  parsePickupSearchKey,
  pickupSearchEntries,
  pickupSearchEntrySchema,
  pickupSearchKey,
  pickupSearchUpdates,
  searchTokens,
} from './search.js';

describe('search tokens', () => {
  it('ignores case and Polish diacritics, ł included', () => {
    expect(foldForSearch('Wiśniewska-Łącka ŻÓŁĆ')).toBe('wisniewska-lacka zolc');
    expect(searchTokens('Staś')).toEqual(['stas']);
  });
  it('splits double surnames, apostrophes and spaces into separate tokens', () => {
    expect(searchTokens('Zofia Wiśniewska-Łącka')).toEqual(['zofia', 'wisniewska', 'lacka']);
    expect(searchTokens("  Anna Maria  O'Neill ")).toEqual(['anna', 'maria', 'o', 'neill']);
  });
  it('drops duplicates and cuts very long words', () => {
    expect(searchTokens('Nowak nowak NOWAK')).toEqual(['nowak']);
    expect(searchTokens('a'.repeat(50))).toEqual(['a'.repeat(32)]);
  });
  it('matches when every typed word starts some token, in any order', () => {
    const tokens = ['zofia', 'wisniewska', 'lacka', 'stas'];
    expect(matchesAllWords(['lac'], tokens)).toBe(true);
    expect(matchesAllWords(['lacka', 'zo'], tokens)).toBe(true);
    expect(matchesAllWords(['acka'], tokens)).toBe(false);
    expect(matchesAllWords(['zofia', 'nowak'], tokens)).toBe(false);
  });
});

describe('index keys', () => {
  it('put the token first, so a prefix of a token is a range of keys', () => {
    expect(pickupSearchKey('lacka', 'uid_1-A')).toBe('lacka_uid_1-A');
    expect(parsePickupSearchKey('lacka_uid_1-A')).toEqual({ token: 'lacka', uid: 'uid_1-A' });
    expect(parsePickupSearchKey('Lacka_uid')).toBeNull();
    expect(parsePickupSearchKey('__proto__')).toBeNull();
  });
});

describe('pickupSearchEntries', () => {
  const holder = {
    firstName: 'Zofia',
    lastName: 'Wiśniewska-Łącka',
    email: 'zofia@example.pl',
    pickupCode: 'KDALA234',
  };
  const entries = pickupSearchEntries('u1', holder, [
    { firstName: 'Staś', lastName: 'Wiśniewski' },
    { firstName: 'Zofia', lastName: 'Łącka' },
  ]);

  it('has one valid entry per token of the holder and the participants', () => {
    expect(Object.keys(entries).sort()).toEqual(['lacka_u1', 'stas_u1', 'wisniewska_u1', 'wisniewski_u1', 'zofia_u1']);
    for (const entry of Object.values(entries)) expect(pickupSearchEntrySchema.parse(entry)).toEqual(entry);
  });
  it('says which participant a token came from; a token the holder shares stays the holder’s', () => {
    expect(entries.stas_u1.person).toBe('Staś Wiśniewski');
    expect(entries.zofia_u1.person).toBeUndefined();
    expect(entries.lacka_u1.person).toBeUndefined();
    expect(entries.stas_u1).toMatchObject({
      uid: 'u1',
      name: 'Zofia Wiśniewska-Łącka',
      email: 'zofia@example.pl',
      pickupCode: 'KDALA234',
      tokens: 'zofia wisniewska lacka stas wisniewski',
    });
  });
  it('updates remove the keys that are gone and write the current ones', () => {
    const updates = pickupSearchUpdates(['lacka_u1', 'kowalski_u1'], { lacka_u1: entries.lacka_u1 });
    expect(updates).toEqual({ 'pickupSearch/lacka_u1': entries.lacka_u1, 'pickupSearch/kowalski_u1': null });
    expect(pickupSearchUpdates(['lacka_u1'], null)).toEqual({ 'pickupSearch/lacka_u1': null });
  });
});
