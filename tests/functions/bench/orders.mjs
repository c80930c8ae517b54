#!/usr/bin/env node
// Order placement under contention: `npm run bench:orders [-- --buyers 100 --parallel 4]`.
// Starts the local stack (our RTDB emulator + the Auth and Functions emulators), creates buyers with
// real Auth emulator users, and places orders through the web SDK's httpsCallable, measuring the
// latency of each call as the client sees it. Results are meant for docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { deleteApp as deleteAdminApp, initializeApp as initAdmin } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { buildAll, startStack } from '../../../scripts/lib/stack.mjs';

const { values: args } = parseArgs({
  options: {
    buyers: { type: 'string', default: '100' },
    parallel: { type: 'string', default: process.env.FUNCTIONS_EMULATOR_PARALLEL ?? '4' },
    'no-build': { type: 'boolean', default: false },
  },
});
const BUYERS = Number(args.buyers);
process.env.FUNCTIONS_EMULATOR_PARALLEL = args.parallel;

const PERSON = { kind: 'person', name: 'Jan Kowalski', street: 'ul. Morska 1', postalCode: '81-300', city: 'Gdynia', country: 'PL' };
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  if (!args['no-build']) buildAll();
  const loadBefore = os.loadavg()[0].toFixed(1);
  const stack = await startStack({ ports: 'free', seed: false, web: false });
  Object.assign(process.env, stack.env);
  const admin = initAdmin({ projectId: stack.projectId, databaseURL: `${stack.urls.rtdb}?ns=${stack.namespace}` }, 'bench-admin');
  const db = getDatabase(admin);
  const adminAuth = getAdminAuth(admin);
  const apps = [];
  try {
    const fnUrl = new URL(stack.urls.functions);
    const buyers = [];
    for (let i = 0; i < BUYERS; i += 25) {
      buyers.push(...(await Promise.all(Array.from({ length: Math.min(25, BUYERS - i) }, async () => {
        const email = `bench-${randomUUID().slice(0, 12)}@example.com`;
        const { uid } = await adminAuth.createUser({ email, password: 'haslo-bench-123' });
        const app = initializeApp({ projectId: stack.projectId, apiKey: 'demo-key', appId: 'demo' }, `bench-${uid}`);
        apps.push(app);
        const auth = getAuth(app);
        connectAuthEmulator(auth, stack.urls.auth, { disableWarnings: true });
        await signInWithEmailAndPassword(auth, email, 'haslo-bench-123');
        const functions = getFunctions(app, stack.region);
        connectFunctionsEmulator(functions, fnUrl.hostname, Number(fnUrl.port));
        return { uid, email, functions };
      }))));
    }
    const now = Date.now();
    const fixtures = {};
    for (const b of buyers) {
      fixtures[`profiles/${b.uid}`] = { email: b.email, firstName: 'Bench', lastName: 'Kupujący', phone: '600100200', country: 'PL', consents: { terms: true, privacy: true, marketing: false, acceptedAt: now }, pickupCode: 'ABCDEFGH', createdAt: now, updatedAt: now };
      fixtures[`members/${b.uid}/self`] = { firstName: 'Bench', lastName: 'Kupujący', relation: 'self', createdAt: now };
    }
    await db.ref().update(fixtures);

    const scenario = async (label, setup, callable, concurrency = buyers.length) => {
      await setup();
      const latencies = [];
      const outcomes = {};
      const started = performance.now();
      const queue = [...buyers];
      const one = async (b) => {
        const t0 = performance.now();
        let outcome = 'ok';
        try {
          await httpsCallable(b.functions, callable, { timeout: 300_000 })({ idempotencyKey: randomUUID().replaceAll('-', ''), buyer: PERSON, acceptTerms: true });
        } catch (e) {
          outcome = e.details?.reason ?? e.code;
        }
        latencies.push(performance.now() - t0);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      };
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (queue.length) await one(queue.shift());
      }));
      const wall = performance.now() - started;
      latencies.sort((a, b) => a - b);
      return { label, calls: buyers.length, wallMs: Math.round(wall), perSecond: +(buyers.length / (wall / 1000)).toFixed(1), p50: Math.round(percentile(latencies, 50)), p95: Math.round(percentile(latencies, 95)), max: Math.round(latencies.at(-1)), outcomes };
    };

    const results = [];
    // warm-up: spawns the worker processes so the measured runs do not include Node start-up
    await db.ref('ticketTypes/warm').set({ name: 'Rozgrzewka', description: '', priceGrosze: 100, vatRate: 8, quota: 1_000_000, sold: 0, active: true, sortOrder: 0 });
    await scenario('warm-up', async () => {
      const u = {}; for (const b of buyers) u[`baskets/${b.uid}`] = { tickets: { self: { ticketTypeId: 'warm' } }, updatedAt: Date.now() }; await db.ref().update(u);
    }, 'placeTicketOrder');
    await db.ref('products/warm').set({ name: 'Rozgrzewka', description: '', priceGrosze: 100, vatRate: 23, active: true, sortOrder: 0, variants: { v: { label: 'x', stock: 1_000_000, sold: 0, sortOrder: 0 } } });
    await scenario('warm-up', async () => {
      const u = {}; for (const b of buyers) u[`baskets/${b.uid}`] = { merch: { 'l-w': { productId: 'warm', variantId: 'v', quantity: 1 } }, updatedAt: Date.now() }; await db.ref().update(u);
    }, 'placeMerchOrder');
    await db.ref('tickets').remove();

    results.push(await scenario(`${BUYERS} buyers one after another (no contention: service time)`, async () => {
      await db.ref('ticketTypes/seq').set({ name: 'Karnet', description: '', priceGrosze: 14900, vatRate: 8, quota: 1_000_000, sold: 0, active: true, sortOrder: 1 });
      const u = {}; for (const b of buyers) u[`baskets/${b.uid}`] = { tickets: { self: { ticketTypeId: 'seq' } }, updatedAt: Date.now() }; await db.ref().update(u);
    }, 'placeTicketOrder', 1));
    results.push(await scenario(`${BUYERS} buyers at once, one ticket type, plenty left`, async () => {
      await db.ref('ticketTypes/plenty').set({ name: 'Karnet', description: '', priceGrosze: 14900, vatRate: 8, quota: 1_000_000, sold: 0, active: true, sortOrder: 1 });
      const u = {}; for (const b of buyers) u[`baskets/${b.uid}`] = { tickets: { self: { ticketTypeId: 'plenty' } }, updatedAt: Date.now() }; await db.ref().update(u);
    }, 'placeTicketOrder'));
    results.push(await scenario(`${BUYERS} buyers at once, last ${Math.floor(BUYERS / 4)} tickets`, async () => {
      await db.ref('ticketTypes/last').set({ name: 'Karnet — końcówka', description: '', priceGrosze: 14900, vatRate: 8, quota: Math.floor(BUYERS / 4), sold: 0, active: true, sortOrder: 2 });
      const u = {}; for (const b of buyers) u[`baskets/${b.uid}`] = { tickets: { self: { ticketTypeId: 'last' } }, updatedAt: Date.now() }; await db.ref().update(u);
    }, 'placeTicketOrder'));
    results.push(await scenario(`${BUYERS} buyers at once, one merch variant, plenty left`, async () => {
      await db.ref('products/kubek').set({ name: 'Kubek', description: '', priceGrosze: 3500, vatRate: 23, active: true, sortOrder: 1, variants: { std: { label: 'standard', stock: 1_000_000, sold: 0, sortOrder: 1 } } });
      const u = {}; for (const b of buyers) u[`baskets/${b.uid}`] = { merch: { 'l-k': { productId: 'kubek', variantId: 'std', quantity: 1 } }, updatedAt: Date.now() }; await db.ref().update(u);
    }, 'placeMerchOrder'));

    const plenty = (await db.ref('ticketTypes/plenty/sold').get()).val();
    const last = (await db.ref('ticketTypes/last').get()).val();
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model?.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, Functions emulator parallel workers: ${args.parallel}`;
    console.log(`\nMachine: ${machine}; 1-minute load average before→after: ${loadBefore}→${os.loadavg()[0].toFixed(1)}; ${new Date().toISOString()}`);
    console.log('| Scenario | Calls | Wall time | Orders/s | p50 | p95 | max | Outcomes |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      console.log(`| ${r.label} | ${r.calls} | ${(r.wallMs / 1000).toFixed(1)} s | ${r.perSecond} | ${r.p50} ms | ${r.p95} ms | ${r.max} ms | ${Object.entries(r.outcomes).map(([k, v]) => `${k} ${v}`).join(', ')} |`);
    }
    console.log(`\nConsistency: plenty.sold = ${plenty}, last.sold = ${last.sold} of quota ${last.quota}`);
  } finally {
    await Promise.allSettled(apps.map((a) => deleteApp(a)));
    await db.goOffline();
    await deleteAdminApp(admin);
    await stack.stop();
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
