import { describe, expect, it } from 'vitest';
import { readFirebaseConfig, StartupError } from './config';

describe('readFirebaseConfig', () => {
  it('uses the demo project and default emulator hosts in emulator mode', () => {
    const setup = readFirebaseConfig({ VITE_USE_EMULATORS: 'true' });
    expect(setup.options.projectId).toBe('demo-panel-uczestnika');
    expect(setup.options.databaseURL).toBe('https://demo-panel-uczestnika-default-rtdb.firebaseio.com');
    expect(setup.emulators).toEqual({
      auth: 'http://127.0.0.1:9099',
      database: { host: '127.0.0.1', port: 9000 },
      functions: { host: '127.0.0.1', port: 5001 },
    });
    expect(setup.functionsRegion).toBe('europe-central2');
  });

  it('takes emulator hosts from the environment', () => {
    const setup = readFirebaseConfig({
      VITE_USE_EMULATORS: 'true',
      VITE_AUTH_EMULATOR_HOST: '127.0.0.1:41001',
      VITE_DATABASE_EMULATOR_HOST: 'localhost:41002',
      VITE_FUNCTIONS_EMULATOR_HOST: '127.0.0.1:41003',
    });
    expect(setup.emulators?.auth).toBe('http://127.0.0.1:41001');
    expect(setup.emulators?.database).toEqual({ host: 'localhost', port: 41002 });
    expect(setup.emulators?.functions).toEqual({ host: '127.0.0.1', port: 41003 });
  });

  it('refuses a non-demo project id with emulators', () => {
    expect(() => readFirebaseConfig({ VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: 'prod' })).toThrow(
      StartupError,
    );
  });

  it('fails to start a production build without the real config, naming what is missing', () => {
    expect(() => readFirebaseConfig({ VITE_FIREBASE_PROJECT_ID: 'real' })).toThrow(
      /VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_DATABASE_URL, VITE_FIREBASE_APP_ID/,
    );
  });

  it('accepts a complete production config', () => {
    const setup = readFirebaseConfig({
      VITE_FIREBASE_API_KEY: 'k',
      VITE_FIREBASE_AUTH_DOMAIN: 'x.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'x',
      VITE_FIREBASE_DATABASE_URL: 'https://x-default-rtdb.europe-west1.firebasedatabase.app',
      VITE_FIREBASE_APP_ID: '1:2:web:3',
    });
    expect(setup.emulators).toBeNull();
    expect(setup.options.databaseURL).toContain('europe-west1');
  });
});
