#!/usr/bin/env node
// Memory of `npm start` under a day's traffic (issue 23 §6; numbers in docs/benchmarks.md).
//
// Starts `npm start` (ports from the environment: set RTDB_PORT, AUTH_PORT, FUNCTIONS_PORT, WEB_PORT,
// HUB_PORT, LOGGING_PORT, MAIL_SMTP_PORT, MAIL_HTTP_PORT so it does not clash with another stack),
// then for --minutes drives what the end-to-end layer does through the same callables: each round
// registers a participant, adds a family member, orders tickets, the administrator confirms the
// payment, the staff hands an item out, a merchandise order is placed and cancelled; every fifth
// round every callable gets FUNCTIONS_EMULATOR_PARALLEL concurrent requests at once (parallel test
// files reaching the same function). Every --sample-s seconds it prints the RSS of npm start's whole
// process tree and how many Functions emulator workers it has, and at the end one summary line.
//
//   node tests/functions/bench/stack-memory.mjs --minutes 60 [--sample-s 30] [--pause-ms 3000]
import { spawn } from 'node:child_process';
import os from 'node:os';
import {
  FUNCTIONS_PARALLEL_DEFAULT,
  NAMESPACE,
  PROJECT_ID as PROJECT,
  REGION,
  ROOT,
} from '../../../scripts/lib/stack.mjs';
import { listCallables } from '../../../scripts/lib/warmFunctions.mjs';
import { option } from '../../helpers/benchArgs.mjs';
import { USTKA } from '../../helpers/buyers.mjs';
import { listProcesses } from '../../helpers/processes.mjs';
import { signInWithPassword } from '../../helpers/stackHttp.mjs';

const minutes = Number(option('minutes', 60));
const sampleS = Number(option('sample-s', 30));
const pauseMs = Number(option('pause-ms', 3000));

const port = (name, fallback) => Number(process.env[name]) || fallback;
const urls = {
  rtdb: `http://127.0.0.1:${port('RTDB_PORT', 9000)}`,
  auth: `http://127.0.0.1:${port('AUTH_PORT', 9099)}`,
  functions: `http://127.0.0.1:${port('FUNCTIONS_PORT', 5001)}`,
};
const ADMIN = { email: 'admin@example.com', password: 'Admin-Zlot-2027' };
const STAFF = { email: 'obsluga@example.com', password: 'Obsluga-Zlot-2027' };

/** RSS (bytes) of `rootPid` and all its descendants, and how many of them are Functions workers. */
function treeMemory(rootPid) {
  const all = listProcesses();
  const parent = new Map(all.map((p) => [p.pid, p.ppid]));
  const inTree = (pid) => {
    for (let cur = pid; cur > 1; cur = parent.get(cur) ?? 0) if (cur === rootPid) return true;
    return false;
  };
  let rss = 0;
  let workers = 0;
  let processes = 0;
  for (const p of all) {
    if (!inTree(p.pid)) continue;
    rss += p.rss;
    processes++;
    if (p.functionsWorker) workers++;
  }
  return { rss, workers, processes };
}

const tokens = new Map();
async function idToken({ email, password }) {
  const cached = tokens.get(email);
  if (cached && cached.until > Date.now()) return cached.token;
  const token = (await signInWithPassword(urls.auth, { email, password })).idToken;
  tokens.set(email, { token, until: Date.now() + 30 * 60_000 });
  return token;
}

async function call(account, name, data) {
  const response = await fetch(`${urls.functions}/${PROJECT}/${REGION}/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(account ? { authorization: `Bearer ${await idToken(account)}` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${name}: ${body.error.message}`);
  return body.result;
}

