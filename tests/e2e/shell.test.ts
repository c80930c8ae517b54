// End-to-end tests of the app shell (issue 3): 404 page, cookie consent, colour mode, version
// refresh, the auth guard and the refresh guard, plus screenshots of the frame on a phone and a desktop.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { startStack } from '../../scripts/lib/stack.mjs';
import {
  collectPageErrors,
  launchBrowser,
  newContext,
  screenshot,
  VIEWPORTS,
  type ContextOptions,
} from '../helpers/browser';
import { signUp } from '../helpers/stackHttp.mjs';
import type { Stack } from './support/stack';

let stack: Stack;
let browser: Browser;
let web: string;
let tmp: string;
let versionFile: string;

const VERSION_KEY = 'panel.version.id';
const PASSWORD = 'haslo-testowe-123';

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'panel-e2e-shell-'));
  versionFile = path.join(tmp, 'latest-id');
  writeFileSync(versionFile, 'v1');
  // The dev server serves this file's content as latest.json's id (web/vite-plugins/versionManifest.ts);
  // Vite inherits this process's environment.
  process.env.WEB_VERSION_FILE = versionFile;
  stack = await startStack({ ports: 'free', seed: false, web: 'dev' });
  web = stack.urls.web!;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Creates an account in the Auth emulator through its REST API; returns its uid. */
async function createUser(email: string, password = PASSWORD): Promise<string> {
  return (await signUp(stack.urls.auth!, { email, password })).localId;
}

