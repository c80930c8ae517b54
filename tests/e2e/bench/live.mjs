#!/usr/bin/env node
// `npm run bench:live [-- --rounds N --warmup N --dev --json file]`: how long a participant waits to see,
// without reloading, what staff just did — measured end to end in Chromium against the local stack.
//
//  1. confirm → „opłacone”: the admin's final click on „Potwierdź płatność” in the confirmation
//     dialog (admin page, orders tab) until the participant's open orders page shows the order paid.
//  2. hand-out → „odebrane”: the staff's click on „Potwierdź wydanie” at the pickup station until the
//     participant's open pickup page shows the item handed out.
//
// Three browser contexts (admin, staff, participant) in one headless Chromium. Times come from the
// pages' own clocks (performance.timeOrigin + performance.now(), one machine, so comparable): the
// click is stamped by a capture listener in the clicking page, the result by a MutationObserver in
// the participant's page the moment React commits it. Each round also records where the time went:
// click → callable request sent, the callable's round trip (Chromium's resource timing), and the
// rest (database push to the participant's listener + render). Warm-up rounds are not counted.
/* global document, window, Element -- the functions passed to page.evaluate() and addInitScript() run in the browser */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../../scripts/lib/stack.mjs';
import { MARTA_NOWAK } from '../../helpers/buyers.mjs';
import { launchChromium } from '../../helpers/chromium.mjs';
import { signInWithPassword, stackHttp } from '../../helpers/stackHttp.mjs';
import { fmt, machine as machineLine, summary, whenShown } from './measure.mjs';
import { benchStack, log, roundOptions, runBench, signedInPage } from './setup.mjs';

// The production build by default (what participants get); `--dev` measures the Vite dev server.
const { ROUNDS, WARMUP, JSON_OUT, WEB_MODE } = roundOptions(30);

const PARTICIPANT = { uid: 'demoUczestnik', email: 'uczestnik@example.com', password: 'Uczestnik-Zlot-2027' };
const ADMIN = { email: 'admin@example.com', password: 'Admin-Zlot-2027' };
const STAFF = { email: 'obsluga@example.com', password: 'Obsluga-Zlot-2027' };
// One unit per order, spread over the variants so the per-account caps never stop a long run.
const VARIANTS = [
  ['kubek-latarnia', 'standard'],
  ...['S', 'M', 'L', 'XL', 'XXL'].flatMap((size) => [
    ['koszulka-baltyk', size],
    ['bluza-sztorm', size],
  ]),
];

/**
 * In the participant's pages: notes when each database message arrives over the WebSocket (before
 * the SDK handles it) and its size, to split „response → shown” into the push and the render.
 */
function recordPushes() {
  const Native = window.WebSocket;
  window.__pushes = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      // A long message comes in frames: first one with the number of frames, then the parts.
      let expected = 0;
      let parts = [];
      this.addEventListener('message', (event) => {
        const text = typeof event.data === 'string' ? event.data : '';
        if (expected === 0 && /^\d{1,6}$/.test(text)) {
          expected = Number(text);
          parts = [];
          return;
        }
        if (expected > 0) {
          parts.push(text);
          if (parts.length < expected) return;
          expected = 0;
        }
        const whole = parts.length > 0 ? parts.join('') : text;
        parts = [];
        window.__pushes.push({ at: performance.timeOrigin + performance.now(), size: whole.length, text: whole });
      });
    }
  };
}

/**
 * The first database message after `since` that puts `expected` at `target` (a path such as
 * orders/{id}/status): the push that carries the change the participant is waiting for. Handles the
 * protocol's data messages — a set (`a: "d"`) or a merge (`a: "m"`) at a path.
 */
async function pushCarrying(page, since, target, expected) {
  return page.evaluate(
    ({ since: after, target: wanted, expected: value }) => {
      const want = wanted.split('/');
      const valueAt = (message) => {
        const body = message?.t === 'd' ? message.d?.b : null;
        if (!body || typeof body.p !== 'string' || (message.d.a !== 'd' && message.d.a !== 'm')) return undefined;
        const at = body.p.split('/').filter(Boolean);
        if (at.length > want.length || at.some((key, i) => key !== want[i])) return undefined;
        let rest = want.slice(at.length);
        let node = body.d;
        if (message.d.a === 'm' && rest.length > 0) {
          // A merge's keys are relative child paths ('a' or 'a/b').
          const key = Object.keys(node ?? {}).find((k) => rest.join('/').startsWith(k));
          if (!key) return undefined;
          node = node[key];
          rest = rest.slice(key.split('/').length);
        }
        for (const key of rest) node = node?.[key];
        return node;
      };
      for (const push of window.__pushes) {
        if (push.at < after) continue;
        let message;
        try {
          message = JSON.parse(push.text);
        } catch {
          continue;
        }
        if (valueAt(message) === value) return { at: push.at, size: push.size };
      }
      return null;
    },
    { since, target, expected },
  );
}

