// Quick end-to-end smoke test: the official web SDK (firebase/database in Node) and the Admin SDK
// against a freshly started emulator. Run after `npx tsc -b emulator`:
//   node emulator/test/server/smoke-sdk.mjs
import assert from 'node:assert/strict';
import { startEmulator } from '../../dist/index.js';
import { initializeApp, deleteApp } from 'firebase/app';
import {
  getDatabase,
  connectDatabaseEmulator,
  ref,
  set,
  get,
  onValue,
  update,
  push,
  runTransaction,
  query,
  orderByChild,
  limitToLast,
  onDisconnect,
  serverTimestamp,
  increment,
  goOffline,
  remove,
} from 'firebase/database';

const RULES = `{
  // comments are allowed
  "rules": {
    "$other": { ".read": "$other != 'secret'", ".write": "$other != 'secret'" },
    "users": { "$uid": { ".read": "auth != null && auth.uid == $uid", ".write": "auth != null && auth.uid == $uid" } },
    "scores": { ".read": true, ".write": true, ".indexOn": ["score"] }
  }
}`;

const emu = await startEmulator({ port: 0, rulesSource: RULES });
const ns = 'smoke-ns';
const apps = [];
function client(name, options) {
  const app = initializeApp({ databaseURL: `https://${ns}.firebaseio.com`, projectId: 'demo-smoke' }, name);
  apps.push(app);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', emu.port, options);
  return db;
}
const step = (name) => console.log(`ok - ${name}`);
const nextValue = (r, predicate) =>
  new Promise((resolve, reject) => {
    const off = onValue(
      r,
      (snap) => {
        if (predicate(snap)) {
          off();
          resolve(snap);
        }
      },
      reject,
    );
  });

