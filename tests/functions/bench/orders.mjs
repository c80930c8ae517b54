#!/usr/bin/env node
// Order placement under contention: `npm run bench:orders [-- --buyers 100 --parallel 4]`.
// Starts the local stack (our RTDB emulator + the Auth and Functions emulators), creates buyers with
// real Auth emulator users, and places orders through the web SDK's httpsCallable, measuring the
// latency of each call as the client sees it. Results are meant for docs/benchmarks.md.
//
// Other modes:
//   --burst 200     200 buyers call placeTicketOrder at once on a freshly started stack, configured as
//                   `npm start` configures it (`--no-warm`: functions not warmed), with quota for half of
//                   them: every call must be answered, with an order or a defined refusal; prints
//                   answered / ok / refusals / errors and the peak number of Functions emulator workers.
//   --rush          the opening of ticket sales: --buyers (default here 1000) buyers press „Zamawiam" at
//                   evenly spread moments within --window seconds (10) for one ticket type with --left
//                   (300) tickets, once per database latency in --latency (ms each way, "0,40"; the
//                   emulator's --latency, ± a quarter as jitter). Prints throughput, p50/p95/max, every
//                   outcome, the oversell check, the try-again and sold-out answers given while tickets
//                   remained (before the bench's listener saw `sold` reach the quota), the database
//                   requests (GET /.emulator/requests) and sequential round trips one order needs,
//                   measured on single orders placed alone, and the CPU time the database emulator, the
//                   instances and the bench used during the rush (Linux /proc).
//                   `--instances K`: instead of the Functions emulator (one call per worker process),
//                   K child processes load the compiled callables (functions/lib) and serve calls
//                   concurrently, each with its own Admin SDK connection, as production instances do
//                   (tests/functions/bench/rushInstance.mjs); buyers are uids without Auth accounts.
//                   Each serves at most --concurrency (80, the Cloud Functions v2 default) calls at once;
//                   further calls wait for a free slot, and that wait counts in their answer time.
//   --first-calls   the first user actions after start-up (`npm start`'s stack, demo data): first and
//                   second placeMerchOrder, confirmPayment and handOutPickupItems, each timed.
//                   `--no-warm` starts the stack without warming the functions, for comparison.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { deleteApp as deleteAdminApp, initializeApp as initAdmin } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { ROOT, buildAll, startStack } from '../../../scripts/lib/stack.mjs';
import { flag, option } from '../../helpers/benchArgs.mjs';
import { PERSON } from '../../helpers/buyers.mjs';
import { registrationRecords } from '../../helpers/registration.mjs';

const rushMode = flag('rush');
const args = {
  // --rush is about an opening's crowd: 1000 buyers unless told otherwise.
  buyers: option('buyers', rushMode ? '1000' : '100'),
  // Unset: the stack's own setting (scripts/lib/stack.mjs), i.e. what `npm start` runs with.
  parallel: option('parallel', undefined),
  burst: option('burst', undefined),
  firstCalls: flag('first-calls'),
  rush: rushMode,
  left: option('left', '300'),
  window: option('window', '10'),
  latency: option('latency', '0,40'),
  instances: option('instances', undefined),
  concurrency: option('concurrency', '80'),
  noWarm: flag('no-warm'),
  noBuild: flag('no-build'),
};
if (args.parallel) process.env.FUNCTIONS_EMULATOR_PARALLEL = args.parallel;

const PASSWORD = 'haslo-bench-123';
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const idempotencyKey = () => randomUUID().replaceAll('-', '');

function machine(stack) {
  const parallel = stack.functionsParallel ?? process.env.FUNCTIONS_EMULATOR_PARALLEL ?? 'firebase-tools default (50)';
  return `${os.cpus().length} × ${os.cpus()[0]?.model?.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, Functions emulator parallel requests: ${parallel}`;
}

/** Process ids of the Functions emulator's worker processes (children of the firebase-tools process; Linux /proc). */
function workerPids(firebasePid) {
  const pids = [];
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === firebasePid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('functionsEmulatorRuntime'))
        pids.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return pids;
}

const RELOAD_LINE = /Loaded functions definitions from source/g;

/**
 * Watches the Functions emulator while a scenario runs: peak worker processes, "Failed to …" lines, and
 * reloads (a rebuild of functions/lib, e.g. by a test run on the same checkout, replaces every worker).
 */
