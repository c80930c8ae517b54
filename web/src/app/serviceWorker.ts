/// <reference types="vite-plugin-pwa/vanillajs" />
import { whenSdkMayLoad } from '../shared/firebase';

/**
 * Registers the service worker (vite-plugin-pwa, see web/vite-plugins/pwa.ts) once the page has
 * loaded and, on a returning user's cold load, drawn its first data (whenSdkMayLoad): the worker's
 * install downloads the precache, which must not compete with the first paint nor with the page's
 * first reads and render. Its register code is a chunk of its own, fetched only then. A new build's
 * worker takes over and reloads the page by itself (autoUpdate).
 */
export function registerServiceWorkerAfterLoad(): void {
  // Not gated on import.meta.env.PROD: a build made under NODE_ENV=test (the e2e stack) is still the
  // production build. The dev server's virtual:pwa-register registers nothing.
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    void whenSdkMayLoad()
      .then(() => import('virtual:pwa-register'))
      .then(({ registerSW }) => registerSW({ immediate: true }));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
