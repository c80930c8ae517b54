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

  it('preloads every start-up part of the app from the head', async () => {
    // main.tsx imports the app in parts (each evaluated in a task of its own); fetched only when main.tsx
    // asks for them, each part would wait for a round trip after the one before.
    const html = await (await fetch(`${web}/`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preloaded = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const entry = preloaded.find((href) => /^\/assets\/index-[\w-]+\.js$/.test(href));
    expect(entry).toBeDefined();
    const code = await (await fetch(`${web}${entry}`)).text();
    const parts = [...new Set([...code.matchAll(/import\("\.\/([\w.-]+\.js)"\)/g)].map((m) => `/assets/${m[1]}`))];
    expect(parts).toHaveLength(3);
    expect(preloaded).toEqual(expect.arrayContaining(parts));
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
