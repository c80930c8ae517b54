// Smoke test of the production build served against the local emulators (`npm start -- --preview`,
// issue 13): the stack builds the app, serves it with `vite preview`, and a demo participant signs in in
// Chromium and sees the dashboard with their data. The build once ran without the emulator settings
// that dev mode gets, and every page showed "Missing Firebase configuration".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startStack } from '../../scripts/lib/stack.mjs';
import { launchBrowser, screenshot } from '../helpers/browser';
import { appPage, DEMO, submitSignIn, type Stack } from './support/stack';

let stack: Stack;
let browser: Browser;
let web: string;

beforeAll(async () => {
  stack = await startStack({ ports: 'free', seed: true, web: 'preview' });
  web = stack.urls.web!;
  browser = await launchBrowser();
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the production build against the local emulators', () => {
  it('is the built app, not the dev server', async () => {
    const html = await (await fetch(`${web}/`)).text();
    expect(html).not.toContain('/@vite/client');
    // The entry chunk is preloaded from the head and started by the prerendered shell's bootstrap.
    const entry = /<link rel="modulepreload" crossorigin href="(\/assets\/index-[\w-]+\.js)">/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect(html).toContain(`import("${entry}")`);
  });

  /** The entry's start-up parts (main.tsx's `import()`s) and what index.html's head preloads. */
  async function startupParts() {
    const html = await (await fetch(`${web}/`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preloaded = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const entry = preloaded.find((href) => /^\/assets\/index-[\w-]+\.js$/.test(href));
    expect(entry).toBeDefined();
    const code = await (await fetch(`${web}${entry}`)).text();
    const parts = [...new Set([...code.matchAll(/import\("\.\/([\w.-]+\.js)"\)/g)].map((m) => `/assets/${m[1]}`))];
    return { preloaded, parts };
  }

  it('preloads every start-up part of the app from the head', async () => {
    // main.tsx imports the app in parts (each evaluated in a task of its own); fetched only when main.tsx
    // asks for them, each part would wait for a round trip after the one before.
    const { preloaded, parts } = await startupParts();
    expect(parts).toHaveLength(3);
    expect(preloaded).toEqual(expect.arrayContaining(parts));
  });

  it('shows a reload message instead of the shell when the UI part cannot load', { timeout: 120_000 }, async () => {
    // The UI part is the one that is neither React DOM nor the session (web/vite-plugins/startupChunks.ts).
    const ui = (await startupParts()).parts.find((part) => !/\/(react-dom|session)-/.test(part))!;
    const page = await appPage(browser, web, [], { viewport: 'phone', serviceWorkers: 'block' });
    await page.route(`**${ui}`, (route) => route.abort('internetdisconnected'));
    await page.goto(`${web}/`);
    // Vite's preload error reloads the page once (versionRefresh.ts); on the second failure the message stays.
    await page.getByRole('alert').filter({ hasText: 'Nie udało się wczytać aplikacji' }).waitFor();
    expect(await page.locator('#shell').count()).toBe(0);
    await screenshot(page, 'preview-load-failure-phone');

    await page.unroute(`**${ui}`);
    await page.getByRole('button', { name: 'Odśwież stronę' }).click();
    // The app itself (in #root, shown once it has taken over from the shell) draws the sign-in page.
    await page.locator('#root').getByRole('heading', { name: 'Zaloguj się' }).waitFor();
    await page.context().close();
  });

  it('signs a demo participant in and shows their dashboard', { timeout: 180_000 }, async () => {
    const pageErrors: Error[] = [];
    const page: Page = await appPage(browser, web, pageErrors, { viewport: 'desktop' });

    await page.goto(`${web}/`);
    await page.getByRole('heading', { name: /^(Zaloguj się|Wystąpił błąd)$/ }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('Missing Firebase configuration');
    await submitSignIn(page, web, DEMO.participant);

    // The participants come from the database emulator through the signed-in user's listener.
    const members = page.getByTestId('home-members');
    await members.getByText('Piotr', { exact: false }).first().waitFor();
    await screenshot(page, 'preview-dashboard');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
