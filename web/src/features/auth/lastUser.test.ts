import { describe, expect, it } from 'vitest';
import { forgetLastUser, readLastClaims, readLastUser, saveLastUser } from './lastUser';

const ala = { uid: 'ala', email: 'ala@example.com', displayName: 'Ala', emailVerified: true };

describe("the device's last user", () => {
  it('keeps the roles last confirmed, for that same account only', () => {
    saveLastUser(ala, { staff: true, admin: false });
    expect(readLastUser()).toEqual(ala);
    expect(readLastClaims('ala')).toEqual({ staff: true, admin: false });
    // Another account signed in on the device is never given them.
    expect(readLastClaims('bartek')).toBeNull();
    forgetLastUser();
    expect(readLastClaims('ala')).toBeNull();
  });

  it('a record without roles (written by an older version) or garbled gives none', () => {
    localStorage.setItem('panel.session.lastUser', JSON.stringify({ format: 1, user: ala }));
    expect(readLastUser()).toEqual(ala);
    expect(readLastClaims('ala')).toBeNull();
    localStorage.setItem('panel.session.lastUser', JSON.stringify({ format: 1, user: ala, claims: { staff: 'yes' } }));
    expect(readLastClaims('ala')).toEqual({ staff: false, admin: false });
    localStorage.setItem('panel.session.lastUser', '{');
    expect(readLastClaims('ala')).toBeNull();
  });
});