try {
  const a = client('a');
  const b = client('b');
  await set(ref(a, 'hello'), { text: 'Cześć', n: 1 });
  assert.deepEqual((await get(ref(b, 'hello'))).val(), { text: 'Cześć', n: 1 });
  step('set + get across clients');

  const seen = nextValue(ref(b, 'live'), (s) => s.val() === 'x2');
  await set(ref(a, 'live'), 'x1');
  await set(ref(a, 'live'), 'x2');
  await seen;
  step('listen receives writes');

  await update(ref(a, '/'), { 'multi/a': 1, 'multi/b': { c: 2 } });
  assert.deepEqual((await get(ref(b, 'multi'))).val(), { a: 1, b: { c: 2 } });
  step('multi-path update');

  await set(ref(a, 'ts'), { at: serverTimestamp(), count: increment(2) });
  await set(ref(a, 'ts/count'), increment(3));
  const ts = (await get(ref(b, 'ts'))).val();
  assert.equal(typeof ts.at, 'number');
  assert.equal(ts.count, 5);
  step('server values');

  await assert.rejects(set(ref(a, 'secret/x'), 1), /permission/i);
  await assert.rejects(get(ref(a, 'secret')), /permission/i);
  step('rules deny write and read');

  const alice = client('alice', { mockUserToken: { sub: 'alice' } });
  await set(ref(alice, 'users/alice/name'), 'Alice');
  await assert.rejects(set(ref(alice, 'users/bob/name'), 'x'), /permission/i);
  step('mockUserToken auth in rules');

  // Query window: children move in and out of limitToLast(2) ordered by score.
  for (const [k, score] of [
    ['p1', 10],
    ['p2', 20],
    ['p3', 30],
  ])
    await set(ref(a, `scores/${k}`), { score });
  const windows = [];
  const q = query(ref(b, 'scores'), orderByChild('score'), limitToLast(2));
  const offQ = onValue(q, (snap) => {
    const keys = [];
    snap.forEach((c) => {
      keys.push(c.key);
    });
    windows.push(keys.join(','));
  });
  const waitWindow = async (w) => {
    for (let i = 0; i < 200 && windows.at(-1) !== w; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(windows.at(-1), w);
  };
  await waitWindow('p2,p3');
  await set(ref(a, 'scores/p1/score'), 40);
  await waitWindow('p3,p1');
  await remove(ref(a, 'scores/p3'));
  await waitWindow('p2,p1');
  offQ();
  step('query window updates (limitToLast + orderByChild)');

  // Transactions under contention: 50 increments from 5 clients.
  const tx = [client('t1'), client('t2'), client('t3'), client('t4'), client('t5')];
  await Promise.all(
    Array.from({ length: 50 }, (_, i) => runTransaction(ref(tx[i % 5], 'counter'), (v) => (v ?? 0) + 1)),
  );
  assert.equal((await get(ref(a, 'counter'))).val(), 50);
  step('50 concurrent transactions → 50');

  const pushed = push(ref(a, 'list'), { v: 1 });
  await pushed;
  assert.equal(pushed.key.length, 20);
  step('push');

  const c = client('c');
  await onDisconnect(ref(c, 'presence/c')).set('offline');
  await set(ref(c, 'presence/c'), 'online');
  const offline = nextValue(ref(a, 'presence/c'), (s) => s.val() === 'offline');
  goOffline(c);
  await offline;
  step('onDisconnect runs on close');

  // Large value: frames are split in both directions.
  const big = 'x'.repeat(100_000);
  await set(ref(a, 'big'), big);
  assert.equal((await get(ref(b, 'big'))).val().length, 100_000);
  step('large values (frame splitting)');

  // REST
  const base = `${emu.url}`;
  let res = await fetch(`${base}/hello.json?ns=${ns}`);
  assert.deepEqual(await res.json(), { text: 'Cześć', n: 1 });
  res = await fetch(`${base}/secret.json?ns=${ns}`);
  assert.equal(res.status, 401);
  res = await fetch(`${base}/secret.json?ns=${ns}`, { headers: { Authorization: 'Bearer owner' } });
  assert.equal(res.status, 200);
  res = await fetch(`${base}/rest.json?ns=${ns}`, { method: 'POST', body: JSON.stringify({ a: 1 }) });
  const { name } = await res.json();
  assert.equal(name.length, 20);
  res = await fetch(`${base}/scores.json?ns=${ns}&orderBy="score"&limitToFirst=1`);
  assert.deepEqual(await res.json(), { p2: { score: 20 } });
  res = await fetch(`${base}/.settings/rules.json?ns=${ns}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: '{"rules": {".read": "nonsense ++"}}',
  });
  assert.equal(res.status, 400);
  step('REST get/post/query/rules');

  // Admin SDK via FIREBASE_DATABASE_EMULATOR_HOST (owner bypasses rules).
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
  const admin = (await import('firebase-admin')).default;
  const adminApp = admin.initializeApp(
    { projectId: 'demo-smoke', databaseURL: `https://${ns}.firebaseio.com` },
    'admin',
  );
  await adminApp.database().ref('secret/by-admin').set(true);
  assert.equal((await adminApp.database().ref('secret/by-admin').once('value')).val(), true);
  await adminApp.delete();
  step('firebase-admin (owner) bypasses rules');

  // @firebase/rules-unit-testing: rules via PUT /.settings/rules.json, mock tokens, owner, clearDatabase.
  const rut = await import('@firebase/rules-unit-testing');
  const env = await rut.initializeTestEnvironment({
    projectId: 'demo-rut',
    database: {
      host: '127.0.0.1',
      port: emu.port,
      rules: '{"rules": {"notes": {"$uid": {".read": "auth.uid == $uid", ".write": "auth.uid == $uid"}}}}',
    },
  });
  const aliceDb = env.authenticatedContext('alice').database();
  await rut.assertSucceeds(aliceDb.ref('notes/alice').set({ t: 1 }));
  await rut.assertFails(aliceDb.ref('notes/bob').set({ t: 1 }));
  await rut.assertFails(env.unauthenticatedContext().database().ref('notes/alice').once('value'));
  await env.withSecurityRulesDisabled(async (ctx) => {
    await ctx.database().ref('notes/bob').set({ t: 2 });
  });
  await env.clearDatabase();
  await env.withSecurityRulesDisabled(async (ctx) => {
    assert.equal((await ctx.database().ref('/').once('value')).val(), null);
  });
  await env.cleanup();
  step('@firebase/rules-unit-testing');
} finally {
  for (const app of apps) await deleteApp(app).catch(() => {});
  await emu.close();
}
console.log('smoke: all passed');
process.exit(0);