/** In the page: stamps the next click on the selector (capture phase, before React handles it). */
async function armClickStamp(page, selector) {
  await page.evaluate((sel) => {
    window.__clickedAt = null;
    const listener = (event) => {
      if (!(event.target instanceof Element) || !event.target.closest(sel)) return;
      window.__clickedAt = performance.timeOrigin + performance.now();
      document.removeEventListener('click', listener, true);
    };
    document.addEventListener('click', listener, true);
  }, selector);
}

/** The callable's request as Chromium timed it: when it was sent and when its response ended (epoch ms). */
function watchCallable(page, name) {
  return new Promise((resolve) => {
    const onFinished = (request) => {
      if (!request.url().endsWith(`/${name}`) || request.method() !== 'POST') return;
      page.off('requestfinished', onFinished);
      const t = request.timing();
      resolve({ sentAt: t.startTime, endedAt: t.startTime + t.responseEnd });
    };
    page.on('requestfinished', onFinished);
  });
}

/** Where one round's time went: click → request, the callable's round trip, the push, the render. */
function splitRound(clickedAt, call, push, shownAt) {
  return {
    total: shownAt - clickedAt,
    toRequest: call.sentAt - clickedAt,
    callable: call.endedAt - call.sentAt,
    afterResponse: shownAt - call.endedAt,
    toPush: push ? push.at - clickedAt : NaN,
    pushToShown: push ? shownAt - push.at : NaN,
    pushSize: push?.size ?? NaN,
  };
}

