import { loadEnv, type Plugin } from 'vite';
import { databaseBase, readFirebaseConfig } from '../src/shared/firebase/config';

/**
 * `<link rel="preconnect">` to the Realtime Database's origin in index.html. A returning user's first
 * reads go there as soon as the entry script has read the stored session (app/firstReads.ts); without
 * it their connection (DNS, TCP, TLS: several round trips on a phone) would only start then.
 * `crossorigin`: the reads are CORS requests without credentials, which use the anonymous pool.
 * A build without a usable Firebase configuration gets no link (the app shows its start-up error).
 */
export function databasePreconnect(): Plugin {
  let origin: string | null = null;
  return {
    name: 'panel-database-preconnect',
    configResolved(config) {
      origin = databaseOriginOf(loadEnv(config.mode, config.envDir || config.root, 'VITE_'));
    },
    transformIndexHtml() {
      if (!origin) return [];
      return [{ tag: 'link', attrs: { rel: 'preconnect', href: origin, crossorigin: '' }, injectTo: 'head' }];
    },
  };
}

/** The database's origin for this environment, or null when the configuration is unusable. */
export function databaseOriginOf(env: Record<string, string | undefined>): string | null {
  try {
    return new URL(databaseBase(readFirebaseConfig(env))).origin;
  } catch {
    return null;
  }
}
