#!/usr/bin/env node
// `npm run bench:ksef [-- --rounds 20 --warmup 3 --queue 1000 --interval 5000 --dev --json file]`: automatic
// KSeF submission against the local stack and its KSeF stand-in (a test double, scripts/lib/ksefStandIn.mjs).
//
// The runner is triggered the way `npm start` triggers it (scripts/lib/ksefSubmit.mjs): the admin callable
// `submitKsef` with `{}` every --interval ms (5000, KSEF_SUBMIT_INTERVAL_MS; production: every 5 minutes),
// one run at a time — a tick while a run is still going is skipped.
//
//  1. payment → KSeF number: a fresh participant buying as a company (NIP) has /dashboard/zamowienia open
//     (390 px, Chromium); each round places a one-item order, the admin confirms its payment (callable
//     `confirmPayment`), and the participant opens the invoice from the order card as soon as it shows;
//     measured from the confirmation's answer until the open invoice shows its KSeF number. Split with the
//     outbox entry's own stamps: answer → sent (mostly the wait for the runner's next tick), sent → accepted
//     (recorded), accepted → shown.
//  2. queue: with the runner stopped, --queue (1000) company orders of --queue/20 other participants are
//     placed and confirmed through the same callables (16 lanes at once), so that many invoices wait in
//     the outbox; then the runner is started and the bench waits until every one is accepted. Counted: the
//     time from the start to the last acceptance (the entries' `acceptedAt`), the KSeF sessions the stand-in
//     opened for them, and that no document was sent twice (the stand-in received each invoice number once,
//     each invoice has exactly one KSeF number, the same in /ksef, in the outbox and at the stand-in).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { callAdminCallable, startInterval } from '../../../scripts/lib/adminCallable.mjs';
import { KSEF_SUBMIT_INTERVAL_MS, runKsefSubmit } from '../../../scripts/lib/ksefSubmit.mjs';
import { ROOT } from '../../../scripts/lib/stack.mjs';
import { LATARNIK } from '../../helpers/buyers.mjs';
import { fmt, machine, summary, whenShown } from './measure.mjs';
import { benchClient, benchStack, failUnless, log, option, ordersPage, roundOptions, runBench } from './setup.mjs';

const { ROUNDS, WARMUP, JSON_OUT, WEB_MODE } = roundOptions(20);
const QUEUE = Number(option('queue', 1000));
const INTERVAL_MS = Number(option('interval', KSEF_SUBMIT_INTERVAL_MS));
/** A participant may hold at most 20 units of a product (LIMITS.maxQuantity): 20 one-item orders each. */
const ORDERS_PER_BUYER = 20;
const QUEUE_LANES = 16;
const QUEUE_TIMEOUT_MS = 30 * 60_000;
const VARIANTS = [
  ['kubek-latarnia', 'standard'],
  ['koszulka-baltyk', 'M'],
  ['bluza-sztorm', 'M'],
];

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stack as the participants and the admin reach it over HTTP. */
function client(stack) {
  const target = { functionsUrl: stack.urls.functions, projectId: stack.projectId, region: stack.region };
  const { dbGet, dbPatch, register, placeOrder } = benchClient(stack, { prefix: 'ksef', buyer: LATARNIK });
  /** The admin confirms the transfer by hand: the invoice and its KSeF outbox entry are written in one update. */
  async function confirmPayment(orderId) {
    const { ok, status, body } = await callAdminCallable(
      target,
      'confirmPayment',
      { orderId },
      { callerUid: 'ksef-bench-admin' },
    );
    if (!ok) throw new Error(`confirmPayment answered ${status}: ${JSON.stringify(body.error ?? body)}`);
    return body.result;
  }
  /**
   * The runner as `npm start` runs it (startInterval, scripts/lib/adminCallable.mjs: a tick now and every
   * INTERVAL_MS, skipped while a run is going); its stop also waits for a run in flight to finish.
   */
  function startRunner() {
    let inFlight = Promise.resolve();
    const runs = [];
    const stopTimer = startInterval(
      () => {
        const startedAt = Date.now();
        inFlight = runKsefSubmit(target).then(
          (result) => (
            runs.push({
              startedAt,
              ms: Date.now() - startedAt,
              accepted: result?.accepted?.length ?? 0,
              busy: Boolean(result?.busy),
            }),
            result
          ),
        );
        return inFlight;
      },
      {
        what: 'KSeF submission',
        intervalMs: INTERVAL_MS,
        log: (line) => log(`runner: ${line}`),
        report: (result) => result?.accepted?.length && log(`runner: ${result.accepted.length} accepted`),
      },
    );
    return {
      runs,
      stop: async () => {
        stopTimer();
        await inFlight.catch(() => undefined);
      },
    };
  }
  const received = async () => (await fetch(stack.urls.ksefReceived)).json();
  return { dbGet, dbPatch, register, placeOrder, confirmPayment, startRunner, received };
}

