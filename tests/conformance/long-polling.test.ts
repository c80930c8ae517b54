// The long-polling transport (/.lp) that the web SDK falls back to when WebSockets are blocked, and
// its upgrade to WebSocket. Only a browser runs this transport, so these tests drive the SDK's
// browser build in Chromium; a Node client (Admin SDK) checks what the server holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, startBrowser, type BrowserHarness } from '../helpers/rtdb-browser.js';
import { bigString, closeAll, namespaceUnderTest, type AdminClient, type RtdbTarget } from '../helpers/rtdb.js';

const executablePath = chromiumPath();

// page.evaluate bodies run in the browser and reach the SDK through `window.fb` (typed as any).

describe.skipIf(!executablePath)(
  `long polling in a browser${executablePath ? '' : ' (skipped: no Chromium; set CHROME_PATH)'}`,
  () => {
    let target: RtdbTarget;
    let harness: BrowserHarness;
    let ns: string;
    let admin: AdminClient;

    beforeAll(async () => {
      ({ target, ns, admin } = await namespaceUnderTest('long-polling'));
      harness = await startBrowser(executablePath!);
    });

    afterAll(async () => {
      await harness?.close();
      await closeAll(target, admin);
    });

    const connect = (page: import('playwright-core').Page, options: { forceLongPolling: boolean }) =>
      page.evaluate(
        ({ ns, host, port, forceLongPolling }) => {
          const fb = (window as any).fb;
          if (forceLongPolling) fb.forceLongPolling();
          const app = fb.initializeApp({ projectId: ns, apiKey: 'fake-api-key' });
          const db = fb.getDatabase(app, `https://${ns}.firebaseio.com`);
          fb.connectDatabaseEmulator(db, host, port);
          (window as any).db = db;
        },
        { ns, host: target.host, port: target.port, forceLongPolling: options.forceLongPolling },
      );

    /** Listens to `path` in the page (its values go into `window.seen`) and waits for the first value. */
    const listenInPage = async (page: import('playwright-core').Page, path: string) => {
      await page.evaluate((path) => {
        const { fb, db } = window as any;
        (window as any).seen = [];
        fb.onValue(fb.ref(db, path), (s: any) => (window as any).seen.push(s.val()));
      }, path);
      await page.waitForFunction(() => (window as any).seen.length === 1);
    };

    /** Waits until the page's listener (listenInPage) has seen `value` as its latest value. */
    const lastSeenInPage = (page: import('playwright-core').Page, value: unknown) =>
      page.waitForFunction((value) => (window as any).seen.at(-1) === value, value);

    /**
     * A page of its own, connected to the file's namespace (over long polling only, or free to
     * choose), for `use`; its context is closed afterwards.
     */
    const withConnectedPage = async (
      options: Parameters<BrowserHarness['newPage']>[0] & { forceLongPolling: boolean },
      use: (opened: Awaited<ReturnType<BrowserHarness['newPage']>>) => Promise<void>,
    ) => {
      const { forceLongPolling, ...pageOptions } = options;
      const opened = await harness.newPage(pageOptions);
      try {
        await connect(opened.page, { forceLongPolling });
        await use(opened);
      } finally {
        await opened.page.context().close();
      }
    };

    it('with WebSockets disallowed, the SDK works over /.lp: writes, listens, large values, transactions', async () => {
      await withConnectedPage({ forceLongPolling: true }, async ({ page, requests, sockets }) => {
        // Browser → server.
        await page.evaluate(async () => {
          const { fb, db } = window as any;
          await fb.set(fb.ref(db, 'lp/fromBrowser'), { x: 1, at: fb.serverTimestamp() });
        });
        const written = (await admin.db.ref('lp/fromBrowser').once('value')).val();
        expect(written.x).toBe(1);
        expect(typeof written.at).toBe('number');

        // Server → browser listener.
        await listenInPage(page, 'lp/fromServer');
        await admin.db.ref('lp/fromServer').set('hello');
        await lastSeenInPage(page, 'hello');

        // Large values: long polling splits outgoing data across several requests.
        const big = bigString(50_000, 'L');
        await page.evaluate(async (value) => {
          const { fb, db } = window as any;
          await fb.set(fb.ref(db, 'lp/bigUp'), value);
        }, big);
        expect((await admin.db.ref('lp/bigUp').once('value')).val()).toBe(big);
        await admin.db.ref('lp/bigDown').set(big);
        const down = await page.evaluate(async () => {
          const { fb, db } = window as any;
          return (await fb.get(fb.ref(db, 'lp/bigDown'))).val();
        });
        expect(down).toBe(big);

        // A transaction against a value written by another client.
        await admin.db.ref('lp/counter').set(41);
        const committed = await page.evaluate(async () => {
          const { fb, db } = window as any;
          const result = await fb.runTransaction(fb.ref(db, 'lp/counter'), (v: number | null) => (v ?? 0) + 1);
          return [result.committed, result.snapshot.val()];
        });
        expect(committed).toEqual([true, 42]);

        expect(requests.some((url) => url.includes('/.lp?'))).toBe(true);
        expect(sockets).toEqual([]);
      });
    });

    it('onDisconnect runs when a long-polling client goes offline', async () => {
      await withConnectedPage({ forceLongPolling: true }, async ({ page }) => {
        await page.evaluate(async () => {
          const { fb, db } = window as any;
          await fb.set(fb.ref(db, 'lp/presence'), 'online');
          await fb.onDisconnect(fb.ref(db, 'lp/presence')).set('offline');
        });
        const offline = new Promise<void>((resolve) => {
          const r = admin.db.ref('lp/presence');
          const callback = r.on('value', (s) => {
            if (s.val() === 'offline') {
              r.off('value', callback);
              resolve();
            }
          });
        });
        await page.evaluate(() => {
          const { fb, db } = window as any;
          fb.goOffline(db);
        });
        await offline;
      });
    });

    it('after a recorded WebSocket failure the SDK starts on long polling and upgrades to WebSocket', async () => {
      const options = { previousWebSocketFailure: true, forceLongPolling: false };
      await withConnectedPage(options, async ({ page, requests, sockets }) => {
        await listenInPage(page, 'lp/upgrade');
        expect(requests.some((url) => url.includes('/.lp?'))).toBe(true);
        // The upgrade opens a WebSocket on the same session; waiting for it is waiting for an event.
        await expect.poll(() => sockets.length, { timeout: 20_000 }).toBeGreaterThan(0);
        expect(sockets[0]).toContain('/.ws?');
        // Data keeps flowing in both directions after the switch.
        for (let i = 1; i <= 3; i += 1) {
          await admin.db.ref('lp/upgrade').set(i);
          await lastSeenInPage(page, i);
        }
        await page.evaluate(async () => {
          const { fb, db } = window as any;
          await fb.set(fb.ref(db, 'lp/afterUpgrade'), 'ok');
        });
        expect((await admin.db.ref('lp/afterUpgrade').once('value')).val()).toBe('ok');
      });
    });
  },
);
