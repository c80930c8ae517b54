// Headless Chromium as the tests and the benches launch it: Debian's browser driven by playwright-core
// (a test tool's own browser download cannot work on this machine or in CI). Plain JavaScript, so the
// benches (.mjs) and the TypeScript tests share one copy.
import { chromium } from 'playwright-core';
import { ensureChromium } from '../../scripts/lib/chromium.mjs';

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches Chromium (CHROME_PATH, else /usr/bin/chromium, installed with apt-get where possible).
 * @param {string[]} [extraArgs] further command-line switches, e.g. a fake camera
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchChromium(extraArgs = []) {
  const executablePath = await ensureChromium();
  return chromium.launch({ executablePath, headless: true, args: [...LAUNCH_ARGS, ...extraArgs] });
}
