import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleEarlyReads, earlyReadsSetupOf } from './earlyReads';

describe('earlyReadsSetupOf (what the inline script knows of the build)', () => {
  it("names the emulator's database, its namespace and the demo API key in emulator mode", () => {
    expect(earlyReadsSetupOf({ VITE_USE_EMULATORS: 'true', VITE_DATABASE_EMULATOR_HOST: '127.0.0.1:41002' })).toEqual({
      base: 'http://127.0.0.1:41002',
      namespace: 'demo-panel-uczestnika-default-rtdb',
      apiKey: 'demo-api-key',
    });
  });

  it('is absent when the configuration is incomplete', () => {
    expect(earlyReadsSetupOf({ VITE_FIREBASE_PROJECT_ID: 'x' })).toBeNull();
  });
});

describe('bundleEarlyReads (the inline script of index.html)', () => {
  const setup = { base: 'http://127.0.0.1:41002', namespace: 'demo-x-default-rtdb', apiKey: 'demo-api-key' };

  it('is one self-contained classic script that cannot end its <script> element early', async () => {
    const script = await bundleEarlyReads(setup);
    expect(script).not.toMatch(/<\/script/i);
    expect(script).not.toMatch(/\bimport\s*[({'"]|\bexport\s/);
    expect(script).toContain(JSON.stringify(setup.base));
  });

  it('leaves an empty session for the app where the browser has no IndexedDB, and throws nothing', async () => {
    const script = await bundleEarlyReads(setup);
    const fetched: string[] = [];
    const context: Record<string, unknown> = {
      location: { pathname: '/dashboard' },
      localStorage: { getItem: () => null },
      fetch: (url: URL) => {
        fetched.push(String(url));
        return Promise.reject(new Error('no network here'));
      },
      setTimeout,
      clearTimeout,
      URL,
    };
    context.window = context;
    context.globalThis = context;
    runInNewContext(script, context);
    const early = context.__panelEarlyReads as {
      uid: unknown;
      session: Promise<unknown>;
      responses: Map<string, unknown>;
    };
    expect(early.uid).toBeNull();
    await expect(early.session).resolves.toBeNull();
    expect(early.responses.size).toBe(0);
    expect(fetched).toEqual([]);
  });
});