/** Sets custom claims as the Admin SDK would (the emulator accepts the `owner` token). */
async function setClaims(uid: string, claims: Record<string, unknown>): Promise<void> {
  const response = await fetch(
    `${stack.urls.auth}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, customAttributes: JSON.stringify(claims) }),
    },
  );
  expect(response.status).toBe(200);
}

let userCounter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++userCounter}@example.com`;

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Adres e-mail').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
}

async function acceptCookies(page: Page) {
  await page.getByRole('button', { name: 'Rozumiem i akceptuję' }).click();
}

/** Waits until the route's metadata has set the document title (shell-owned, unlike page content). */
async function waitForTitle(page: Page, title: string) {
  await page.waitForFunction((t) => document.title === `${t} · Panel Uczestnika`, title);
}

/** Number of finished version checks so far on this page load. */
const versionChecks = (page: Page) => page.evaluate(() => Number(document.documentElement.dataset.versionChecks ?? 0));

/** A page in a fresh context of its own (newContext: Polish, Warsaw time), the cookie notice not yet answered. */
async function freshPage(options: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  return { context, page: await context.newPage() };
}

describe('app shell in Chromium', () => {
  it('shows the 404 page for an unknown path', async () => {
    const { context, page } = await freshPage();
    const errors = collectPageErrors(page);
    await page.goto(`${web}/nie-ma-takiej-strony`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Nie znaleziono strony');
    expect(await page.getByTestId('error-message').textContent()).toBe('Page not found: /nie-ma-takiej-strony');
    expect(await page.getByTestId('error-title').textContent()).toBe('Nie znaleziono strony');
    expect(await page.title()).toBe('Nie znaleziono strony · Panel Uczestnika');
    await screenshot(page, 'e2e-404-desktop-light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the cookie banner until accepted and remembers the decision for a year', async () => {
    const { context, page } = await freshPage({ viewport: 'phone' });
    await page.goto(`${web}/`);
    const banner = page.getByTestId('cookie-consent');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('plików cookie');
    // Fixed to the bottom of the viewport, dark blue.
    const box = await banner.boundingBox();
    expect(Math.round(box!.y + box!.height)).toBe(VIEWPORTS.phone.height);
    expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(10, 42, 102)');
    await screenshot(page, 'e2e-cookie-banner-phone');

    await acceptCookies(page);
    await banner.waitFor({ state: 'detached' });
    const cookies = await context.cookies();
    const consent = cookies.find((c) => c.name === 'ncc_c');
    const enabled = cookies.find((c) => c.name === 'ncc_e');
    expect(consent?.value).toBe('1');
    expect(enabled?.value).toBe('');
    expect(consent?.path).toBe('/');
    // Max-Age one year (31 536 000 s); a day's slack covers the seconds between writing and reading.
    const yearFromNow = Date.now() / 1000 + 31_536_000;
    expect(Math.abs(consent!.expires - yearFromNow)).toBeLessThan(86_400);

    await page.reload();
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
    expect(await page.getByTestId('cookie-consent').count()).toBe(0);
    await context.close();
  });

  it('keeps the colour mode across reloads (light → dark → auto)', async () => {
    const { context, page } = await freshPage({ colorScheme: 'light' });
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    await page.goto(`${web}/`);
    const toggle = page.getByTestId('color-mode-switch');
    await toggle.waitFor();
    expect(await scheme()).toBe('light');

    await toggle.click(); // auto → light
    await page.waitForFunction(() => localStorage.getItem('panel-color-scheme') === 'light');
    await toggle.click(); // light → dark
    await page.waitForFunction(() => localStorage.getItem('panel-color-scheme') === 'dark');
    expect(await scheme()).toBe('dark');

    await page.reload();
    await toggle.waitFor();
    expect(await scheme()).toBe('dark');
    expect(await toggle.getAttribute('data-scheme')).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 255, 255)');

    await toggle.click(); // dark → auto: follows the system
    await page.waitForFunction(() => localStorage.getItem('panel-color-scheme') === 'auto');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await toggle.waitFor();
    expect(await scheme()).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await toggle.waitFor();
    expect(await scheme()).toBe('light');
    expect(await toggle.getAttribute('data-scheme')).toBe('auto');
    await context.close();
  });

  it('reloads once when latest.json announces a new version, guarded against loops', async () => {
    writeFileSync(versionFile, 'v1');
    const { context, page } = await freshPage();
    let loads = 0;
    page.on('load', () => loads++);
    const manifestRequests: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/latest.json') manifestRequests.push(request);
    });

    await page.goto(`${web}/`);
    await page.waitForFunction((key) => localStorage.getItem(key) === 'v1', VERSION_KEY);
    await acceptCookies(page);
    expect(loads).toBe(1);
    // fetch(..., { cache: 'no-store' }) makes Chromium send no-cache headers.
    expect((await manifestRequests[0].allHeaders())['cache-control']).toBe('no-cache');

    // A new deploy: the next in-app navigation reloads the page and stores the new id.
    writeFileSync(versionFile, 'v2');
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await page.getByRole('link', { name: 'Zarejestruj się' }).click();
    await page.waitForFunction((key) => localStorage.getItem(key) === 'v2', VERSION_KEY);
    await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload);
    await page.getByRole('link', { name: 'Panel Uczestnika — strona główna' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/rejestracja/);
    expect(loads).toBe(2);

    // Same id again: navigating does not reload.
    const before = await versionChecks(page);
    await page.getByRole('link', { name: 'Panel Uczestnika — strona główna' }).click();
    await page.waitForFunction((n) => Number(document.documentElement.dataset.versionChecks ?? 0) > n, before);
    expect(await page.evaluate(() => document.documentElement.dataset.versionCheck)).toBe('unchanged');
    expect(loads).toBe(2);

    // Another deploy right after a reload: the 1000 ms guard stores the id but does not reload again.
    // The page's clock stands still from here, so "right after" does not depend on how fast a loaded
    // machine runs the navigation (the guard compares Date.now() with the stored reload time).
    // Clock and guard are in place before v3 is served, so whichever check sees v3 first (this click's,
    // or one still in flight from the previous navigation) meets the guard.
    await page.clock.setFixedTime(Date.now());
    await page.evaluate(() => sessionStorage.setItem('panel.version.reloadAt', String(Date.now())));
    writeFileSync(versionFile, 'v3');
    await page.getByRole('link', { name: 'Zarejestruj się' }).click();
    // The navigation runs several checks (redirects included): the one that saw v3 was guarded, later
    // ones find v3 stored and report 'unchanged'.
    await page.waitForFunction(() =>
      (document.documentElement.dataset.versionResults ?? '').split(' ').includes('guarded'),
    );
    expect(await page.evaluate((key) => localStorage.getItem(key), VERSION_KEY)).toBe('v3');
    expect(loads).toBe(2);
    await context.close();
  });

  it('reloads once when a page chunk fails to load, then shows the error page', async () => {
    const { context, page } = await freshPage();
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${web}/`);
    await acceptCookies(page);
    expect(loads).toBe(1);

    // The registration area's chunk (in development: its module) cannot be fetched, as after a deploy.
    await page.route('**/src/features/registration/pages.tsx*', (route) => route.abort());
    await page.getByRole('link', { name: 'Zarejestruj się' }).click();
    // First failure: one reload. On the reloaded page it fails again within 10 s: the error page.
    const errorPage = page.getByTestId('error-page');
    await errorPage.waitFor();
    expect(loads).toBe(2);
    expect(await errorPage.getAttribute('data-status')).toBe('500');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Wystąpił błąd');
    expect(await page.evaluate(() => sessionStorage.getItem('panel.chunk.reloadAt'))).not.toBeNull();
    await context.close();
  });

  it('sends a signed-out visitor to sign-in and back to the wanted page afterwards', async () => {
    const email = uniqueEmail('guard');
    await createUser(email);
    const { context, page } = await freshPage();
    const errors = collectPageErrors(page);

    await page.goto(`${web}/dashboard/zamowienia`);
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('next')).toBe('/dashboard/zamowienia');
    await page.getByTestId('sign-in-required').waitFor();
    await acceptCookies(page);

    // Wrong password and unknown user share one Polish message.
    await signIn(page, email, 'zle-haslo-000');
    expect(await page.getByTestId('sign-in-error').textContent()).toBe('Nieprawidłowy adres e-mail lub hasło.');
    await signIn(page, uniqueEmail('nobody'), 'zle-haslo-000');
    await page.getByTestId('sign-in-error').waitFor();
    expect(await page.getByTestId('sign-in-error').textContent()).toBe('Nieprawidłowy adres e-mail lub hasło.');

    await signIn(page, email);
    await page.waitForURL(`${web}/dashboard/zamowienia`);
    await waitForTitle(page, 'Zamówienia');
    expect(await page.getByRole('link', { name: 'Zamówienia' }).getAttribute('aria-current')).toBe('page');
    // Not an admin: no Admin entry in the navigation.
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    // Signed in, the sign-in page sends the user on to the dashboard.
    await page.goto(`${web}/`);
    await page.waitForURL(`${web}/dashboard`);

    // Sign out from the user menu → back to sign-in; the dashboard is closed again.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Wyloguj się' }).click();
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
    await page.goto(`${web}/dashboard/faktury`);
    await page.getByTestId('sign-in-required').waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/faktury');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('applies a role granted while signed in when entering a page with the refresh guard', async () => {
    const email = uniqueEmail('admin');
    const uid = await createUser(email);
    const { context, page } = await freshPage();
    await page.goto(`${web}/dashboard`);
    await acceptCookies(page);
    await signIn(page, email);
    await page.waitForURL(`${web}/dashboard`);
    await waitForTitle(page, 'Panel');
    await page.getByRole('link', { name: 'Statystyki' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    await setClaims(uid, { admin: true });
    // /dashboard/statystyki has guards auth + refresh: the token is refreshed before entering.
    await page.getByRole('link', { name: 'Statystyki' }).click();
    await waitForTitle(page, 'Statystyki');
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    await context.close();
  });

  it('fits a 390 px phone and a 1280 px desktop in light and dark mode', async () => {
    const email = uniqueEmail('look');
    await createUser(email);
    for (const viewport of ['phone', 'desktop'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { context, page } = await freshPage({ viewport, colorScheme });
        const errors = collectPageErrors(page);
        const noHorizontalScroll = () =>
          page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

        await page.goto(`${web}/dashboard/uczestnicy/basket/TicketsStepOne`);
        await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
        await screenshot(page, `signin-${viewport}-${colorScheme}`);
        expect(await noHorizontalScroll()).toBe(true);
        await acceptCookies(page);
        await signIn(page, email);
        await waitForTitle(page, 'Zakup biletów: przegląd');
        await page.getByRole('navigation', { name: 'Nawigacja główna' }).waitFor({ state: 'attached' });
        await screenshot(page, `dashboard-${viewport}-${colorScheme}`);
        expect(await noHorizontalScroll()).toBe(true);

        if (viewport === 'phone') {
          // The navigation hides behind the burger on a phone.
          await page.getByRole('button', { name: 'Otwórz menu' }).click();
          await page.getByRole('link', { name: 'Faktury' }).click();
          await waitForTitle(page, 'Faktury');
          await page.getByRole('button', { name: 'Otwórz menu' }).click();
          await screenshot(page, `dashboard-menu-${viewport}-${colorScheme}`);
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
