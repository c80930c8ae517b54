// Chromium for end-to-end tests (launched as chromium.mjs launches it): contexts in Polish and
// Warsaw time at the app's viewports, screenshots and the pages' uncaught errors.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { launchChromium } from './chromium.mjs';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  /** The pickup station runs on a tablet at a table. */
  tablet: { width: 1024, height: 768 },
  desktop: { width: 1280, height: 800 },
} as const;

export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

/** Launches Chromium (CHROME_PATH, else /usr/bin/chromium, installed with apt-get where possible). */
export const launchBrowser = (): Promise<Browser> => launchChromium();

export interface ContextOptions {
  viewport?: keyof typeof VIEWPORTS;
  colorScheme?: 'light' | 'dark';
  /** 'block': no service worker, so every request reaches the network (and `page.route`). */
  serviceWorkers?: 'allow' | 'block';
}

/** A fresh context (own cookies and storage) in Polish, Warsaw time. */
export async function newContext(
  browser: Browser,
  { viewport = 'desktop', colorScheme = 'light', serviceWorkers = 'allow' }: ContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: viewport === 'phone' ? 2 : 1,
    isMobile: viewport === 'phone',
    hasTouch: viewport !== 'desktop',
    colorScheme,
    serviceWorkers,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  });
}

/** Full-page PNG in test-results/screenshots/ (git-ignored); returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * Collects uncaught page errors so a test can assert the page ran cleanly: into `errors` when given
 * (several pages reporting into one list), else into a new list. The list fills as errors happen.
 */
export function collectPageErrors(page: Page, errors: Error[] = []): Error[] {
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}
