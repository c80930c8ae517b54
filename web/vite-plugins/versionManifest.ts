import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

/** The deployment manifest the SPA polls on every navigation (original-spec section 4). */
export const MANIFEST_FILE = 'latest.json';

function freshBuildId(): string {
  return `${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}-${randomBytes(4).toString('hex')}`;
}

/**
 * Emits `latest.json` `{ "id": "<build id>" }` into the build output, and serves the same document
 * from the dev server.
 *
 * The id comes from `WEB_BUILD_ID` when set (reproducible deploys), otherwise it is generated once per
 * build or dev-server start. In development `WEB_VERSION_FILE` may name a file whose trimmed content
 * is served as the id, re-read on every request, so an end-to-end test can "deploy" a new version
 * without restarting the server.
 */
export function versionManifest(): Plugin {
  const buildId = process.env.WEB_BUILD_ID?.trim() || freshBuildId();

  function devId(): string {
    const file = process.env.WEB_VERSION_FILE;
    if (!file) return buildId;
    try {
      return readFileSync(file, 'utf8').trim() || buildId;
    } catch {
      return buildId;
    }
  }

  return {
    name: 'panel-version-manifest',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        if (path !== `${server.config.base}${MANIFEST_FILE}`) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify({ id: devId() }));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: `${JSON.stringify({ id: buildId })}\n` });
    },
  };
}
