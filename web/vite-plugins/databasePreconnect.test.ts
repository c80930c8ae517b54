import { describe, expect, it } from 'vitest';
import { databaseOriginOf } from './databasePreconnect';

describe('databaseOriginOf (the preconnect target in index.html)', () => {
  it("is the database emulator's origin in emulator mode", () => {
    expect(databaseOriginOf({ VITE_USE_EMULATORS: 'true', VITE_DATABASE_EMULATOR_HOST: '127.0.0.1:41002' })).toBe(
      'http://127.0.0.1:41002',
    );
  });

  it("is the real database URL's origin for a real project", () => {
    expect(
      databaseOriginOf({
        VITE_FIREBASE_API_KEY: 'k',
        VITE_FIREBASE_AUTH_DOMAIN: 'x.firebaseapp.com',
        VITE_FIREBASE_PROJECT_ID: 'x',
        VITE_FIREBASE_DATABASE_URL: 'https://x-default-rtdb.europe-west1.firebasedatabase.app/',
        VITE_FIREBASE_APP_ID: '1:2:web:3',
      }),
    ).toBe('https://x-default-rtdb.europe-west1.firebasedatabase.app');
  });

  it('is absent when the configuration is incomplete', () => {
    expect(databaseOriginOf({ VITE_FIREBASE_PROJECT_ID: 'x' })).toBeNull();
  });
});