/** Enough stock for the bench's orders (the demo stock sells out after a few hundred). */
async function raiseStock(c) {
  for (const [productId, variantId] of VARIANTS) {
    const variant = await c.dbGet(`products/${productId}/variants/${variantId}`);
    await c.dbPatch(`products/${productId}/variants/${variantId}`, {
      stock: variant.sold + QUEUE + WARMUP + ROUNDS + 100,
    });
  }
}

/** Part 1: per round, the admin's confirmation answered → the participant's open invoice shows its KSeF number. */
async function paymentToKsefNumber(stack, c) {
  const user = await c.register('page');
  const { browser, page } = await ordersPage(stack, user);
  const runner = c.startRunner();
  const rounds = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const order = await c.placeOrder(user, VARIANTS[round % VARIANTS.length]);
    const cardSelector = `[data-testid="order-card"][data-order-number="${order.number}"]`;
    const card = page.locator(cardSelector);
    await page.locator(`${cardSelector}[data-status="pending"]`).waitFor();
    const numberShown = whenShown(page, '[data-testid="ksef-number"]');
    const pageShown = whenShown(page, '[data-testid="invoice-number"]');
    const confirmStartedAt = Date.now();
    const confirmed = await c.confirmPayment(order.orderId);
    const answeredAt = Date.now();
    // The participant opens the invoice from the order card as soon as the card offers it.
    await card.getByRole('link', { name: `Faktura ${confirmed.invoiceNumber}` }).click();
    const [shownAt, openAt] = await Promise.all([numberShown, pageShown]);
    const shownNumber = await page.getByTestId('ksef-number').innerText();
    // The /ksef record (what the page reads) is written before the outbox entry turns `accepted`: its stamp is the acceptance.
    const [entry, record] = await Promise.all([
      c.dbGet(`ksefOutbox/${confirmed.invoiceId}`),
      c.dbGet(`ksef/${user.uid}/${confirmed.invoiceId}`),
    ]);
    if (!entry?.sent || record?.ksefNumber !== shownNumber.trim())
      throw new Error(
        `round ${round + 1}: the page shows ${shownNumber}, /ksef holds ${record?.ksefNumber}, the outbox ${JSON.stringify(entry)}`,
      );
    if (round >= WARMUP) {
      rounds.push({
        total: shownAt - answeredAt,
        confirmation: answeredAt - confirmStartedAt,
        invoiceOpen: openAt - answeredAt,
        untilSent: entry.sent.at - answeredAt,
        sentToAccepted: record.recordedAt - entry.sent.at,
        acceptedToShown: shownAt - record.recordedAt,
      });
    }
    log(
      `round ${round + 1}/${WARMUP + ROUNDS}${round < WARMUP ? ' (warm-up)' : ''}: ` +
        `confirmation answered → KSeF number on screen ${(shownAt - answeredAt).toFixed(0)} ms ` +
        `(sent after ${entry.sent.at - answeredAt} ms, recorded ${record.recordedAt - entry.sent.at} ms later)`,
    );
    await page.goBack();
    await card.waitFor();
  }
  await runner.stop();
  await browser.close();
  return rounds;
}