function watchFunctionsEmulator(stack) {
  const firebase = stack.processes.find((p) => p.name === 'firebase');
  let peakWorkers = workerPids(firebase.child.pid).length;
  let failedStarts = 0;
  let reloads = 0;
  const onData = (chunk) => {
    failedStarts += (String(chunk).match(/Failed to (load function|start functions|handle request)/g) ?? []).length;
    reloads += (String(chunk).match(RELOAD_LINE) ?? []).length;
  };
  firebase.child.stdout.on('data', onData);
  firebase.child.stderr.on('data', onData);
  const timer = setInterval(() => {
    peakWorkers = Math.max(peakWorkers, workerPids(firebase.child.pid).length);
  }, 250);
  return () => {
    clearInterval(timer);
    firebase.child.stdout.off('data', onData);
    firebase.child.stderr.off('data', onData);
    return { peakWorkers: Math.max(peakWorkers, workerPids(firebase.child.pid).length), failedStarts, reloads };
  };
}

let built = false;
async function withStack(options, run) {
  if (!args.noBuild && !built) buildAll();
  built = true;
  const loadBefore = os.loadavg()[0].toFixed(1);
  const startedAt = performance.now();
  const stack = await startStack({ ports: 'free', seed: false, web: false, ...options });
  const startupMs = performance.now() - startedAt;
  Object.assign(process.env, stack.env);
  const admin = initAdmin(
    { projectId: stack.projectId, databaseURL: `${stack.urls.rtdb}?ns=${stack.namespace}` },
    'bench-admin',
  );
  const context = {
    stack,
    startupMs,
    db: getDatabase(admin),
    adminAuth: getAdminAuth(admin),
    apps: [],
    fnUrl: new URL(stack.urls.functions),
  };
  try {
    await run(context);
    console.log(
      `\nMachine: ${machine(stack)}; 1-minute load average before→after: ${loadBefore}→${os.loadavg()[0].toFixed(1)}; ${new Date().toISOString()}`,
    );
  } finally {
    await Promise.allSettled(context.apps.map((a) => deleteApp(a)));
    await context.db.goOffline();
    await deleteAdminApp(admin);
    await stack.stop();
  }
}

/** Signs an existing Auth emulator account in with the web SDK in its own app; returns its Functions client. */
async function signedIn(ctx, email, password) {
  const app = initializeApp(
    { projectId: ctx.stack.projectId, apiKey: 'demo-key', appId: 'demo' },
    `bench-${randomUUID()}`,
  );
  ctx.apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, ctx.stack.urls.auth, { disableWarnings: true });
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  const functions = getFunctions(app, ctx.stack.region);
  connectFunctionsEmulator(functions, ctx.fnUrl.hostname, Number(ctx.fnUrl.port));
  return { uid: user.uid, email, functions };
}

/** `count` new buyers, signed in, each with a profile and a `self` participant. */
async function createBuyers(ctx, count) {
  const buyers = [];
  for (let i = 0; i < count; i += 25) {
    buyers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, count - i) }, async () => {
          const email = `bench-${randomUUID().slice(0, 12)}@example.com`;
          await ctx.adminAuth.createUser({ email, password: PASSWORD });
          return signedIn(ctx, email, PASSWORD);
        }),
      )),
    );
  }
  await writeBuyerFixtures(ctx.db, buyers);
  return buyers;
}

/** A profile and a `self` participant for each buyer. */
async function writeBuyerFixtures(db, buyers) {
  const now = Date.now();
  const fixtures = {};
  for (const b of buyers)
    Object.assign(fixtures, registrationRecords(b, { firstName: 'Bench', lastName: 'Kupujący' }, now));
  for (let i = 0, entries = Object.entries(fixtures); i < entries.length; i += 500)
    await db.ref().update(Object.fromEntries(entries.slice(i, i + 500)));
}

/** Outcome of one callable: 'ok', the refusal's reason (a defined refusal), or `error: <code>`. */
async function outcomeOf(promise) {
  try {
    await promise;
    return 'ok';
  } catch (e) {
    return typeof e.details?.reason === 'string' ? e.details.reason : `error: ${e.code ?? e.message}`;
  }
}

/** A buyer's order of their basket through `callable` (a fresh idempotency key): its outcome (outcomeOf). */
const placeOrder = (b, callable = 'placeTicketOrder', timeoutMs = 300_000) =>
  outcomeOf(
    httpsCallable(b.functions, callable, { timeout: timeoutMs })({
      idempotencyKey: idempotencyKey(),
      buyer: PERSON,
      acceptTerms: true,
    }),
  );

/** placeOrder, its time added to `latencies` and its outcome counted in `outcomes`. */
async function timedOrder(b, callable, timeoutMs, latencies, outcomes) {
  const t0 = performance.now();
  const outcome = await placeOrder(b, callable, timeoutMs);
  latencies.push(performance.now() - t0);
  outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
}

const ticketType = (quota, overrides = {}) => ({
  name: 'Karnet',
  description: '',
  priceGrosze: 14900,
  vatRate: 8,
  quota,
  sold: 0,
  active: true,
  sortOrder: 1,
  ...overrides,
});

