#!/usr/bin/env node
// `npm run bench:payments [-- --rounds 20 --warmup 3 --burst 200 --dev --json file]`: online payments
// against the local stack and its Przelewy24 stand-in (a test double, scripts/lib/p24StandIn.mjs).
//
//  1. notification → „opłacone”: a fresh participant has /dashboard/zamowienia open (390 px, Chromium);
//     each round places a one-item order, starts its online payment and pays it in the stand-in with
//     BLIK; the bench then sends the provider's signed notification to p24Notification itself (the
//     stand-in's own sending is switched off, so the moment it leaves is known) and measures until the
//     open page shows the order paid. Split: the handler's answer (verify at the stand-in, booking,
//     invoice) and the rest (database push + render).
//  2. burst: --burst (200) orders of 20 other participants, each paid in the stand-in; then all their
//     notifications at once. Each non-2xx answer is sent again after 0.5, 1, 2, 4, 8 s, as the provider
//     does. Checked afterwards: every payment paid, every order paid with one invoice, one `booked` in
//     the log per payment; then the whole burst again: every copy a duplicate, nothing changed.
// Times of part 1 come from one machine's clock: Date.now() in the bench, performance.timeOrigin +
// performance.now() in the page.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../../scripts/lib/stack.mjs';
import { MARTA_NOWAK } from '../../helpers/buyers.mjs';
import { postJson } from '../../helpers/stackHttp.mjs';
import { p24Sign } from '../../../functions/lib/domain/payments/przelewy24.js';
import { fmt, machine, summary, whenShown } from './measure.mjs';
import { benchClient, benchStack, failUnless, log, option, ordersPage, roundOptions, runBench } from './setup.mjs';

const { ROUNDS, WARMUP, JSON_OUT, WEB_MODE } = roundOptions(20);
const BURST = Number(option('burst', 200));
const BURST_BUYERS = 20;
// Part 1 and the burst use different variants, so neither sells out what the other needs.
const ROUND_VARIANTS = [
  ['kubek-latarnia', 'standard'],
  ['koszulka-baltyk', 'S'],
  ['koszulka-baltyk', 'XXL'],
  ['bluza-sztorm', 'S'],
  ['bluza-sztorm', 'XL'],
];
const BURST_VARIANTS = [
  ['kubek-latarnia', 'standard'],
  ['koszulka-baltyk', 'M'],
  ['koszulka-baltyk', 'L'],
  ['koszulka-baltyk', 'XL'],
  ['bluza-sztorm', 'M'],
  ['bluza-sztorm', 'L'],
];

/** The stack as the provider and the participants reach it over HTTP. */
function client(stack) {
  const fn = (name) => `${stack.urls.functions}/${stack.projectId}/${stack.region}/${name}`;
  const { dbGet, dbPatch, call, register, placeOrder } = benchClient(stack, { prefix: 'p24', buyer: MARTA_NOWAK });
  /** Starts the online payment and pays it in the stand-in (BLIK); its own notification is switched off. */
  async function payAtProvider(user, orderId) {
    const { sessionId, redirectUrl } = await call(user, 'startOnlinePayment', { orderId });
    const token = redirectUrl.split('/trnRequest/')[1];
    const paid = await (
      await fetch(`${stack.urls.p24}/__pay`, { method: 'POST', body: JSON.stringify({ token, methodId: 154 }) })
    ).json();
    if (!paid.paid) throw new Error(`__pay ${sessionId}: ${JSON.stringify(paid)}`);
    return sessionId;
  }
  /** The notification the provider would send for a paid transaction, signed with the account's CRC key. */
  async function notificationOf(sessionId) {
    const { transactions } = await (await fetch(`${stack.urls.p24}/__transactions`)).json();
    const t = transactions.find((x) => x.sessionId === sessionId);
    const { merchantId, posId, crc } = stack.p24Account;
    const n = {
      merchantId,
      posId,
      sessionId,
      amount: t.amount,
      originAmount: t.amount,
      currency: 'PLN',
      orderId: t.orderId,
      methodId: t.methodId,
      statement: t.statement,
    };
    return { ...n, sign: p24Sign('notification', { ...n, crc }) };
  }
  const notify = (body) => postJson(fn('p24Notification'), body);
  return { dbGet, dbPatch, call, register, placeOrder, payAtProvider, notificationOf, notify };
}

/** Part 1: per round, the provider's notification → the participant's open page shows „opłacone”. */
async function notificationToPaid(stack, c) {
  const user = await c.register('page');
  const { browser, page } = await ordersPage(stack, user);
  const rounds = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const order = await c.placeOrder(user, ROUND_VARIANTS[round % ROUND_VARIANTS.length]);
    const card = `[data-testid="order-card"][data-order-number="${order.number}"]`;
    await page.locator(`${card}[data-status="pending"]`).waitFor();
    const notification = await c.notificationOf(await c.payAtProvider(user, order.orderId));
    const shown = whenShown(page, `${card}[data-status="paid"]`);
    const sentAt = Date.now();
    const answer = await c.notify(notification);
    const answeredAt = Date.now();
    if (answer.status !== 200) throw new Error(`notification answered ${answer.status}: ${await answer.text()}`);
    const shownAt = await shown;
    if (round >= WARMUP)
      rounds.push({ total: shownAt - sentAt, handler: answeredAt - sentAt, afterAnswer: shownAt - answeredAt });
    log(
      `round ${round + 1}/${WARMUP + ROUNDS}${round < WARMUP ? ' (warm-up)' : ''}: notification → „opłacone” ${(shownAt - sentAt).toFixed(0)} ms (handler ${answeredAt - sentAt} ms)`,
    );
  }
  await browser.close();
  return rounds;
}

