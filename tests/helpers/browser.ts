// Chromium for end-to-end tests: Debian's browser driven by playwright-core (a test tool's own
// browser download cannot work on this machine or in CI).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ensureChromium } from '../../scripts/lib/chromium.mjs';
import { ROOT } from '../../scripts/lib/stack.mjs';

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  /** The pickup station runs on a tablet at a table. */
  tablet: { width: 1024, height: 768 },
  desktop: { width: 1280, height: 800 },
} as const;

export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

/** Launches Chromium (CHROME_PATH, else /usr/bin/chromium, installed with apt-get where possible). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = await ensureChromium();
  return chromium.launch({ executablePath, headless: true, args: LAUNCH_ARGS });
}

export interface ContextOptions {
  viewport?: keyof typeof VIEWPORTS;
  colorScheme?: 'light' | 'dark';
}

/** A fresh context (own cookies and storage) in Polish, Warsaw time. */
export async function newContext(
  browser: Browser,
  { viewport = 'desktop', colorScheme = 'light' }: ContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: viewport === 'phone' ? 2 : 1,
    isMobile: viewport === 'phone',
    hasTouch: viewport !== 'desktop',
    colorScheme,
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
