#!/usr/bin/env node
// `node tests/e2e/bench/pickupOffline.mjs [--people N] [--lookups N] [--running] [--profile] [--no-sync]`:
// the offline pickup station (docs/pickup-offline.md), measured against a stack of its own (production
// build), or with `--running` against the one `npm start -- --preview` runs (ports from RTDB_PORT,
// AUTH_PORT, FUNCTIONS_PORT, WEB_PORT):
//
//  1. Offline lookup on a 4×-slowed CPU (CDP Emulation.setCPUThrottlingRate): a station device copies
//     a directory of N people (every other one bringing a child, in /pickupSearch) while online, the
//     network is cut, then a typed pickup code („Znajdź” → the person's header) and a name search
//     (typing → the first result; offline the field does not debounce) are timed twice: in the page
//     (from the event's timestamp to the answer in the DOM and to the frame that paints it, see
//     armLookupTiming) and from Node (each time then includes the driver's round trips).
//     `--profile` adds a CPU profile of the look-ups, self time per function through the source maps.
//  2. 200 queued hand-outs from two devices: device A queued items 0–99, device B items 50–149 (50
//     items handed out on both = 50 conflicts made). Both reconnect at once and send their queues as
//     the station does (syncOfflineHandOuts, batches of 50, in order); the time until both are done,
//     and the conflicts found (answers and /pickupConflicts records).
/* global window, document, MutationObserver, requestAnimationFrame -- armLookupTiming runs in the browser */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pickupSearchEntries } from '../../../functions/lib/domain/search.js';
import { launchChromium } from '../../helpers/chromium.mjs';
import { signInWithPassword, stackHttp } from '../../helpers/stackHttp.mjs';
import { PHONE, benchStack, flag, option, signedInPage } from './setup.mjs';

const PEOPLE = Number(option('people', 2000));
const LOOKUPS = Number(option('lookups', 20));
const PROFILE = flag('profile');
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const STAFF = { email: 'obsluga@example.com', password: 'Obsluga-Zlot-2027' };
const ADMIN = { email: 'admin@example.com', password: 'Admin-Zlot-2027' };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

/** Distinct codes: i in base 32 over the pickup code alphabet, 8 characters. */
function code(i) {
  let n = i + 5_000_000;
  let out = '';
  for (let k = 0; k < 8; k++) {
    out = LETTERS[n % LETTERS.length] + out;
    n = Math.floor(n / LETTERS.length);
  }
  return out;
}

function person(i) {
  const first = ['Anna', 'Piotr', 'Kasia', 'Marek', 'Zofia'][i % 5];
  const last = `Benchowa${String(i).padStart(5, '0')}`;
  const name = `${first} ${last}`;
  // Every other account brings a child: the copy carries the participants' names too (offline search).
  const people = i % 2 === 0 ? [{ firstName: 'Staś', lastName: `Benchowy${String(i).padStart(5, '0')}` }] : [];
  const index = pickupSearchEntries(
    `bench${i}`,
    { firstName: first, lastName: last, email: `bench${i}@example.com`, pickupCode: code(i) },
    people,
  );
  return {
    uid: `bench${i}`,
    name,
    index,
    entry: {
      pickupCode: code(i),
      name,
      email: `bench${i}@example.com`,
      nameLower: name.toLowerCase(),
      lastNameLower: last.toLowerCase(),
    },
  };
}

async function seed(stack) {
  for (let start = 0; start < PEOPLE; start += 500) {
    const updates = {};
    for (let i = start; i < Math.min(PEOPLE, start + 500); i++) {
      const p = person(i);
      updates[`pickupDirectory/${p.uid}`] = p.entry;
      for (const [key, entry] of Object.entries(p.index)) updates[`pickupSearch/${key}`] = entry;
      updates[`pickups/${p.uid}/bench-l1`] = {
        orderId: 'bench',
        label: 'Kubek „Latarnia”',
        quantity: 1,
        status: 'waiting',
        createdAt: Date.now(),
      };
    }
    await stackHttp(stack).dbPatch('', updates);
  }
}

