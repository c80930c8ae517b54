// The web SDK in a real browser, for what only exists there: the long-polling transport (JSONP
// script tags and a hidden iframe) and its upgrade to WebSocket. Chromium is driven by
// playwright-core; the SDK is the `firebase` package's own browser build (firebase-app.js,
// firebase-database.js), served locally under the CDN address it imports itself from.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LAUNCH_ARGS } from './chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIREBASE_DIR = path.join(ROOT, 'node_modules/firebase');

/** Chromium's path, or undefined when there is none (the browser tests then skip). */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  return candidates.find((candidate) => existsSync(candidate));
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>rtdb conformance</title>
<script type="module">
  import { initializeApp, deleteApp } from 'https://www.gstatic.com/firebasejs/VERSION/firebase-app.js';
  import * as database from 'https://www.gstatic.com/firebasejs/VERSION/firebase-database.js';
  window.fb = { initializeApp, deleteApp, ...database };
  window.fbReady = true;
</script>`;

export interface BrowserHarness {
  browser: Browser;
  /** A fresh page (own storage) with the SDK loaded as `window.fb`; requests and sockets recorded. */
  newPage(options?: {
    previousWebSocketFailure?: boolean;
  }): Promise<{ page: Page; requests: string[]; sockets: string[] }>;
  close(): Promise<void>;
}

export async function startBrowser(executablePath: string): Promise<BrowserHarness> {
  const version = (JSON.parse(await readFile(path.join(FIREBASE_DIR, 'package.json'), 'utf8')) as { version: string })
    .version;
  // The page is served from 127.0.0.1 like the emulator, so the browser sees no public-to-local request.
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE.replaceAll('VERSION', version));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const pageUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: LAUNCH_ARGS,
  });
  return {
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext();
      await context.route('https://www.gstatic.com/firebasejs/**', async (route) => {
        const name = path.basename(new URL(route.request().url()).pathname);
        const file = path.join(FIREBASE_DIR, name);
        if (!/^firebase-[a-z-]+\.js$/.test(name) || !existsSync(file))
          return route.fulfill({ status: 404, body: 'not found' });
        return route.fulfill({
          status: 200,
          contentType: 'application/javascript',
          body: await readFile(file, 'utf8'),
        });
      });
      if (options.previousWebSocketFailure) {
        // What the SDK itself records after a WebSocket failure: the next start begins with long
        // polling and upgrades to WebSocket once connected.
        await context.addInitScript(() => localStorage.setItem('firebase:previous_websocket_failure', 'true'));
      }
      const page = await context.newPage();
      const requests: string[] = [];
      const sockets: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('websocket', (socket) => sockets.push(socket.url()));
      await page.goto(pageUrl);
      await page.waitForFunction(() => (window as unknown as { fbReady?: boolean }).fbReady === true);
      return { page, requests, sockets };
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