/** Part 2, set-up: QUEUE company orders placed and confirmed through the callables while the runner is stopped. */
async function queueInvoices(c) {
  const buyerCount = Math.ceil(QUEUE / ORDERS_PER_BUYER);
  log(
    `Registering ${buyerCount} participants, then placing and confirming ${QUEUE} company orders (${QUEUE_LANES} at once)…`,
  );
  const buyers = [];
  for (let b = 0; b < buyerCount; b += QUEUE_LANES)
    buyers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(QUEUE_LANES, buyerCount - b) }, (_, i) => c.register(`queue-${b + i}`)),
      )),
    );
  const invoices = [];
  const startedAt = Date.now();
  let nextBuyer = 0;
  await Promise.all(
    Array.from({ length: QUEUE_LANES }, async () => {
      // A buyer's orders one after another (each order takes the basket whole), QUEUE_LANES buyers at once.
      while (nextBuyer < buyerCount) {
        const b = nextBuyer++;
        for (let n = b * ORDERS_PER_BUYER; n < Math.min(QUEUE, (b + 1) * ORDERS_PER_BUYER); n++) {
          const order = await c.placeOrder(buyers[b], VARIANTS[b % VARIANTS.length]);
          const confirmed = await c.confirmPayment(order.orderId);
          invoices.push({ uid: buyers[b].uid, invoiceId: confirmed.invoiceId, number: confirmed.invoiceNumber });
          if (invoices.length % 100 === 0)
            log(`${invoices.length}/${QUEUE} invoices issued (${((Date.now() - startedAt) / 1000).toFixed(0)} s)`);
        }
      }
    }),
  );
  return { invoices, queueingMs: Date.now() - startedAt };
}

/** Part 2: start the runner over the queued invoices; wait until every one is accepted; check for duplicates. */
async function queue(c) {
  const { invoices, queueingMs } = await queueInvoices(c);
  const ids = new Set(invoices.map((i) => i.invoiceId));
  const outbox = async () => Object.values((await c.dbGet('ksefOutbox')) ?? {}).filter((e) => ids.has(e.documentId));
  const queued = (await outbox()).filter((e) => e.status === 'queued').length;
  log(
    `${queued}/${QUEUE} invoices queued in the outbox after ${(queueingMs / 1000).toFixed(0)} s; starting the runner…`,
  );
  const sessionsBefore = new Set((await c.received()).sessions.map((s) => s.reference));
  const startedAt = Date.now();
  const runner = c.startRunner();
  let entries = [];
  for (;;) {
    entries = await outbox();
    const accepted = entries.filter((e) => e.status === 'accepted').length;
    if (accepted === QUEUE || entries.some((e) => e.status === 'rejected') || Date.now() - startedAt > QUEUE_TIMEOUT_MS)
      break;
    await pause(2000);
  }
  await runner.stop();
  const doneAt = Date.now();

  const received = await c.received();
  const numbers = new Set(invoices.map((i) => i.number));
  const ours = received.invoices.filter((i) => numbers.has(i.invoiceNumber));
  const receivedPerNumber = new Map();
  for (const i of ours) receivedPerNumber.set(i.invoiceNumber, (receivedPerNumber.get(i.invoiceNumber) ?? 0) + 1);
  const records = Object.assign(
    {},
    ...(await Promise.all(
      [...new Set(invoices.map((i) => i.uid))].map(async (uid) =>
        Object.fromEntries(Object.entries((await c.dbGet(`ksef/${uid}`)) ?? {}).map(([id, r]) => [id, r.ksefNumber])),
      ),
    )),
  );
  const byNumber = new Map(ours.map((i) => [i.invoiceNumber, i]));
  // /ksefNumbers/{KSeF number} → the document that holds it: more than one claim for a document would be two numbers.
  const claimsPerInvoice = new Map();
  for (const claim of Object.values((await c.dbGet('ksefNumbers')) ?? {}))
    if (ids.has(claim.invoiceId))
      claimsPerInvoice.set(claim.invoiceId, (claimsPerInvoice.get(claim.invoiceId) ?? 0) + 1);
  const accepted = entries.filter((e) => e.status === 'accepted');
  const consistent = invoices.filter((inv) => {
    const entry = entries.find((e) => e.documentId === inv.invoiceId);
    return (
      entry?.ksefNumber &&
      records[inv.invoiceId] === entry.ksefNumber &&
      byNumber.get(inv.number)?.ksefNumber === entry.ksefNumber
    );
  }).length;
  const sentAt = accepted.map((e) => e.sent.at);
  const acceptedAt = accepted.map((e) => e.acceptedAt);
  return {
    queueingMs,
    queued,
    accepted: accepted.length,
    rejected: entries.filter((e) => e.status === 'rejected').length,
    allAcceptedMs: accepted.length ? Math.max(...acceptedAt) - startedAt : null,
    firstAcceptedMs: accepted.length ? Math.min(...acceptedAt) - startedAt : null,
    sendingMs: sentAt.length ? [Math.min(...sentAt) - startedAt, Math.max(...sentAt) - startedAt] : null,
    waitedMs: doneAt - startedAt,
    sessionsUsed: new Set(ours.map((i) => i.sessionReference)).size,
    sessionsOpened: received.sessions.filter((s) => !sessionsBefore.has(s.reference)).length,
    receivedTotal: ours.length,
    receivedOnce: [...numbers].filter((n) => receivedPerNumber.get(n) === 1).length,
    receivedTwice: [...receivedPerNumber.values()].filter((n) => n > 1).length,
    duplicateAnswers: ours.filter((i) => i.statusCode === 440).length,
    distinctKsefNumbers: new Set(accepted.map((e) => e.ksefNumber)).size,
    oneNumberEach: [...ids].filter((id) => claimsPerInvoice.get(id) === 1).length,
    consistent,
    sendAttempts: summary(accepted.map((e) => e.attempts ?? 0)),
    runs: runner.runs,
  };
}

