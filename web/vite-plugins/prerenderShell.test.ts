// The build's prerender step (prerenderShell.ts) renders the sign-in shell through a dev server of
// the same configuration. It must leave the real dev server's optimized dependencies alone: when it
// overwrote them, the next dev server started cold, discovered dependencies while pages were open
// and reloaded them all — tests/e2e/mail.test.ts lost „Wyślij ponownie”'s result to that reload.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { renderShellsForBuild } from './prerenderShell';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

/** Names, sizes and modification times of the files in a directory (null when it does not exist). */
function snapshot(dir: string): string[] | null {
  if (!existsSync(dir)) return null;
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const stat = statSync(path.join(dir, name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    });
}

describe('the prerendered shell at build time', () => {
  it('renders the sign-in page without touching the dev server’s dependency cache', { timeout: 180_000 }, async () => {
    const config = await resolveConfig({ configFile: path.join(webRoot, 'vite.config.ts') }, 'build', 'production');
    const devDeps = path.join(config.cacheDir, 'deps');
    const before = snapshot(devDeps);

    // NODE_ENV is part of Vite's dependency-cache hash: under another one than the dev cache was made
    // with (`vite build` sets production), the nested server writes its own dependencies into the cache.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    let shells;
    try {
      shells = await renderShellsForBuild(config);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }

    expect(Object.keys(shells)).toEqual(['/', '/dashboard']);
    expect(shells['/'].html).toContain('Zaloguj się');
    expect(shells['/dashboard'].html).toBeNull();
    expect(shells['/'].html).toContain('data-testid="cookie-consent"');
    expect(snapshot(devDeps)).toEqual(before);
  });
});
