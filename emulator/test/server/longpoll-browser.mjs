// Long-polling transport check with the real web SDK in Chromium (playwright-core + system chromium).
// Run after `npx tsc -b emulator`:  node emulator/test/server/longpoll-browser.mjs [/usr/bin/chromium]
// Case 1: forceLongPolling() — every operation over /.lp.
// Case 2: a remembered WebSocket failure makes the SDK start on long polling and upgrade to a WebSocket.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { startEmulator } from '../../dist/index.js';

const require = createRequire(import.meta.url);
const firebaseDir = dirname(require.resolve('firebase/package.json'));
const appUrl = (await readFile(join(firebaseDir, 'firebase-database.js'), 'utf8')).match(
  /https:\/\/www\.gstatic\.com\/firebasejs\/[^"']+\/firebase-app\.js/,
)[0];

const logs = [];
const emu = await startEmulator({ port: 0, log: (line) => logs.push(line) });
const page = (mode) => `<!doctype html><html><head>
<script type="importmap">{"imports": {"${appUrl}": "/firebase-app.js"}}</script></head><body>
<script type="module">
  ${mode === 'upgrade' ? "localStorage.setItem('firebase:previous_websocket_failure', 'true');" : ''}
  const { initializeApp } = await import('${appUrl}');
  const db$ = await import('/firebase-database.js');
  const { getDatabase, connectDatabaseEmulator, forceLongPolling, ref, set, get, onValue, update, runTransaction, enableLogging } = db$;
  if (new URLSearchParams(location.search).has('debug')) enableLogging(true);
  ${mode === 'lp' ? 'forceLongPolling();' : ''}
  const log = [];
  try {
    const app = initializeApp({ databaseURL: 'https://lp-${mode}.firebaseio.com', projectId: 'demo-lp' });
    const db = getDatabase(app);
    connectDatabaseEmulator(db, '127.0.0.1', ${emu.port});
    const seen = [];
    onValue(ref(db, 'room/msg'), (s) => seen.push(s.val()));
    await set(ref(db, 'room/msg'), 'hello');
    await update(ref(db, 'room'), { other: 'x'.repeat(5000) });
    const big = (await get(ref(db, 'room/other'))).val();
    await Promise.all([1, 2, 3, 4, 5].map(() => runTransaction(ref(db, 'room/n'), (v) => (v ?? 0) + 1)));
    const n = (await get(ref(db, 'room/n'))).val();
    const remote = await fetch('http://127.0.0.1:${emu.port}/room/msg.json?ns=lp-${mode}', { method: 'PUT', body: '"from-rest"' });
    for (let i = 0; i < 100 && seen.at(-1) !== 'from-rest'; i++) await new Promise((r) => setTimeout(r, 50));
    window.result = { ok: true, seen, bigLength: big.length, n, rest: remote.status };
  } catch (e) {
    window.result = { ok: false, error: String(e && e.stack || e) };
  }
</script></body></html>`;

const web = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/firebase-app.js' || url.pathname === '/firebase-database.js') {
    res.writeHead(200, { 'Content-Type': 'application/javascript' });
    res.end(await readFile(join(firebaseDir, url.pathname.slice(1))));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/html' });
  res.end(page(url.searchParams.get('mode')));
});
await new Promise((r) => web.listen(0, '127.0.0.1', r));
const browser = await chromium.launch({ executablePath: process.argv[2] ?? '/usr/bin/chromium' });
try {
  for (const mode of ['lp', 'upgrade']) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const transports = new Set();
    tab.on('request', (r) => {
      const u = new URL(r.url());
      if (u.port === String(emu.port)) transports.add(u.pathname);
    });
    tab.on('websocket', (ws) => transports.add(new URL(ws.url()).pathname));
    const consoleLines = [];
    tab.on('console', (m) => consoleLines.push(m.text()));
    await tab.goto(`http://127.0.0.1:${web.address().port}/?mode=${mode}${process.env.LP_DEBUG ? '&debug' : ''}`);
    try {
      await tab.waitForFunction(() => globalThis.result, null, { timeout: 30_000 });
    } catch (error) {
      console.error(consoleLines.slice(-60).join('\n'));
      throw error;
    }
    const result = await tab.evaluate(() => globalThis.result);
    assert.equal(result.ok, true, result.error);
    assert.equal(result.seen.at(-1), 'from-rest');
    assert.equal(result.bigLength, 5000);
    assert.equal(result.n, 5);
    assert.ok(transports.has('/.lp'), 'used long polling');
    if (mode === 'lp') assert.ok(!transports.has('/.ws'), 'no WebSocket when long polling is forced');
    else {
      assert.ok(transports.has('/.ws'), 'opened a WebSocket');
      assert.ok(
        logs.some((l) => l.includes('upgraded to a WebSocket')),
        'the session switched to the WebSocket',
      );
    }
    console.log(
      `ok - ${mode}: ${JSON.stringify({ seen: result.seen, n: result.n })} via ${[...transports].join(', ')}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  web.close();
  await emu.close();
}
console.log('long polling: all passed');