/**
 * In-page timing (performance.now() in the page, no driver round trip): from the event that starts a
 * look-up (the „Znajdź” click, the search field's input event) to the frame that shows the answer —
 * `commit` when the answer is in the DOM, `painted` after the next animation frame has run (the frame
 * that paints it). Each look-up also leaves a User Timing measure (`pickup:<kind>`) for a trace.
 */
function armLookupTiming({ trigger, selector, text, kind }) {
  window.__lookupTiming = new Promise((resolve) => {
    let start = null;
    const onEvent = (event) => {
      start = event.timeStamp;
      performance.mark(`pickup:${kind}:start`, { startTime: start });
    };
    document.addEventListener(trigger, onEvent, { capture: true, once: true });
    const shown = () => [...document.querySelectorAll(selector)].some((el) => el.textContent.includes(text));
    const observer = new MutationObserver(() => {
      if (start === null || !shown()) return;
      observer.disconnect();
      const commit = performance.now() - start;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          performance.measure(`pickup:${kind}`, `pickup:${kind}:start`);
          resolve({ commit, painted: performance.now() - start });
        };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** Where the main thread's time went during the look-ups (a CPU profile mapped through the build's source maps). */
async function profileSummary(profile, web) {
  const { SourceMapConsumer } = (await import('source-map')).default;
  const maps = new Map();
  const mapFor = async (url) => {
    if (!url.startsWith(web)) return null;
    if (!maps.has(url)) {
      const response = await fetch(`${url}.map`).catch(() => null);
      maps.set(url, response?.ok ? await new SourceMapConsumer(await response.json()) : null);
    }
    return maps.get(url);
  };
  const selfUs = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    selfUs.set(node, (selfUs.get(node) ?? 0) + (deltas[i + 1] ?? 0));
  }
  const totals = new Map();
  let all = 0;
  for (const [node, us] of selfUs) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    all += us;
    let key = functionName || '(anonymous)';
    const map = url ? await mapFor(url) : null;
    if (map) {
      const pos = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      if (pos.source)
        key = `${pos.name ?? functionName ?? '(anonymous)'} ${pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${pos.line}`;
    } else if (url) key += ` ${url.replace(web, '')}`;
    totals.set(key, (totals.get(key) ?? 0) + us);
  }
  for (const map of maps.values()) map?.destroy?.();
  return { all, top: [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25) };
}

async function offlineLookups(browser, web) {
  const page = await signedInPage(browser, web, STAFF, { viewport: PHONE });
  const context = page.context();
  await page.goto(`${web}/dashboard/odbierz/User`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByTestId('station-device-status').filter({ hasText: 'stan z' }).waitFor();
  await context.setOffline(true);
  await page.getByTestId('directory-freshness').waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const node = { byCode: [], byName: [] };
  const inPage = { byCode: [], byName: [] };
  for (let n = 0; n < LOOKUPS; n++) {
    const p = person(Math.floor((n + 0.5) * (PEOPLE / LOOKUPS)));
    await page.getByTestId('pickup-code-input').fill(p.entry.pickupCode);
    await page.evaluate(armLookupTiming, {
      trigger: 'click',
      selector: '[data-testid="station-person"]',
      text: p.name,
      kind: 'code',
    });
    let t0 = performance.now();
    await page.getByRole('button', { name: 'Znajdź' }).click();
    await page.getByTestId('station-person').filter({ hasText: p.name }).waitFor();
    node.byCode.push(performance.now() - t0);
    inPage.byCode.push(await page.evaluate(() => window.__lookupTiming));
    await page.goBack();
    await page.getByTestId('directory-search').waitFor();
    await page.evaluate(armLookupTiming, {
      trigger: 'input',
      selector: '[data-testid="directory-result"]',
      text: p.name,
      kind: 'name',
    });
    t0 = performance.now();
    await page.getByTestId('directory-search').fill(p.name.split(' ')[1].toLowerCase());
    await page.getByTestId('directory-result').filter({ hasText: p.name }).waitFor();
    node.byName.push(performance.now() - t0);
    inPage.byName.push(await page.evaluate(() => window.__lookupTiming));
    await page.getByTestId('directory-search').fill('');
  }
  let profile = null;
  if (PROFILE) {
    const raw = (await cdp.send('Profiler.stop')).profile;
    const file = path.join(os.tmpdir(), `pickupOffline-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(raw));
    profile = { ...(await profileSummary(raw, web)), file };
  }
  await context.close();
  return { node, inPage, profile };
}

async function syncDevice(stack, token, deviceId, queue) {
  const results = [];
  for (let i = 0; i < queue.length; i += 50) {
    const answer = await stackHttp(stack).call(token, 'syncOfflineHandOuts', {
      deviceId,
      handOuts: queue.slice(i, i + 50),
    });
    results.push(...answer.results);
  }
  return results;
}

async function twoDeviceSync(stack) {
  const queueOf = (from, to) =>
    Array.from({ length: to - from }, (_, k) => ({
      id: randomUUID(),
      uid: person(from + k).uid,
      itemId: 'bench-l1',
      quantity: 1,
      at: Date.now() - 60_000 + k,
    }));
  const a = queueOf(0, 100);
  const b = queueOf(50, 150);
  const idToken = async (account) => (await signInWithPassword(stack.urls.auth, account)).idToken;
  const [tokenA, tokenB] = await Promise.all([idToken(STAFF), idToken(ADMIN)]);
  const t0 = performance.now();
  const [ra, rb] = await Promise.all([
    syncDevice(stack, tokenA, randomUUID(), a),
    syncDevice(stack, tokenB, randomUUID(), b),
  ]);
  const ms = performance.now() - t0;
  const conflicts = [...ra, ...rb].filter((r) => r.outcome === 'conflict').length;
  const stored = await stackHttp(stack).dbGet('pickupConflicts', '&shallow=true');
  return {
    ms,
    applied: ra.length + rb.length - conflicts,
    conflicts,
    filed: Object.keys(stored ?? {}).length,
    made: 50,
  };
}

const stack = await benchStack({ web: 'preview', warm: false });
try {
  await seed(stack);
  const browser = await launchChromium();
  const lookups = await offlineLookups(browser, stack.urls.web).finally(() => browser.close());
  const sync = flag('no-sync') ? null : await twoDeviceSync(stack);
  console.log(
    `\nMachine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}; ${PEOPLE} people in the directory copy, CPU 4× slowed`,
  );
  const stat = (xs) => `median ${median(xs).toFixed(0)} ms, p95 ${p95(xs).toFixed(0)} ms`;
  console.log(`Offline lookup by pickup code, „Znajdź” → the person's page (${LOOKUPS} lookups):`);
  console.log(`  in the page, click → answer painted:    ${stat(lookups.inPage.byCode.map((t) => t.painted))}`);
  console.log(`  in the page, click → answer in the DOM: ${stat(lookups.inPage.byCode.map((t) => t.commit))}`);
  console.log(`  from Node (incl. driver round trips):   ${stat(lookups.node.byCode)}`);
  console.log(
    `Offline name search, typing → the first result (${LOOKUPS} searches; offline the field does not debounce):`,
  );
  console.log(`  in the page, input → answer painted:    ${stat(lookups.inPage.byName.map((t) => t.painted))}`);
  console.log(`  in the page, input → answer in the DOM: ${stat(lookups.inPage.byName.map((t) => t.commit))}`);
  console.log(`  from Node (incl. driver round trips):   ${stat(lookups.node.byName)}`);
  if (lookups.profile) {
    const { all, top } = lookups.profile;
    console.log(
      `CPU profile of the look-ups (${lookups.profile.file}; ${(all / 1000).toFixed(0)} ms sampled), self time:`,
    );
    for (const [name, us] of top) console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
  }
  if (sync)
    console.log(
      `200 queued hand-outs from two devices: synced in ${(sync.ms / 1000).toFixed(1)}` +
        ` s; applied ${sync.applied}, conflicts found ${sync.conflicts} (filed ${sync.filed}` +
        `), conflicts made ${sync.made}`,
    );
} finally {
  await stack.stop();
}