/** Fills the baskets of `buyers` with one ticket of `ticketTypeId` for their own participant. */
async function fillBaskets(db, buyers, ticketTypeId) {
  const u = {};
  for (const b of buyers) u[`baskets/${b.uid}`] = { tickets: { self: { ticketTypeId } }, updatedAt: Date.now() };
  await db.ref().update(u);
}

/** Stores a product with one variant of plenty of stock and fills the baskets of `buyers` with one unit of it. */
async function fillMerchBaskets(db, buyers, productId, { name, priceGrosze, sortOrder, variantId, label }) {
  await db.ref(`products/${productId}`).set({
    name,
    description: '',
    priceGrosze,
    vatRate: 23,
    active: true,
    sortOrder,
    variants: { [variantId]: { label, stock: 1_000_000, sold: 0, sortOrder } },
  });
  const u = {};
  for (const b of buyers)
    u[`baskets/${b.uid}`] = {
      merch: { [`l-${productId[0]}`]: { productId, variantId, quantity: 1 } },
      updatedAt: Date.now(),
    };
  await db.ref().update(u);
}

// ------------------------------------------------------------------ contention scenarios (default)

async function contention(ctx) {
  const { db } = ctx;
  const BUYERS = Number(args.buyers);
  const buyers = await createBuyers(ctx, BUYERS);

  const scenario = async (label, setup, callable, concurrency = buyers.length) => {
    await setup();
    const latencies = [];
    const outcomes = {};
    const started = performance.now();
    const queue = [...buyers];
    const one = (b) => timedOrder(b, callable, 300_000, latencies, outcomes);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (queue.length) await one(queue.shift());
      }),
    );
    const wall = performance.now() - started;
    latencies.sort((a, b) => a - b);
    return {
      label,
      calls: buyers.length,
      wallMs: Math.round(wall),
      perSecond: +(buyers.length / (wall / 1000)).toFixed(1),
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      max: Math.round(latencies.at(-1)),
      outcomes,
    };
  };

  const results = [];
  // warm-up: spawns the worker processes so the measured runs do not include Node start-up
  await db.ref('ticketTypes/warm').set(ticketType(1_000_000, { name: 'Rozgrzewka', priceGrosze: 100, sortOrder: 0 }));
  await scenario('warm-up', () => fillBaskets(db, buyers, 'warm'), 'placeTicketOrder');
  const warmProduct = { name: 'Rozgrzewka', priceGrosze: 100, sortOrder: 0, variantId: 'v', label: 'x' };
  await scenario('warm-up', () => fillMerchBaskets(db, buyers, 'warm', warmProduct), 'placeMerchOrder');
  await db.ref('tickets').remove();

  /** A ticket type of its own for the scenario, in every buyer's basket. */
  const ticketsFor = (id, quota, overrides) => async () => {
    await db.ref(`ticketTypes/${id}`).set(ticketType(quota, overrides));
    await fillBaskets(db, buyers, id);
  };
  results.push(
    await scenario(
      `${BUYERS} buyers one after another (no contention: service time)`,
      ticketsFor('seq', 1_000_000),
      'placeTicketOrder',
      1,
    ),
  );
  results.push(
    await scenario(
      `${BUYERS} buyers at once, one ticket type, plenty left`,
      ticketsFor('plenty', 1_000_000),
      'placeTicketOrder',
    ),
  );
  results.push(
    await scenario(
      `${BUYERS} buyers at once, last ${Math.floor(BUYERS / 4)} tickets`,
      ticketsFor('last', Math.floor(BUYERS / 4), { name: 'Karnet — końcówka', sortOrder: 2 }),
      'placeTicketOrder',
    ),
  );
  const mug = { name: 'Kubek', priceGrosze: 3500, sortOrder: 1, variantId: 'std', label: 'standard' };
  results.push(
    await scenario(
      `${BUYERS} buyers at once, one merch variant, plenty left`,
      () => fillMerchBaskets(db, buyers, 'kubek', mug),
      'placeMerchOrder',
    ),
  );

  const plenty = (await db.ref('ticketTypes/plenty/sold').get()).val();
  const last = (await db.ref('ticketTypes/last').get()).val();
  console.log('\n| Scenario | Calls | Wall time | Orders/s | p50 | p95 | max | Outcomes |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.label} | ${r.calls} | ${(r.wallMs / 1000).toFixed(1)} s | ${r.perSecond} | ${r.p50} ms | ${r.p95} ms | ${r.max} ms | ${Object.entries(
        r.outcomes,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} |`,
    );
  }
  console.log(`\nConsistency: plenty.sold = ${plenty}, last.sold = ${last.sold} of quota ${last.quota}`);
}

// ------------------------------------------------------------------ --burst N

async function burst(ctx) {
  const { db } = ctx;
  const calls = Number(args.burst);
  const quota = Math.floor(calls / 2);
  const buyers = await createBuyers(ctx, calls);
  await db.ref('ticketTypes/burst').set(ticketType(quota));
  await fillBaskets(db, buyers, 'burst');

  const stopWatching = watchFunctionsEmulator(ctx.stack);
  const latencies = [];
  const outcomes = {};
  const started = performance.now();
  // The SDK's own 70 s limit: a call without an answer by then counts as unanswered.
  await Promise.all(buyers.map((b) => timedOrder(b, 'placeTicketOrder', 70_000, latencies, outcomes)));
  const wall = performance.now() - started;
  const { peakWorkers, failedStarts, reloads } = stopWatching();
  latencies.sort((a, b) => a - b);

  const ok = outcomes.ok ?? 0;
  const errors = Object.entries(outcomes).filter(([k]) => k.startsWith('error: '));
  const refusals = Object.entries(outcomes).filter(([k]) => k !== 'ok' && !k.startsWith('error: '));
  const unanswered = outcomes['error: functions/deadline-exceeded'] ?? 0;
  const sold = (await db.ref('ticketTypes/burst/sold').get()).val();
  const orders = Object.keys((await db.ref('orders').get()).val() ?? {}).length;
  console.log(
    `\nBurst: ${calls} placeTicketOrder calls at once on a freshly started stack (${args.noWarm ? 'functions not warmed' : 'functions warmed, as by npm start'}), quota ${quota}`,
  );
  console.log(
    '| Calls | Answered | ok | Refusals | Errors | Wall time | p50 | p95 | max | Peak worker processes | "Failed to …" log lines |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const list = (entries) =>
    entries.length ? ` (${entries.map(([k, v]) => `${k.replace(/^error: /, '')} ${v}`).join(', ')})` : '';
  console.log(
    `| ${calls} | ${calls - unanswered} | ${ok} | ${refusals.reduce((n, [, v]) => n + v, 0)}` +
      `${list(refusals)} | ${errors.reduce((n, [, v]) => n + v, 0)}${list(errors)} | ` +
      `${(wall / 1000).toFixed(1)} s | ${Math.round(percentile(latencies, 50))} ms | ` +
      `${Math.round(percentile(latencies, 95))} ms | ${Math.round(latencies.at(-1))} ms | ` +
      `${peakWorkers} | ${failedStarts} |`,
  );
  console.log(`\nConsistency: sold = ${sold} of quota ${quota}, orders stored = ${orders}, successful calls = ${ok}`);
  if (reloads)
    console.log(
      `Warning: the Functions emulator reloaded the functions ${reloads} time(s) during the burst (functions/lib was rebuilt).`,
    );
}

// ------------------------------------------------------------------ --rush

/** Protocol requests the database emulator received so far, by kind (an emulator-only endpoint). */
async function requestCounts(ctx) {
  const response = await fetch(`${ctx.stack.urls.rtdb}/.emulator/requests?ns=${ctx.stack.namespace}`);
  return response.json();
}

const countDelta = (before, after) =>
  Object.fromEntries(
    Object.keys(after)
      .map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)])
      .filter(([, v]) => v > 0),
  );

/** CPU time (user + system) a Linux process has used so far, in ms; null where /proc is not readable. */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of /proc/pid/stat, in clock ticks (USER_HZ = 100 on Linux)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** CPU used by each named process between two cpuSnapshot() calls, in ms. */
const cpuSnapshot = (pids) =>
  Object.fromEntries(
    Object.entries(pids).map(([name, list]) => [name, list.reduce((n, pid) => n + (cpuMsOf(pid) ?? 0), 0)]),
  );
const cpuDelta = (before, after) => Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]));

/**
 * When the rush type's `sold` reached its quota, as the bench's own listener saw it (ms after `origin`,
 * the performance.now() or Date.now() value `now` returns): an answer given before that moment was
 * decided while tickets remained.
 */
function watchSellOut(db, quota, now) {
  const ref = db.ref('ticketTypes/rush/sold');
  let at = null;
  const onSold = (snap) => {
    if (at === null && (snap.val() ?? 0) >= quota) at = now();
  };
  ref.on('value', onSold);
  return () => {
    ref.off('value', onSold);
    return at;
  };
}

const placeTicket = (b) => placeOrder(b);

/**
 * Single orders, one after another, with nothing else running: what one order costs in database
 * requests (by kind) and in time. Run for a successful order and for a refusal on a sold-out type.
 */
async function singleOrders(ctx, buyers, ticketTypeId, expected) {
  await fillBaskets(ctx.db, buyers, ticketTypeId);
  const times = [];
  const before = await requestCounts(ctx);
  for (const b of buyers) {
    const t0 = performance.now();
    const outcome = await (ctx.place ?? placeTicket)(b);
    times.push(performance.now() - t0);
    if (outcome !== expected) console.warn(`single order on ${ticketTypeId}: expected ${expected}, got ${outcome}`);
  }
  const after = await requestCounts(ctx);
  const perOrder = Object.fromEntries(
    Object.entries(countDelta(before, after)).map(([k, v]) => [k, +(v / buyers.length).toFixed(1)]),
  );
  times.sort((a, b) => a - b);
  return { perOrder, medianMs: Math.round(percentile(times, 50)) };
}

/** The rush's size from the options: buyers, tickets left, and the window they arrive in. */
const rushSize = () => ({
  BUYERS: Number(args.buyers),
  LEFT: Number(args.left),
  WINDOW_MS: Number(args.window) * 1000,
});

/** What the machine and the database had done before the rush (the summary reports the difference). */
async function rushBaseline(ctx) {
  return { loadBefore: os.loadavg()[0], countsBefore: await requestCounts(ctx) };
}

/**
 * Before a rush: the warm-up ticket type ordered by `warmers` (through `warm`); what one order needs,
 * alone, once the workers have served that type (5 successful ones now, 5 sold-out refusals on the
 * rush type after the rush: endRush); then the rush itself set up, a fresh ticket type with `left`
 * tickets, every buyer's basket holding one; and the counts before it.
 */
async function beforeRush(ctx, { buyers, warmers, warm, left }) {
  const { db } = ctx;
  await db.ref('ticketTypes/warm').set(ticketType(1_000_000));
  await fillBaskets(db, warmers, 'warm');
  await Promise.all(warmers.map(warm));
  const single = await singleOrders(ctx, buyers.slice(buyers.length - 5), 'warm', 'ok');
  await db.ref('ticketTypes/rush').set(ticketType(left));
  await fillBaskets(db, buyers, 'rush');
  return { single, baseline: await rushBaseline(ctx) };
}

/** After the rush: the database's and the machine's counts, five sold-out refusals alone, the summary. */
async function endRush(ctx, buyers, rush) {
  const countsAfter = await requestCounts(ctx);
  const loadAfter = os.loadavg()[0];
  const soldOutBuyers = new Set(rush.answers.filter((a) => a.outcome === 'sold-out').map((a) => a.uid));
  const soldOut = await singleOrders(
    ctx,
    buyers.filter((b) => soldOutBuyers.has(b.uid)).slice(0, 5),
    'rush',
    'sold-out',
  );
  return summarizeRush(ctx, { ...rush, soldOut, countsAfter, loadAfter });
}

async function rushAt(ctx, latencyMs) {
  const { db } = ctx;
  const { BUYERS, LEFT, WINDOW_MS } = rushSize();
  const buyers = await createBuyers(ctx, BUYERS);

  // Warm-up: starts every worker process of the Functions emulator (one request each at a time).
  const parallel = ctx.stack.functionsParallel;
  const warmers = buyers.slice(0, Math.min(BUYERS, 3 * parallel));
  const { single, baseline } = await beforeRush(ctx, { buyers, warmers, warm: placeTicket, left: LEFT });
  const rtdbPid = ctx.stack.processes.find((p) => p.name === 'rtdb').child.pid;
  const cpuBefore = cpuSnapshot({ database: [rtdbPid], bench: [process.pid] });
  const answers = [];
  const started = performance.now();
  const stopWatching = watchSellOut(db, LEFT, () => performance.now() - started);
  await Promise.all(
    buyers.map(async (b, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * WINDOW_MS) / BUYERS));
      const t0 = performance.now();
      const outcome = await placeTicket(b);
      const t1 = performance.now();
      answers.push({ uid: b.uid, outcome, ms: t1 - t0, at: t1 - started });
    }),
  );
  const wallMs = performance.now() - started;
  const soldOutAt = stopWatching();
  const cpu = cpuDelta(cpuBefore, cpuSnapshot({ database: [rtdbPid], bench: [process.pid] }));
  return endRush(ctx, buyers, { latencyMs, parallel, wallMs, answers, single, soldOutAt, cpu, ...baseline });
}

async function summarizeRush(
  ctx,
  {
    latencyMs,
    parallel,
    wallMs,
    answers,
    single,
    soldOut,
    countsBefore,
    countsAfter,
    loadBefore,
    loadAfter,
    soldOutAt,
    cpu,
  },
) {
  const { db } = ctx;
  const { BUYERS, LEFT, WINDOW_MS } = rushSize();
  const outcomes = {};
  for (const a of answers) outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const byOutcome = {};
  for (const outcome of Object.keys(outcomes)) {
    const ms = answers
      .filter((a) => a.outcome === outcome)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
    byOutcome[outcome] = { p50: Math.round(percentile(ms, 50)), p95: Math.round(percentile(ms, 95)) };
  }
  const oks = answers.filter((a) => a.outcome === 'ok');
  const lastOkAt = Math.max(0, ...oks.map((a) => a.at));
  // A refusal answered before the bench saw the last ticket go (its listener on `sold`, which sees it
  // at most one database latency late) was decided while tickets remained. Without a sell-out, every
  // try-again came while tickets remained.
  const ticketsGoneAt = soldOutAt ?? Infinity;
  const tryAgainWhileLeft = answers.filter((a) => a.outcome === 'try-again' && a.at < ticketsGoneAt).length;
  const soldOutWhileLeft = answers.filter((a) => a.outcome === 'sold-out' && a.at < ticketsGoneAt).length;

  const rushType = (await db.ref('ticketTypes/rush').get()).val();
  const orders = Object.values((await db.ref('orders').get()).val() ?? {});
  const rushOrders = orders.filter((o) => Object.values(o.lines ?? {}).some((l) => l.ticketTypeId === 'rush'));
  const rushTickets = rushOrders.reduce(
    (n, o) => n + Object.values(o.lines).filter((l) => l.ticketTypeId === 'rush').length,
    0,
  );
  const numbers = new Set(orders.map((o) => o.number));
  return {
    latencyMs,
    buyers: BUYERS,
    left: LEFT,
    windowMs: WINDOW_MS,
    parallel,
    wallMs,
    answered: answers.length,
    perSecond: answers.length / (wallMs / 1000),
    okPerSecond: oks.length / (lastOkAt / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1),
    outcomes,
    byOutcome,
    tryAgainWhileLeft,
    soldOutWhileLeft,
    soldOutAt,
    cpu,
    sold: rushType?.sold,
    rushOrders: rushOrders.length,
    rushTickets,
    duplicateNumbers: orders.length - numbers.size,
    single,
    soldOut,
    rushRequests: countDelta(countsBefore, countsAfter),
    load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
  };
}

/**
 * The rush served by `instances` child processes standing in for Cloud Functions instances
 * (rushInstance.mjs): only the database emulator runs, with `latencyMs`.
 */
async function rushOnInstances(latencyMs, instances) {
  if (!args.noBuild && !built) buildAll();
  built = true;
  const { BUYERS, LEFT, WINDOW_MS } = rushSize();
  const stack = await startStack({ ports: 'free', seed: false, web: false, functions: false, latencyMs });
  const admin = initAdmin(
    { projectId: stack.projectId, databaseURL: `${stack.urls.rtdb}?ns=${stack.namespace}` },
    `bench-admin-${latencyMs}`,
  );
  const db = getDatabase(admin);
  const rtdbHost = new URL(stack.urls.rtdb).host;
  const children = Array.from({ length: instances }, () =>
    fork(path.join(ROOT, 'tests', 'functions', 'bench', 'rushInstance.mjs'), [], {
      env: {
        ...process.env,
        BENCH_ROOT: ROOT,
        BENCH_CONCURRENCY: args.concurrency,
        FIREBASE_DATABASE_EMULATOR_HOST: rtdbHost,
        GCLOUD_PROJECT: stack.projectId,
        FIREBASE_CONFIG: JSON.stringify({
          projectId: stack.projectId,
          databaseURL: `https://${stack.namespace}.firebaseio.com`,
        }),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    }),
  );
  try {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve, reject) => {
            child.once('error', reject);
            child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
            child.once('message', resolve);
          }),
      ),
    );
    const waiting = new Map();
    let nextId = 0;
    for (const child of children)
      child.on('message', (m) => {
        waiting.get(m.id)?.(m);
        waiting.delete(m.id);
      });
    const call = (i, uid, at) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        children[i % instances].send({ kind: 'call', id, uid, at });
      });
    const buyers = Array.from({ length: BUYERS }, (_, i) => ({
      uid: `bench-${i}-${randomUUID().slice(0, 8)}`,
      email: `bench-${i}@example.com`,
    }));
    await writeBuyerFixtures(db, buyers);
    const ctx = { stack, db, place: (b) => call(0, b.uid, 0).then((m) => m.outcome) };

    // Warm-up: every instance loads its modules, connects and serves a few orders.
    const warmers = buyers.slice(0, 3 * instances);
    const warm = (b, i) => call(i, b.uid, 0);
    const { single, baseline } = await beforeRush(ctx, { buyers, warmers, warm, left: LEFT });
    const pids = {
      instances: children.map((c) => c.pid),
      database: [stack.processes.find((p) => p.name === 'rtdb').child.pid],
      bench: [process.pid],
    };
    const cpuBefore = cpuSnapshot(pids);
    const startAt = Date.now() + 1000;
    const stopWatching = watchSellOut(db, LEFT, () => Date.now() - startAt);
    const answers = await Promise.all(
      buyers.map(async (b, i) => {
        const m = await call(i, b.uid, startAt + (i * WINDOW_MS) / BUYERS);
        return { uid: b.uid, outcome: m.outcome, ms: m.ms, at: m.endedAt - startAt };
      }),
    );
    const wallMs = Math.max(...answers.map((a) => a.at));
    const soldOutAt = stopWatching();
    const cpu = cpuDelta(cpuBefore, cpuSnapshot(pids));
    const peakWaiting = await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            const id = nextId++;
            waiting.set(id, (m) => resolve(m.peakWaiting));
            child.send({ kind: 'stats', id });
          }),
      ),
    );
    const parallel =
      `${instances} instances × ${args.concurrency} concurrent calls` +
      ` (peak waiting for a slot: ${peakWaiting.join(', ')})`;
    return await endRush(ctx, buyers, { latencyMs, parallel, wallMs, answers, single, soldOutAt, cpu, ...baseline });
  } finally {
    for (const child of children) child.kill();
    await db.goOffline();
    await deleteAdminApp(admin);
    await stack.stop();
  }
}

