// Smoke test of the production build served against the local emulators (`npm start -- --preview`,
// issue 13): the stack builds the app, serves it with `vite preview`, and a demo participant signs in in
// Chromium and sees the dashboard with their data. The build once ran without the emulator settings
// that dev mode gets, and every page showed "Missing Firebase configuration".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startStack } from '../../scripts/lib/stack.mjs';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../helpers/browser';

type Stack = Awaited<ReturnType<typeof startStack>>;

const PARTICIPANT = { email: 'uczestnik@example.com', password: 'Uczestnik-Zlot-2027' };

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
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
  });

  it('signs a demo participant in and shows their dashboard', { timeout: 180_000 }, async () => {
    const context = await newContext(browser, { viewport: 'desktop' });
    await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
    const page: Page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const pageErrors = collectPageErrors(page);

    await page.goto(`${web}/`);
    await page.getByRole('heading', { name: /^(Zaloguj się|Wystąpił błąd)$/ }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('Missing Firebase configuration');
    await page.getByLabel('Adres e-mail').fill(PARTICIPANT.email);
    await page.locator('input[name="password"]').fill(PARTICIPANT.password);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.waitForURL(`${web}/dashboard`);

    // The participants come from the database emulator through the signed-in user's listener.
    const members = page.getByTestId('home-members');
    await members.getByText('Piotr', { exact: false }).first().waitFor();
    await screenshot(page, 'preview-dashboard');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
