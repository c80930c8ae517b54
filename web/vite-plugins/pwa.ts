import type { ManifestTransform } from 'workbox-build';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST_FILE } from './versionManifest';

/**
 * Feature areas (web/src/features/<area>/pages.tsx) the service worker precaches with everything they
 * import, statically or lazily: a staff device that opened the pickup station once opens it again with
 * no network. Other areas load from the network and are kept by the runtime cache once loaded.
 */
const OFFLINE_AREAS = ['auth', 'home', 'pickup', 'pickupStation'] as const;

const AREA_MODULE = /\/features\/([^/]+)\/pages\.tsx$/;

interface ChunkInfo {
  imports: string[];
  dynamicImports: string[];
  css: string[];
  area: string | null;
  isEntry: boolean;
}

/**
 * Walks the bundle from the entry: the entry's static and lazy imports (layouts, Firebase loaders)
 * are taken, except feature areas outside OFFLINE_AREAS, which stop the walk.
 */
function offlineFiles(chunks: ReadonlyMap<string, ChunkInfo>, areas: readonly string[] = OFFLINE_AREAS): Set<string> {
  const keep = new Set<string>();
  const visit = (file: string) => {
    const chunk = chunks.get(file);
    if (!chunk || keep.has(file)) return;
    if (chunk.area && !areas.includes(chunk.area)) return;
    keep.add(file);
    for (const css of chunk.css) keep.add(css);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const [file, chunk] of chunks) if (chunk.isEntry) visit(file);
  return keep;
}

/** Records the offline file set while Rollup writes the bundle, for the precache filter below. */
function offlineSetCollector(into: Set<string>): Plugin {
  return {
    name: 'panel-offline-set',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, {
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
          area: AREA_MODULE.exec(output.facadeModuleId ?? '')?.[1] ?? null,
          isEntry: output.isEntry,
        });
      }
      into.clear();
      for (const file of offlineFiles(chunks)) into.add(file);
    },
  };
}

/**
 * In development no worker is built, but a browser that once ran a preview build on the same port
 * still has that build's worker, which would keep serving the old app. The dev server answers its
 * update check with a worker that unregisters itself and reloads the open pages.
 */
function devWorkerReset(): Plugin {
  const script = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.registration.unregister()
  .then(() => self.clients.matchAll({ type: 'window' }))
  .then((clients) => Promise.all(clients.map((client) => client.navigate(client.url))))));`;
  return {
    name: 'panel-dev-worker-reset',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '').split('?')[0] !== `${server.config.base}sw.js`) return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(script);
      });
    },
  };
}

const ALWAYS = /^index\.html$/; // the manifest and icons are added by the plugin itself

/**
 * The web app as a PWA (vite-plugin-pwa, Workbox generateSW). The worker precaches the shell and the
 * pickup station, answers every navigation with index.html (the SPA routes), and keeps any other
 * hashed asset once fetched. `latest.json` (the version check) never goes through a cache. A new
 * build's worker takes over at once (autoUpdate): the version check reloads, the new worker is
 * installed by that navigation and the page reloads into the new build.
 */
export function pwa(): Plugin[] {
  const offline = new Set<string>();
  return [
    offlineSetCollector(offline),
    devWorkerReset(),
    ...VitePWA({
      registerType: 'autoUpdate',
      // main.tsx registers it after the load event (virtual:pwa-register), so it never delays the first paint.
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Panel Uczestnika',
        short_name: 'Panel',
        description: 'Panel Uczestnika — zapisy, bilety, sklepik, faktury i punkt odbioru',
        lang: 'pl',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b3d91',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/node_modules/**', MANIFEST_FILE],
        // Only the shell and the offline areas; the rest is cached when first used (runtimeCaching).
        manifestTransforms: [
          ((entries) => ({
            manifest: entries.filter((entry) => ALWAYS.test(entry.url) || offline.has(entry.url)),
            warnings: offline.size === 0 ? ['panel-offline-set saw no bundle: precaching the shell only'] : [],
          })) satisfies ManifestTransform,
        ],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [new RegExp(`^/${MANIFEST_FILE.replace('.', '\\.')}$`), /^\/__\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // Hashed file names never change content, so a cached copy is always right.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'panel-assets', expiration: { maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600 } },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ];
}