async function rush() {
  const latencies = args.latency.split(',').map(Number);
  const results = [];
  for (const latencyMs of latencies) {
    if (args.instances) {
      const r = await rushOnInstances(latencyMs, Number(args.instances));
      results.push(r);
      console.log(`\nlatency ${latencyMs} ms: ${JSON.stringify(r)}`);
      continue;
    }
    await withStack({ latencyMs }, async (ctx) => {
      const r = await rushAt(ctx, latencyMs);
      results.push(r);
      console.log(`\nlatency ${latencyMs} ms: ${JSON.stringify(r)}`);
    });
  }
  const fmt = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
  const list = (o) =>
    Object.entries(o)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  console.log(
    `\nRush: ${results[0].buyers} buyers within ${results[0].windowMs / 1000} s, ` +
      `${results[0].left} tickets left, ` +
      `${args.instances ? results[0].parallel : `Functions emulator parallel workers: ${results[0].parallel}`}` +
      `; ${machine({})}; ${new Date().toISOString()}`,
  );
  console.log(
    '| Database latency (each way) | Load | Answered | Wall time | Answers/s | Orders/s | p50 | p95 | max | Outcomes | try-again / sold-out while tickets left | Oversell check |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const oversell =
      r.rushTickets > r.left || r.sold > r.left || r.sold !== r.rushTickets
        ? `FAILED: sold ${r.sold}, ${r.rushTickets} tickets in orders`
        : `ok: sold ${r.sold} = ${r.rushTickets} tickets in ${r.rushOrders} orders ≤ ${r.left}${r.duplicateNumbers ? `, ${r.duplicateNumbers} duplicate order numbers!` : ''}`;
    console.log(
      `| ${r.latencyMs} ms | ${r.load} | ${r.answered} of ${r.buyers} | ` +
        `${(r.wallMs / 1000).toFixed(1)} s | ${r.perSecond.toFixed(1)} | ` +
        `${r.okPerSecond.toFixed(1)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.max)} | ` +
        `${list(r.outcomes)} | ${r.tryAgainWhileLeft} / ${r.soldOutWhileLeft} | ${oversell} |`,
    );
  }
  console.log('\nAnswer times by outcome (p50 / p95):');
  for (const r of results)
    console.log(
      `- ${r.latencyMs} ms: ${Object.entries(r.byOutcome)
        .map(([k, v]) => `${k} ${fmt(v.p50)} / ${fmt(v.p95)}`)
        .join(', ')}`,
    );
  console.log('\nOne order alone (median of 5; requests per order by kind):');
  console.log('| Database latency | Successful order | its requests | Sold-out refusal | its requests |');
  console.log('|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.latencyMs} ms | ${r.single.medianMs} ms | ${list(r.single.perOrder)} | ${r.soldOut.medianMs} ms | ${list(r.soldOut.perOrder)} |`,
    );
  const zero = results.find((r) => r.latencyMs === 0);
  for (const r of results.filter((x) => x.latencyMs > 0 && zero)) {
    const trips = (ms0, ms) => ((ms - ms0) / (2 * r.latencyMs)).toFixed(1);
    console.log(
      `Sequential round trips at ${r.latencyMs} ms (time over the 0 ms run / round trip): ` +
        `successful order ` +
        `${trips(zero.single.medianMs, r.single.medianMs)}, sold-out refusal ` +
        `${trips(zero.soldOut.medianMs, r.soldOut.medianMs)}`,
    );
  }
  console.log('\nDatabase requests during the rush, by kind:');
  for (const r of results) console.log(`- ${r.latencyMs} ms: ${list(r.rushRequests)}`);
  console.log('\nCPU time during the rush (user + system), total and per call:');
  for (const r of results) {
    const cores = Object.values(r.cpu).reduce((n, ms) => n + ms, 0) / r.wallMs;
    console.log(
      `- ${r.latencyMs} ms: ${Object.entries(r.cpu)
        .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s (${(ms / r.answered).toFixed(1)} ms/call)`)
        .join(
          ', ',
        )}; ${cores.toFixed(2)} of ${os.cpus().length} cores busy on average over the ${(r.wallMs / 1000).toFixed(1)} s; ${r.parallel}`,
    );
  }
}

// ------------------------------------------------------------------ --first-calls

async function firstCalls(ctx) {
  const { db } = ctx;
  const demo = JSON.parse(readFileSync(path.join(ROOT, 'seed', 'demo-accounts.json'), 'utf8')).accounts;
  const account = (uid) => demo.find((a) => a.uid === uid);
  const [adminUser, staffUser, buyer] = await Promise.all(
    ['demoAdmin', 'demoStaff', 'demoUczestnik'].map((uid) => signedIn(ctx, account(uid).email, account(uid).password)),
  );
  const timed = async (label, run) => {
    const t0 = performance.now();
    const result = await run();
    return { label, ms: Math.round(performance.now() - t0), result };
  };
  const call = (who, name, data) => httpsCallable(who.functions, name, { timeout: 120_000 })(data).then((r) => r.data);

  const firebase = ctx.stack.processes.find((p) => p.name === 'firebase');
  const reloadsAtStartUp = (firebase.output.join('').match(RELOAD_LINE) ?? []).length - 1;
  const stopWatching = watchFunctionsEmulator(ctx.stack);
  const rows = [];
  const orders = [];
  for (const nth of ['first', 'second']) {
    await db.ref(`baskets/${buyer.uid}`).set({
      merch: { m1: { productId: 'kubek-latarnia', variantId: 'standard', quantity: 1 } },
      updatedAt: Date.now(),
    });
    const row = await timed(`${nth} placeMerchOrder (participant)`, () =>
      call(buyer, 'placeMerchOrder', { idempotencyKey: idempotencyKey(), buyer: PERSON, acceptTerms: true }),
    );
    rows.push(row);
    orders.push(row.result.orderId);
  }
  for (const [i, nth] of ['first', 'second'].entries()) {
    rows.push(
      await timed(`${nth} confirmPayment (admin)`, () => call(adminUser, 'confirmPayment', { orderId: orders[i] })),
    );
  }
  const pickups = (await db.ref(`pickups/${buyer.uid}`).get()).val() ?? {};
  for (const [i, nth] of ['first', 'second'].entries()) {
    const itemIds = Object.entries(pickups)
      .filter(([, item]) => item.orderId === orders[i] && item.status === 'waiting')
      .map(([id]) => id);
    rows.push(
      await timed(`${nth} handOutPickupItems (staff)`, () =>
        call(staffUser, 'handOutPickupItems', { uid: buyer.uid, itemIds }),
      ),
    );
  }
  const { reloads, peakWorkers } = stopWatching();
  console.log(
    `\nFirst user actions after start-up (` +
      `${args.noWarm ? 'functions not warmed' : 'functions warmed at start-up'}` +
      `; start-up took ${(ctx.startupMs / 1000).toFixed(1)} s; ${peakWorkers} worker processes)`,
  );
  if (reloadsAtStartUp + reloads > 0)
    console.log(
      `Warning: the Functions emulator reloaded the functions ${reloadsAtStartUp + reloads} time(s) (functions/lib was rebuilt), which replaces the warm workers: these are cold starts.`,
    );
  console.log('| Call | Latency |');
  console.log('|---|---|');
  for (const r of rows) console.log(`| ${r.label} | ${r.ms} ms |`);
}

// ------------------------------------------------------------------ main

async function main() {
  if (args.rush) {
    await rush();
  } else if (args.burst) {
    await withStack({ warm: !args.noWarm }, burst);
  } else if (args.firstCalls) {
    // Like `npm start`: demo data and (unless --no-warm) the functions warmed before the stack is ready.
    await withStack({ seed: true, warm: !args.noWarm }, firstCalls);
  } else {
    await withStack({}, contention);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
