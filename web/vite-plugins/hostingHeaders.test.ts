import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headersFor, hostingHeaderRules } from './hostingHeaders';

// Hosting matches header rules against the path asked for, before the SPA rewrite to index.html, so
// every route the app is opened at needs the HTML's no-cache, not just /index.html.
const rules = hostingHeaderRules(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'));
const cacheControl = (path: string) => headersFor(rules, path).find((h) => h.key === 'Cache-Control')?.value;

describe("firebase.json's caching", () => {
  it('revalidates the HTML at every route it is served for (the PWA start, e-mail and payment return links)', () => {
    for (const path of ['/', '/index.html', '/dashboard', '/dashboard/zamowienia', '/registration/StepOne'])
      expect(cacheControl(path), path).toBe('no-cache');
  });

  it('keeps hashed assets for a year and never caches the version file', () => {
    expect(cacheControl('/assets/index-B1x2y3.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/latest.json')).toBe('no-store');
  });

  it('lets the last matching rule decide a header, as Hosting does', () => {
    const two = hostingHeaderRules(
      JSON.stringify({
        hosting: {
          headers: [
            { source: '**', headers: [{ key: 'Cache-Control', value: 'a' }] },
            { source: '/x/**', headers: [{ key: 'Cache-Control', value: 'b' }] },
          ],
        },
      }),
    );
    expect(headersFor(two, '/x/1')).toEqual([{ key: 'Cache-Control', value: 'b' }]);
    expect(headersFor(two, '/y')).toEqual([{ key: 'Cache-Control', value: 'a' }]);
  });
});
