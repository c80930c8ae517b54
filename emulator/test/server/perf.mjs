// Quick throughput / latency check of the server with rules and the durable journal switched on,
// driven by raw protocol v5 frames (what any SDK sends). Run after `npx tsc -b emulator`:
//   node emulator/test/server/perf.mjs [listeners=100] [sets=20000]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startEmulator } from '../../dist/index.js';

const LISTENERS = Number(process.argv[2] ?? 100);
const SETS = Number(process.argv[3] ?? 20000);
const RULES = `{ "rules": {
  "bench": { "$k": { ".read": "auth == null || auth.uid != 'blocked'", ".write": "newData.exists() ? newData.isNumber() || newData.hasChildren() : true",
    ".validate": "!newData.isString() || newData.val().length < 1000" } } } }`;

class Client {
  constructor(url) {
    this.ws = new WebSocket(url);
    this.next = 1;
    this.pending = new Map();
    this.onPush = () => {};
    this.ready = new Promise((resolve) => {
      this.ws.on('message', (raw) => {
        const m = JSON.parse(raw.toString());
        if (m.t === 'c') return resolve();
        if (m.d.r !== undefined) {
          const cb = this.pending.get(m.d.r);
          this.pending.delete(m.d.r);
          cb?.(m.d.b);
        } else this.onPush(m.d);
      });
    });
  }
  request(a, b) {
    const r = this.next++;
    return new Promise((resolve) => {
      this.pending.set(r, resolve);
      this.ws.send(JSON.stringify({ t: 'd', d: { r, a, b } }));
    });
  }
}

const dir = await mkdtemp(join(tmpdir(), 'rtdb-perf-'));
const emu = await startEmulator({ port: 0, rulesSource: RULES, dataDir: dir });
const url = `ws://127.0.0.1:${emu.port}/.ws?v=5&ns=perf`;
try {
  // Throughput: one connection pipelines SETS sets, then waits for every ack (durable).
  const writer = new Client(url);
  await writer.ready;
  await writer.request('p', { p: '/bench/warm', d: 0 });
  let t0 = performance.now();
  const acks = [];
  for (let i = 0; i < SETS; i++)
    acks.push(writer.request('p', { p: `/bench/t${i % 1000}`, d: { v: i, at: { '.sv': 'timestamp' } } }));
  const results = await Promise.all(acks);
  const elapsed = performance.now() - t0;
  const failed = results.filter((r) => r.s !== 'ok').length;
  console.log(
    `throughput: ${SETS} pipelined sets in ${elapsed.toFixed(0)} ms = ${Math.round(SETS / (elapsed / 1000))} sets/s (failed ${failed})`,
  );

  // Latency: LISTENERS connections listen on one path; one write at a time, time to each listener.
  const listeners = [];
  for (let i = 0; i < LISTENERS; i++) {
    const c = new Client(url);
    await c.ready;
    await c.request('q', { p: '/bench/lat', h: '' });
    listeners.push(c);
  }
  const samples = [];
  for (let round = 0; round < 200; round++) {
    const value = 1_000_000 + round;
    const got = listeners.map(
      (c) =>
        new Promise((resolve) => {
          c.onPush = (d) => {
            if (d.a === 'd' && d.b.d === value) resolve(performance.now());
          };
        }),
    );
    t0 = performance.now();
    writer.request('p', { p: '/bench/lat', d: value });
    for (const at of await Promise.all(got)) samples.push(at - t0);
  }
  samples.sort((a, b) => a - b);
  const pct = (p) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))].toFixed(2);
  console.log(
    `latency with ${LISTENERS} listeners: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms (${samples.length} deliveries)`,
  );
  for (const c of [writer, ...listeners]) c.ws.close();
} finally {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
}
process.exit(0);