/** Sends one notification until it is taken (2xx), with the provider's pauses; every attempt is timed. */
async function deliver(c, notification, attempts) {
  for (const pause of [0, 500, 1000, 2000, 4000, 8000]) {
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    const startedAt = Date.now();
    const answer = await c.notify(notification);
    await answer.text();
    attempts.push({ ms: Date.now() - startedAt, status: answer.status });
    if (answer.ok) return true;
  }
  return false;
}

async function prepareBurst(c) {
  const buyers = await Promise.all(Array.from({ length: BURST_BUYERS }, (_, i) => c.register(`burst-${i}`)));
  const perBuyer = Math.ceil(BURST / BURST_BUYERS);
  const lanes = await Promise.all(
    buyers.map(async (user, b) => {
      const made = [];
      for (let k = 0; k < perBuyer && b * perBuyer + k < BURST; k++) {
        const order = await c.placeOrder(user, BURST_VARIANTS[(b * perBuyer + k) % BURST_VARIANTS.length]);
        made.push({ user, orderId: order.orderId, sessionId: await c.payAtProvider(user, order.orderId) });
      }
      return made;
    }),
  );
  const payments = lanes.flat();
  for (const p of payments) p.notification = await c.notificationOf(p.sessionId);
  return payments;
}

/** Part 2: BURST notifications at once; then the checks that each was booked exactly once. */
async function burst(c) {
  log(`Preparing ${BURST} paid orders of ${BURST_BUYERS} participants…`);
  const payments = await prepareBurst(c);
  const attempts = [];
  const startedAt = Date.now();
  const taken = await Promise.all(payments.map((p) => deliver(c, p.notification, attempts)));
  const allTakenMs = Date.now() - startedAt;
  const state = async () => {
    const [records, logEntries] = await Promise.all([c.dbGet('payments'), c.dbGet('paymentNotifications')]);
    const orders = await Promise.all(payments.map((p) => c.dbGet(`orders/${p.orderId}`)));
    const invoices = await Promise.all(
      [...new Set(payments.map((p) => p.user.uid))].map((uid) => c.dbGet(`invoices/${uid}`)),
    );
    const booked = Object.values(logEntries ?? {}).filter((l) => l.result === 'booked');
    return {
      paid: payments.filter((p) => records[p.sessionId]?.status === 'paid').length,
      ordersPaid: orders.filter((o) => o?.status === 'paid' && o.invoiceNumber).length,
      invoices: invoices.reduce((n, byId) => n + Object.keys(byId ?? {}).length, 0),
      bookedOnce: payments.filter((p) => booked.filter((l) => l.sessionId === p.sessionId).length === 1).length,
      invoiceNumbers: new Set(orders.map((o) => o?.invoiceNumber)).size,
    };
  };
  const after = await state();
  log(`Sending all ${BURST} notifications again…`);
  const repeats = [];
  await Promise.all(payments.map((p) => deliver(c, p.notification, repeats)));
  const afterRepeat = await state();
  return { attempts, repeats, allTakenMs, taken: taken.filter(Boolean).length, after, afterRepeat };
}

async function main() {
  const stack = await benchStack({ web: WEB_MODE });
  const c = client(stack);
  // The bench sends the notifications itself, so the moment each one leaves is known.
  await fetch(`${stack.urls.p24}/__control`, { method: 'POST', body: JSON.stringify({ notifications: 'drop' }) });
  const rounds = await notificationToPaid(stack, c);
  const b = await burst(c);
  await stack.stop();
  report(rounds, b);
}

function report(rounds, b) {
  const part = (key) => summary(rounds.map((r) => r[key]));
  console.log(`\nOnline payments, web ${WEB_MODE}, on ${machine()}`);
  console.log(
    `\nNotification → „opłacone” on the participant's open page (${ROUNDS} payments after ${WARMUP} warm-up)`,
  );
  console.log(`  total                        ${fmt(part('total'))}`);
  console.log(`  handler answers 200          ${fmt(part('handler'))}`);
  console.log(`  answer → shown               ${fmt(part('afterAnswer'))}  (negative: shown before the answer)`);
  const first = b.attempts;
  const statuses = first.reduce((m, a) => ({ ...m, [a.status]: (m[a.status] ?? 0) + 1 }), {});
  console.log(`\n${BURST} notifications at once for ${BURST} orders`);
  console.log(
    `  handler, every attempt       ${fmt(summary(first.map((a) => a.ms)))}  answers ${JSON.stringify(statuses)}`,
  );
  console.log(`  all taken after              ${b.allTakenMs} ms (${b.taken}/${BURST} taken)`);
  console.log(
    `  booked: payments paid ${b.after.paid}, orders paid ${b.after.ordersPaid}, invoices ${b.after.invoices} (distinct numbers ${b.after.invoiceNumbers}), one „booked” each ${b.after.bookedOnce}`,
  );
  console.log(
    `  the burst again: ${fmt(summary(b.repeats.map((a) => a.ms)))}; after it invoices ${b.afterRepeat.invoices}, one „booked” each ${b.afterRepeat.bookedOnce}`,
  );
  if (JSON_OUT)
    writeFileSync(path.resolve(ROOT, JSON_OUT), JSON.stringify({ machine: machine(), rounds, burst: b }, null, 2));
  const ok =
    b.after.paid === BURST &&
    b.after.ordersPaid === BURST &&
    b.after.invoices === BURST &&
    b.after.bookedOnce === BURST &&
    b.afterRepeat.invoices === BURST &&
    b.afterRepeat.bookedOnce === BURST;
  failUnless(ok, 'NOT every notification was booked exactly once.');
}

runBench(main);
