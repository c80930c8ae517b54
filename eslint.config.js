import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Import boundaries of web/src (bulletproof-react's layering): a feature reaches another feature only
 * through its index.ts and never imports app/ (the signed-in user and roles come from features/auth);
 * shared/ knows no feature and no app; app/ reaches a feature through its index.ts, or its pages
 * module for the router's lazy area chunks (dynamic imports, which this rule does not see).
 * Relative specifiers are matched per file depth, so `../members` is another feature at one level
 * below features/<name>/ and `../../members` at two. Tests are not held to it: they assemble the
 * app (store, providers) around the module they check.
 */
function featureBoundaries(depth) {
  const toFeatures = escape('../'.repeat(depth));
  return [
    {
      regex: `^${toFeatures}[^./][^/]*/(?!index$).+`,
      message: 'Import another feature only through its index.ts (add the export there).',
    },
    {
      regex: `^${toFeatures}\\.\\./features/[^/]+/(?!index$).+`,
      message: 'Import another feature only through its index.ts (add the export there).',
    },
    {
      regex: `^${toFeatures}\\.\\./app(/|$)`,
      message:
        'Features do not import app/: the signed-in user and roles come from features/auth (useUid, useIsAdmin, useIsStaff).',
    },
  ];
}

const domainPlatforms = {
  group: [
    'firebase',
    'firebase/*',
    'firebase-admin',
    'firebase-admin/*',
    'firebase-functions',
    'firebase-functions/*',
    '@firebase/*',
    'react',
    'react/*',
    'react-*',
    '@mantine/*',
    '@reduxjs/*',
  ],
  message: 'functions/src/domain stays free of Firebase and React: pass data in, return results.',
};
const nodeBuiltIns = {
  regex: `^(node:.*|${builtinModules.map(escape).join('|')})(/.*)?$`,
  message: 'functions/src/domain runs in the browser too: no Node built-ins outside its tests.',
};
const WEB_TESTS = 'web/src/**/*.test.{ts,tsx}';

const webBoundaries = [
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ignores: [WEB_TESTS],
    rules: { 'no-restricted-imports': ['error', { patterns: featureBoundaries(depth) }] },
  })),
  {
    files: ['web/src/shared/**/*.{ts,tsx}'],
    ignores: [WEB_TESTS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|app)(/|$)',
              message: 'shared/ is the bottom layer: it imports no feature and nothing from app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/app/**/*.{ts,tsx}'],
    ignores: [WEB_TESTS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // lastUser and firstReads are small and free of the features' code: index.html's inline
              // script (app/earlyReads.ts) carries them, and a feature's index.ts would bring the rest.
              regex: '^(\\.\\./)+features/[^/]+/(?!index$|pages$|lastUser$|firstReads$).+',
              message:
                "app/ reaches a feature only through its index.ts (or the router's lazy pages module, or the inline script's lastUser and firstReads).",
            },
          ],
        },
      ],
    },
  },
  {
    // The start-up parts at web/src's top (main.tsx loads them): the station's deviceOwner registers the
    // drop of another account's directory copy before the session starts, without the station's code.
    files: ['web/src/*.{ts,tsx}'],
    ignores: [WEB_TESTS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\./features/(?!pickupStation/offline/deviceOwner$)[^/]+/(?!index$).+',
              message:
                "web/src's start-up parts reach a feature only through its index.ts (or the station's small deviceOwner module).",
            },
          ],
        },
      ],
    },
  },
  {
    // The domain is pure: the same rules run in the callables, in the browser and in the seed CLI.
    files: ['functions/src/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainPlatforms] }] },
  },
  {
    // Outside its tests the domain also uses no Node built-in (tests may read fixtures, run xmllint).
    files: ['functions/src/domain/**/*.ts'],
    ignores: ['functions/src/domain/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainPlatforms, nodeBuiltIns] }] },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'functions/lib/**',
      'emulator/bench/peer/**',
      'test-results/**',
      '.emulator-data/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webBoundaries,
);
