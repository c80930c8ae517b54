import { describe, expect, it } from 'vitest';
import { mergeSearchResults, SEARCH_KEYS, type DirectoryEntry } from './api';

const person = (uid: string, name: string): DirectoryEntry => ({ uid, name, email: `${uid}@example.pl`, pickupCode: 'KDALA234' });

describe('pickup directory search', () => {
  it('searches by e-mail, by first name (start of the full name) and by surname', () => {
    expect(SEARCH_KEYS).toEqual(['email', 'nameLower', 'lastNameLower']);
  });

  it('merges the per-key results: each person once, sorted by name in Polish order', () => {
    const marta = person('u1', 'Marta Nowak');
    const lukasz = person('u2', 'Łukasz Nowak');
    const ewa = person('u3', 'Ewa Nowakowska');
    expect(mergeSearchResults([[marta], [lukasz, marta], [ewa, marta, lukasz]]).map((e) => e.uid)).toEqual(['u3', 'u2', 'u1']);
  });

  it('keeps at most ten people', () => {
    const many = Array.from({ length: 12 }, (_, i) => person(`u${String(i).padStart(2, '0')}`, `Osoba ${String(i).padStart(2, '0')}`));
    const merged = mergeSearchResults([many.slice(0, 6), many.slice(4)]);
    expect(merged).toHaveLength(10);
    expect(merged[0].uid).toBe('u00');
  });
});