const db = (path) => `${urls.rtdb}/${path}.json?ns=${NAMESPACE}&auth=owner`;
const dbPatch = async (path, body) => {
  const response = await fetch(db(path), { method: 'PATCH', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`PATCH /${path}: ${response.status}`);
};
const dbGet = async (path) => (await fetch(db(path))).json();

const buyer = { ...USTKA, name: 'Kupujący Pomiarowy' };

/** One participant's day, as the end-to-end files play it. */
async function round(n) {
  const email = `pomiar-${process.pid}-${n}@example.com`;
  const account = { email, password: 'Latarnia-2027' };
  const signUp = await fetch(`${urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, returnSecureToken: true }),
  });
  const { localId: uid } = await signUp.json();
  await call(account, 'completeRegistration', {
    firstName: 'Jan',
    lastName: `Pomiarowy ${n}`,
    phone: '+48 600 200 300',
    country: 'PL',
    consents: { terms: true, privacy: true, marketing: false },
  });
  const { memberId } = await call(account, 'addMember', {
    firstName: 'Zosia',
    lastName: `Pomiarowa ${n}`,
    birthYear: 2016,
    relation: 'child',
  });
  await dbPatch(`baskets/${uid}`, {
    tickets: { self: { ticketTypeId: 'bilet-jednodniowy' }, [memberId]: { ticketTypeId: 'bilet-dzieciecy' } },
    updatedAt: Date.now(),
  });
  const tickets = await call(account, 'placeTicketOrder', {
    idempotencyKey: crypto.randomUUID(),
    buyer,
    acceptTerms: true,
  });
  await call(ADMIN, 'confirmPayment', { orderId: tickets.orderId });
  const pickups = (await dbGet(`pickups/${uid}`)) ?? {};
  const first = Object.keys(pickups)[0];
  if (first) await call(STAFF, 'handOutPickupItems', { uid, itemIds: [first] });
  await dbPatch(`baskets/${uid}`, {
    merch: { 'line-1': { productId: 'kubek-latarnia', variantId: 'standard', quantity: 1 } },
    updatedAt: Date.now(),
  });
  const merch = await call(account, 'placeMerchOrder', {
    idempotencyKey: crypto.randomUUID(),
    buyer,
    acceptTerms: true,
  });
  await call(account, 'cancelOrder', { orderId: merch.orderId });
}

/** Every callable at once, `parallel` requests each (anonymous: each refuses before touching data). */
async function burst(callables, parallel) {
  await Promise.all(
    callables.flatMap(({ name }) => Array.from({ length: parallel }, () => call(null, name, {}).catch(() => {}))),
  );
}

const started = Date.now();
const stack = spawn('npm', ['start'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
stack.stdout.on('data', (chunk) => {
  output = (output + chunk).slice(-20_000);
});
stack.stderr.on('data', (chunk) => {
  output = (output + chunk).slice(-20_000);
});
const stop = () => {
  try {
    process.kill(-stack.pid, 'SIGINT');
  } catch {
    /* gone */
  }
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});
while (!output.includes('Press Ctrl+C to stop everything')) {
  if (stack.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
  if (Date.now() - started > 600_000) {
    stop();
    throw new Error(`npm start not ready in 10 min:\n${output}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const parallel = Number(process.env.FUNCTIONS_EMULATOR_PARALLEL) || FUNCTIONS_PARALLEL_DEFAULT;
const callables = await listCallables(urls.functions);
console.log(
  `npm start ready in ${((Date.now() - started) / 1000).toFixed(0)} s; ${callables.length}` +
    ` callables; driving for ${minutes} min; machine: ${os.cpus().length} × ` +
    `${os.cpus()[0]?.model?.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, Node ` +
    `${process.version}`,
);

const samples = [];
const sample = () => {
  const m = treeMemory(stack.pid);
  samples.push({ t: Math.round((Date.now() - driveStart) / 1000), ...m });
  console.log(
    `t=${String(Math.round((Date.now() - driveStart) / 60_000)).padStart(3)} min  RSS ` +
      `${(m.rss / 2 ** 20).toFixed(0).padStart(5)} MB  processes ${m.processes}` +
      `  function workers ${m.workers}  load ${os.loadavg()[0].toFixed(1)}`,
  );
};
const driveStart = Date.now();
sample();
const sampler = setInterval(sample, sampleS * 1000);
let rounds = 0;
let failures = 0;
while (Date.now() - driveStart < minutes * 60_000) {
  try {
    await round(rounds);
    if (rounds % 5 === 0) await burst(callables, parallel);
  } catch (error) {
    failures++;
    console.log(`round ${rounds} failed: ${error.message}`);
  }
  rounds++;
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
}
clearInterval(sampler);
sample();
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const first = samples[0];
const last = samples.at(-1);
const peak = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
console.log(
  `SUMMARY ${((Date.now() - driveStart) / 60_000).toFixed(1)} min, ${rounds} rounds (` +
    `${failures} failed): RSS at start ${mb(first.rss)}, peak ${mb(peak.rss)} (t=` +
    `${Math.round(peak.t / 60)} min), at end ${mb(last.rss)}; function workers at start ` +
    `${first.workers}, most ${Math.max(...samples.map((s) => s.workers))}, at end ` +
    `${last.workers}`,
);
stop();
await new Promise((resolve) => stack.once('exit', resolve));
