import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { hostingHeaders } from './vite-plugins/hostingHeaders';
import { splitIntoDeclarations } from './vite-plugins/splitIntoDeclarations';
import { tsconfigAliases } from './vite-plugins/tsconfigAliases';
import { pwa } from './vite-plugins/pwa';
import { prerenderShell } from './vite-plugins/prerenderShell';
import { databasePreconnect } from './vite-plugins/databasePreconnect';
import { earlyReads } from './vite-plugins/earlyReads';
import { mantineStyles } from './vite-plugins/mantineStyles';
import { versionManifest } from './vite-plugins/versionManifest';
import { startupChunks } from './vite-plugins/startupChunks';

const port = Number(process.env.WEB_PORT ?? 5173);

/**
 * react-router's package exports name only its development build, which checks and warns on every
 * route it builds and renders (ENABLE_DEV_WARNINGS). A production build ships the production build
 * beside it in the same package: ~20 ms less start-up work on the dashboard's cold load, unthrottled.
 */
const reactRouterDist = path.dirname(path.dirname(createRequire(import.meta.url).resolve('react-router')));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'production/dom-export.mjs') },
];

/**
 * zod's core is a few large modules holding every schema kind, check and string format. The dashboard's
 * stored-record schemas (zod/mini, functions/src/domain) use a small part of them, the forms' callable
 * schemas (classic zod, on lazy pages only) nearly all of it. Rollup puts a module into one chunk whole,
 * so the dashboard downloaded what only the forms use: ~7 KB gzip of its 200 KB budget
 * (scripts/bundle-size.mjs). Cut into their top-level declarations, each part goes into a chunk of the
 * pages that use it; nothing is duplicated, and the code of each part is zod's own.
 */
const ZOD_CORE = /\/node_modules\/zod\/v4\/core\/(?:api|checks|errors|parse|regexes|schemas|util)\.js$/;

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    splitIntoDeclarations(ZOD_CORE),
    mantineStyles(),
    versionManifest(),
    ...pwa(),
    prerenderShell(),
    databasePreconnect(),
    earlyReads(),
    hostingHeaders(new URL('../firebase.json', import.meta.url)),
  ],
  resolve: {
    alias: [
      ...(command === 'build' ? reactRouterProduction : []),
      ...Object.entries(tsconfigAliases()).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  server: {
    host: '127.0.0.1',
    port,
    strictPort: true,
  },
  preview: {
    host: '127.0.0.1',
    port,
    strictPort: true,
  },
  // The bank statement worker (features/bankImport/statementWorker.ts) is an ES module worker.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.mjs walks the manifest to add up what each page really loads.
    manifest: true,
    target: 'es2022',
    // index.html preloads the app's start-up parts with `<link rel="modulepreload">`; a browser without
    // it (Safari before 17) fetches each part when main.tsx imports it, so no polyfill before the data.
    modulePreload: { polyfill: false },
    sourcemap: true,
    rollupOptions: {
      // The app's components (.tsx) have no side effects of their own: a component a feature's
      // index.ts re-exports stays out of a chunk that uses nothing of it, and so do the data modules
      // it imports (an api.ts registers its endpoints when it loads). Without this, the dashboard
      // loaded the online-payment schemas and the payments api through `features/orders`.
      treeshake: {
        moduleSideEffects: (id, external) =>
          external ||
          id.includes('/node_modules/') ||
          !/\/web\/src\/.*\.tsx$/.test(id) ||
          id.endsWith('/web/src/main.tsx'),
      },
      output: {
        // Chunks under 1 KB (a hook, a badge, an endpoint shared by a few pages) join a chunk that is
        // loaded with them: each file costs gzip context and import lines (the dashboard loads ~14 such).
        // Measured with scripts/bundle-size.mjs: 1000 makes the sign-in page's and the dashboard's loads
        // smaller; 2000 and 4000 add code to both.
        experimentalMinChunkSize: 1000,
        manualChunks: startupChunks(fileURLToPath(new URL('./src/startSession.ts', import.meta.url))),
        // Readable chunk names: each area's pages chunk is named after its area (area-members-<hash>.js).
        chunkFileNames: (chunk) => {
          const area = /\/(?:features|app)\/([^/]+)\/pages\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return area ? `assets/area-${area}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
}));