async function main() {
  // Every callable warmed first, as `npm start` does: the first confirmation is not a cold start.
  const stack = await benchStack({ web: WEB_MODE });
  const web = stack.urls.web;
  const http = stackHttp(stack);
  const participantToken = (await signInWithPassword(stack.urls.auth, PARTICIPANT)).idToken;
  async function placeMerchOrder(round) {
    const [productId, variantId] = VARIANTS[round % VARIANTS.length];
    await http.dbPatch(`baskets/${PARTICIPANT.uid}`, {
      merch: { [`bench-${round}`]: { productId, variantId, quantity: 1 } },
      updatedAt: Date.now(),
    });
    return http.call(participantToken, 'placeMerchOrder', {
      idempotencyKey: crypto.randomUUID(),
      buyer: MARTA_NOWAK,
      acceptTerms: true,
    });
  }

  const browser = await launchChromium();
  const newPage = (who, viewport, initScript) => signedInPage(browser, web, who, { viewport, initScript });
  const admin = await newPage(ADMIN);
  const staff = await newPage(STAFF, { width: 1024, height: 768 });
  const ordersPage = await newPage(PARTICIPANT, undefined, recordPushes);
  // The participant keeps both pages open, as one would at the gate: orders in one tab, pickup in another.
  const pickupPage = await ordersPage.context().newPage(); // the context's init script records its pushes too
  await ordersPage.goto(`${web}/dashboard/zamowienia`);
  await pickupPage.goto(`${web}/dashboard/odbierz`);
  await admin.goto(`${web}/dashboard/admin?tab=zamowienia`);

  const results = { confirm: [], handOut: [] };
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const counted = round >= WARMUP;
    const order = await placeMerchOrder(round);
    const orderCard = `[data-testid="order-card"][data-order-number="${order.number}"]`;
    // The order has one line, `l1`; its pickup item is keyed `{orderId}-{lineId}` (docs/data-model.md).
    const itemId = `${order.orderId}-l1`;

    // 1. confirm → the participant's orders page shows „opłacone”.
    await ordersPage.locator(`${orderCard}[data-status="pending"]`).waitFor();
    const row = admin.locator(`[data-testid="order-row"][data-number="${order.number}"]`);
    await row.getByRole('button', { name: 'Potwierdź płatność' }).click();
    await admin.getByTestId('confirm-action').waitFor();
    await armClickStamp(admin, '[data-testid="confirm-action"]');
    const paidShown = whenShown(ordersPage, `${orderCard}[data-status="paid"]`);
    const confirmCall = watchCallable(admin, 'confirmPayment');
    await admin.getByTestId('confirm-action').click();
    const [shownAt, call] = await Promise.all([paidShown, confirmCall]);
    const clickedAt = await admin.evaluate(() => window.__clickedAt);
    await admin.getByTestId('confirm-action').waitFor({ state: 'detached' });
    const push = await pushCarrying(ordersPage, clickedAt, `orders/${order.orderId}/status`, 'paid');
    if (counted) results.confirm.push(splitRound(clickedAt, call, push, shownAt));

    // 2. hand-out at the station → the participant's pickup page shows „odebrane”.
    const itemSelector = `[data-testid="pickup-item"][data-item-id="${itemId}"]`;
    await pickupPage.locator(`${itemSelector}[data-status="waiting"]`).waitFor();
    await staff.goto(`${web}/dashboard/odbierz/Add?uid=${PARTICIPANT.uid}`);
    const confirmButton = staff.getByTestId('confirm-handout');
    await staff.locator(`[data-testid="station-item"][data-status="waiting"]`).first().waitFor();
    await armClickStamp(staff, '[data-testid="confirm-handout"]');
    const pickedShown = whenShown(pickupPage, `${itemSelector}[data-status="picked"]`);
    const handOutCall = watchCallable(staff, 'handOutPickupItems');
    await confirmButton.click();
    const [pickedAt, handOut] = await Promise.all([pickedShown, handOutCall]);
    const handOutClickedAt = await staff.evaluate(() => window.__clickedAt);
    await staff.getByTestId('handout-result').waitFor();
    const pickupPush = await pushCarrying(
      pickupPage,
      handOutClickedAt,
      `pickups/${PARTICIPANT.uid}/${itemId}/status`,
      'picked',
    );
    if (counted) results.handOut.push(splitRound(handOutClickedAt, handOut, pickupPush, pickedAt));

    for (const page of [ordersPage, pickupPage]) await page.evaluate(() => (window.__pushes.length = 0));
    log(
      `round ${round + 1}/${WARMUP + ROUNDS}${counted ? '' : ' (warm-up)'}: confirm ${(shownAt - clickedAt).toFixed(0)} ms, hand-out ${(pickedAt - handOutClickedAt).toFixed(0)} ms`,
    );
  }

  await browser.close();
  await stack.stop();

  const report = {};
  for (const [name, rounds] of Object.entries(results)) {
    report[name] = Object.fromEntries(
      ['total', 'toRequest', 'callable', 'afterResponse', 'toPush', 'pushToShown', 'pushSize'].map((part) => [
        part,
        summary(rounds.map((r) => r[part]).filter(Number.isFinite)),
      ]),
    );
  }
  const machine = machineLine();
  console.log(`\nLive updates (${ROUNDS} rounds after ${WARMUP} warm-up, web ${WEB_MODE}) on ${machine}`);
  for (const [name, parts] of Object.entries(report)) {
    console.log(
      `\n${name === 'confirm' ? 'Admin confirms payment → participant sees „opłacone”' : 'Staff hands out → participant sees „odebrane”'}`,
    );
    console.log(`  total (click → shown)      ${fmt(parts.total)}`);
    console.log(`  click → request sent       ${fmt(parts.toRequest)}`);
    console.log(`  callable round trip        ${fmt(parts.callable)}`);
    console.log(
      `  response → shown           ${fmt(parts.afterResponse)}  (negative: the push arrived before the response)`,
    );
    console.log(`  click → push arrives       ${fmt(parts.toPush)}  (the push that carries the new status)`);
    console.log(`  push → shown (SDK+render)  ${fmt(parts.pushToShown)}`);
    console.log(`  push size                  p50 ${parts.pushSize.p50.toFixed(0)} B · max ${parts.pushSize.max} B`);
  }
  if (JSON_OUT)
    writeFileSync(
      path.resolve(ROOT, JSON_OUT),
      JSON.stringify({ machine, rounds: ROUNDS, warmup: WARMUP, web: WEB_MODE, report, results }, null, 2),
    );
}

runBench(main);
