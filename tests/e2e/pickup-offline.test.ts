// The pickup station without a network (issue 29), in Chromium with the network cut
// (context.setOffline): a staff device that opened the station once starts it again offline, signed
// in, from the service worker's precache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, screenshot } from '../helpers/browser';
import { sharedStack, type SharedStack } from './support/shared';
import { DEMO, signIn, stackClient, type Account } from './support/stack';

const POLL = { timeout: 60_000, interval: 200 };
const suffix = Math.random().toString(36).slice(2, 7);

let stack: SharedStack;
let web: string;
let browser: Browser;
let staffA: Account;

beforeAll(async () => {
  stack = sharedStack();
  web = stack.urls.web;
  const { call, register } = stackClient(stack);
  staffA = await register(`stanowisko-a-${suffix}@example.com`, { firstName: 'Ala', lastName: `Stanowiskowa-${suffix}` });
  await call(DEMO.admin, 'setUserRole', { uid: staffA.uid, role: 'staff', enabled: true });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

/** A station device: its own context (storage, service worker), signed in, the worker in control. */
async function stationDevice(account: Account): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
  await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const errors = collectPageErrors(page);
  await signIn(page, web, account);
  await page.goto(`${web}/dashboard/odbierz/User`);
  await page.getByTestId('pickup-code-input').waitFor();
  // The worker registers after the load event, precaches, then claims the page.
  const console: string[] = [];
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 }).catch(async (error: unknown) => {
    const state = await page.evaluate(async () => JSON.stringify(await navigator.serviceWorker.getRegistrations().then((all) => all.map((r) => [r.active?.state, r.installing?.state, r.waiting?.state]))));
    throw new Error(`no service worker in control: ${state}; console: ${console.join(' | ')}; ${String(error)}`);
  });
  return { context, page, errors };
}

describe('pickup station offline', () => {
  it('a station opened once starts again with no network, signed in, from the service worker', async () => {
    const { context, page, errors } = await stationDevice(staffA);
    try {
      await context.setOffline(true);
      expect(await page.evaluate(() => fetch('/latest.json', { cache: 'no-store' }).then(() => 'online', () => 'offline'))).toBe('offline');
      await page.reload();
      await page.getByTestId('pickup-code-input').waitFor();
      expect(page.url()).toBe(`${web}/dashboard/odbierz/User`);
      // A deep link typed while offline is answered by the worker's navigation fallback too.
      await page.goto(`${web}/dashboard/odbierz`);
      await page.getByRole('link', { name: 'Stanowisko wydawania' }).waitFor();
      await expect.poll(() => page.getByTestId('pickup-code-input').count(), POLL).toBe(0);
      expect(errors).toEqual([]);
    } catch (error) {
      await screenshot(page, 'pickup-offline-start');
      throw error;
    } finally {
      await context.close();
    }
  }, 300_000);

});
