import { defineConfig } from 'vitest/config';

// One vitest configuration, one project per test layer. `npm test` (scripts/test.mjs) runs the
// layers one after another with `vitest run --project <name>` and stops at the first failing layer.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'emulator/test/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'seed/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/vite-plugins/**/*.test.ts',
          ],
        },
      },
      // The web app's component tests have their own config (browser-like DOM, React plugin).
      'web/vitest.config.ts',
      {
        test: {
          name: 'conformance',
          environment: 'node',
          include: ['tests/conformance/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'rules',
          environment: 'node',
          include: ['tests/rules/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'functions',
          environment: 'node',
          include: ['tests/functions/**/*.test.ts'],
          // One stack for every file; each file starts from an empty database (tests/functions/helpers.ts).
          globalSetup: ['tests/functions/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // One stack (emulators, demo data, the production build of the web app) for every file:
          // tests/e2e/support/shared.ts. Files that test the stack itself start their own.
          globalSetup: ['tests/e2e/support/globalSetup.ts'],
          testTimeout: 90_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