async function main() {
  const stack = await benchStack({ web: WEB_MODE });
  const c = client(stack);
  let rounds;
  let q;
  try {
    await raiseStock(c);
    // --rounds 0 --warmup 0: the queue alone.
    rounds = WARMUP + ROUNDS > 0 ? await paymentToKsefNumber(stack, c) : [];
    if (rounds.length) reportRounds(rounds);
    q = QUEUE > 0 ? await queue(c) : null;
  } finally {
    await stack.stop();
  }
  reportQueue(rounds, q);
}

function reportRounds(rounds) {
  const part = (key) => fmt(summary(rounds.map((r) => r[key])));
  console.log(
    `\nKSeF submission, web ${WEB_MODE}, runner: submitKsef every ${INTERVAL_MS} ms (as npm start), on ${machine()}`,
  );
  console.log(
    `\nConfirmation answered → KSeF number on the participant's open invoice (${ROUNDS} payments after ${WARMUP} warm-up)`,
  );
  console.log(`  total                          ${part('total')}`);
  console.log(`  confirmPayment's own answer    ${part('confirmation')}  (before the start)`);
  console.log(
    `  answer → sent to KSeF          ${part('untilSent')}  (the wait for the runner's tick, login, session)`,
  );
  console.log(`  sent → recorded (/ksef)        ${part('sentToAccepted')}`);
  console.log(`  recorded → shown               ${part('acceptedToShown')}`);
  console.log(`  answer → invoice page open     ${part('invoiceOpen')}`);
}

function reportQueue(rounds, q) {
  if (q) {
    console.log(
      `\n${QUEUE} invoices queued at once (placed and confirmed in ${(q.queueingMs / 1000).toFixed(0)} s with the runner stopped; ${q.queued} queued), at the end on ${machine()}`,
    );
    console.log(
      `  runner started → all accepted  ${q.allAcceptedMs} ms (first after ${q.firstAcceptedMs} ms; sent between ${q.sendingMs?.join(' and ')} ms)`,
    );
    console.log(
      `  accepted ${q.accepted}/${QUEUE}, rejected ${q.rejected}; KSeF sessions used ${q.sessionsUsed} (opened ${q.sessionsOpened})`,
    );
    console.log(
      `  received by the stand-in ${q.receivedTotal}: each number once ${q.receivedOnce}, twice or more ${q.receivedTwice}, 440 duplicates ${q.duplicateAnswers}`,
    );
    console.log(
      `  runner calls ${q.runs.length}: ${q.runs.map((r) => `${r.accepted} accepted in ${r.ms} ms${r.busy ? ' (busy)' : ''}`).join(', ')}`,
    );
    console.log(
      `  distinct KSeF numbers ${q.distinctKsefNumbers}` +
        `; invoices with exactly one claimed number (/ksefNumbers) ${q.oneNumberEach}` +
        `; the same number in /ksef, the outbox and the stand-in ${q.consistent}` +
        `; send attempts per entry max ${q.sendAttempts.max}`,
    );
  }
  if (JSON_OUT)
    writeFileSync(
      path.resolve(ROOT, JSON_OUT),
      JSON.stringify({ machine: machine(), intervalMs: INTERVAL_MS, rounds, queue: q }, null, 2),
    );
  const ok =
    !q ||
    (q.accepted === QUEUE &&
      q.receivedOnce === QUEUE &&
      q.receivedTwice === 0 &&
      q.duplicateAnswers === 0 &&
      q.distinctKsefNumbers === QUEUE &&
      q.oneNumberEach === QUEUE &&
      q.consistent === QUEUE);
  failUnless(ok, 'NOT every queued invoice was accepted exactly once.');
}

runBench(main);
