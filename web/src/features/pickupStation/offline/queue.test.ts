import { describe, expect, it } from 'vitest';
import { pickupSearchEntries } from '@domain/search';
import { collectHits } from '../api';
import { queuedHandOut, waitingItem } from '../../../test/handOuts';
import { mergeQueued, parseDirectory, searchDevice, searchWords } from './queue';

const item = waitingItem;
const queued = queuedHandOut;

describe('merging the directory copy with the queue', () => {
  it('an item queued on this device shows as handed out here, so it is not handed out twice', () => {
    const merged = mergeQueued([item('i1'), item('i2')], [queued(1), queued(2, { uid: 'someone-else' })], 'u1');
    expect(merged[0]).toMatchObject({ status: 'picked', pickedByName: 'Ala Obsługa', queuedOffline: { seq: 1 } });
    expect(merged[1]).toEqual(item('i2'));
  });

  it('an item the copy already shows handed out keeps the recorded hand-out', () => {
    const picked = item('i1', { status: 'picked', pickedBy: 'staff2', pickedByName: 'Ola', pickedAt: 5 });
    expect(mergeQueued([picked], [queued(1)], 'u1')).toEqual([picked]);
  });
});

describe('offline search', () => {
  // Three accounts as the functions write them: the directory entries and the /pickupSearch index.
  const holders = [
    {
      uid: 'u1',
      firstName: 'Zofia',
      lastName: 'Wiśniewska-Łącka',
      email: 'zofia@example.pl',
      pickupCode: 'KDALA234',
      people: [{ firstName: 'Staś', lastName: 'Wiśniewski' }],
    },
    {
      uid: 'u2',
      firstName: 'Łukasz',
      lastName: 'Nowak',
      email: 'lukasz@example.pl',
      pickupCode: 'KDBBB234',
      people: [
        { firstName: 'Stasia', lastName: 'Nowak' },
        { firstName: 'Kuba', lastName: 'Zieliński' },
      ],
    },
    { uid: 'u3', firstName: 'Anna', lastName: 'Łącka', email: 'anna@example.pl', pickupCode: 'KDCCC234', people: [] },
  ];
  const index = Object.fromEntries(holders.flatMap((h) => Object.entries(pickupSearchEntries(h.uid, h, h.people))));
  const directory = Object.fromEntries(
    holders.map((h) => {
      const name = `${h.firstName} ${h.lastName}`;
      return [
        h.uid,
        {
          name,
          email: h.email,
          pickupCode: h.pickupCode,
          nameLower: name.toLowerCase(),
          lastNameLower: h.lastName.toLowerCase(),
        },
      ];
    }),
  );
  const stored = { orderId: 'zam1', label: 'Kubek', quantity: 1, status: 'waiting', createdAt: Date.UTC(2026, 6, 1) };
  const people = parseDirectory(directory, { u1: { i1: stored, bad: { ...stored, quantity: 0 } } }, index);
  const offline = (text: string) =>
    searchDevice(people, text).map((hit) => ({
      uid: hit.person.uid,
      ...(hit.participant ? { person: hit.participant } : {}),
    }));
  /** What the online search answers (api.ts): the key range of the longest word, then collectHits. */
  const online = (text: string) => {
    const { email, words } = searchWords(text);
    if (email) return holders.filter((h) => h.email.startsWith(email)).map((h) => ({ uid: h.uid }));
    const lead = words.reduce((a, b) => (b.length > a.length ? b : a), '');
    if (lead.length < 2) return [];
    const range = Object.entries(index)
      .filter(([key]) => key.split('_')[0].startsWith(lead))
      .map(([, entry]) => entry);
    const hits = collectHits(range, words).map((hit) => ({
      uid: hit.uid,
      ...(hit.person ? { person: hit.person } : {}),
    }));
    if (words.length === 1)
      for (const h of holders)
        if (h.email.startsWith(lead) && !hits.some((x) => x.uid === h.uid)) hits.push({ uid: h.uid });
    return hits;
  };

  it('keeps each person with their items and the participants’ tokens', () => {
    expect(people.find((p) => p.uid === 'u1')).toMatchObject({
      name: 'Zofia Wiśniewska-Łącka',
      items: [{ id: 'i1' }],
      participantTokens: [
        ['stas', 'Staś Wiśniewski'],
        ['wisniewski', 'Staś Wiśniewski'],
      ],
    });
  });

  it('finds family members and participants brought by an account, naming them, as the online search does', () => {
    expect(offline('kuba')).toEqual([{ uid: 'u2', person: 'Kuba Zieliński' }]);
    expect(offline('stas')).toEqual([
      { uid: 'u2', person: 'Stasia Nowak' },
      { uid: 'u1', person: 'Staś Wiśniewski' },
    ]);
    expect(offline('zielinski lukasz')).toEqual([{ uid: 'u2', person: 'Kuba Zieliński' }]);
    expect(offline('lukasz zielinski n')).toEqual([{ uid: 'u2', person: 'Kuba Zieliński' }]);
    expect(offline('nowak lukasz')).toEqual([{ uid: 'u2' }]);
  });

  it('answers every query exactly as the online search', () => {
    for (const text of [
      'now',
      'stas',
      'staś wiś',
      'kuba',
      'zielin',
      'łącka',
      'LACKA anna',
      'zofia@',
      'anna',
      'wis',
      'n',
      'x',
      'lukasz',
      'nowak stasia',
      'st now',
    ])
      expect(offline(text), text).toEqual(online(text));
  });

  it('finds an account with no index entries yet by the holder’s name', () => {
    const alone = parseDirectory(
      {
        u9: {
          name: 'Ewa Kowal',
          email: 'ewa@example.pl',
          pickupCode: 'KDDDD234',
          nameLower: 'ewa kowal',
          lastNameLower: 'kowal',
        },
      },
      {},
      {},
    );
    expect(searchDevice(alone, 'kow').map((h) => h.person.uid)).toEqual(['u9']);
    expect(searchDevice(alone, 'n')).toEqual([]);
  });
});
