// `npm run bench:emulator`: our emulator against the npm package firebase-server, side by side in one
// run, both driven by the same raw protocol-v5 client (rawclient.js). Each server runs in its own
// child process so that the client's work never shares an event loop with the server's.
//
// Workload (the participant basket from database.rules.json, so that our emulator evaluates the
// project's real .write/.validate rules, root.child(...) lookups and a server timestamp on every write):
//   throughput  N sets of /baskets/<uid> pipelined (WINDOW outstanding), acks per second
//   latency     L listeners (1, 100, 1000; one connection each) on /baskets/<uid>; one writer sets it,
//               waits until every listener has the value, repeats; latency = arrival - send.
//
// Flags: --quick (smaller runs), --only=ours|peer|peer-open|peer-rules, --repeat=N (best of N runs),
// --no-docs (do not update docs/benchmarks.md; implied by --quick and --only).
// Environment: BENCH_CPU_PROF=<dir> runs the server children under `node --cpu-prof`;
// BENCH_SKIP_THROUGHPUT / BENCH_SKIP_LATENCY profile one phase; BENCH_ROUND_TIMEOUT_MS, BENCH_DEBUG.
import { spawn, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { RawClient, emulatorToken } from './rawclient.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const only = [...args].find((a) => a.startsWith('--only='))?.slice(7);
const writeDocs = !args.has('--no-docs') && !only && !quick;

const NS = 'demo-bench';
const UID = 'bench-user';
const THROUGHPUT_SETS = quick ? 2000 : 5000;
const WINDOW = 500;
const LATENCY_ROWS = [
  { listeners: 1, rounds: quick ? 50 : 300, warmup: quick ? 50 : 300, settleMs: 2 },
  { listeners: 100, rounds: quick ? 30 : 200, warmup: quick ? 20 : 100, settleMs: 2 },
  { listeners: 1000, rounds: quick ? 10 : 100, warmup: quick ? 5 : 30, settleMs: 5 },
];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const ROUND_TIMEOUT_MS = Number(process.env.BENCH_ROUND_TIMEOUT_MS ?? 30_000);

const projectRules = path.join(root, 'database.rules.json');
const rulesFile = existsSync(projectRules) ? projectRules : path.join(here, 'bench.rules.json');

// What the basket rules look up: the product and variant of a merch line must exist.
const SEED = {
  products: {
    p1: {
      name: 'Koszulka',
      priceGrosze: 5900,
      vatRate: 23,
      active: true,
      sortOrder: 1,
      variants: { v1: { label: 'M', stock: 100, sold: 0, sortOrder: 1 } },
    },
  },
};

function basket(seq) {
  return {
    merch: { [`s${seq}`]: { productId: 'p1', variantId: 'v1', quantity: 1 + (seq % 20) } },
    updatedAt: { '.sv': 'timestamp' },
  };
}
// A push names the write it carries by its merch line key (`"s<seq>":{`); servers may send a set or a merge.

const CONFIGS = {
  'peer-open': { label: 'firebase-server, open rules', script: 'server-peer.js', rules: '' },
  'peer-rules': { label: 'firebase-server, project rules', script: 'server-peer.js', rules: rulesFile },
  ours: { label: 'ours (rules + journal)', script: 'server-ours.js', rules: rulesFile },
  // Not a contender: what the machine costs alone (see server-floor.js); latency rows only.
  floor: {
    label: 'machine floor (no-op server)',
    script: 'server-floor.js',
    rules: '',
    reference: true,
    latencyOnly: true,
  },
};

function startServer(kind) {
  const config = CONFIGS[kind];
  const script = path.join(here, config.script);
  const nodeArgs = [];
  if (process.env.BENCH_CPU_PROF)
    nodeArgs.push(
      '--cpu-prof',
      `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`,
      `--cpu-prof-name=${kind}-${Date.now()}.cpuprofile`,
    );
  const extra = kind === 'ours' ? [] : [JSON.stringify(SEED)];
  const child = spawn(process.execPath, [...nodeArgs, script, config.rules, ...extra], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const nl = out.indexOf('\n');
      if (nl === -1) return;
      child.stdout.off('data', onData);
      try {
        resolve({ child, ...JSON.parse(out.slice(0, nl)) });
      } catch (error) {
        reject(new Error(`${kind} server said: ${out}`));
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${kind} server exited (${code}) before it was ready`)));
  });
}

function stopServer(server) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    server.child.removeAllListeners('exit');
    server.child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.stdin.end();
  });
}

async function seed(kind, port) {
  if (kind !== 'ours') return; // firebase-server takes its initial data in the constructor
  for (const [key, value] of Object.entries(SEED)) {
    const res = await fetch(`http://127.0.0.1:${port}/${key}.json?ns=${NS}`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify(value),
    });
    if (!res.ok) throw new Error(`seeding /${key} failed: ${res.status} ${await res.text()}`);
  }
}

async function connect(port) {
  const client = await RawClient.connect(`ws://127.0.0.1:${port}/.ws?v=5&ns=${NS}`);
  await client.auth(emulatorToken(UID));
  return client;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One server under test: its writer, its listeners and what has been measured on it so far. */
class Target {
  constructor(kind, server) {
    this.kind = kind;
    this.server = server;
    this.listeners = [];
    this.seq = 0;
    this.throughputMs = 0;
    this.throughputSets = 0;
    this.chunkRates = [];
    this.samples = [];
    this.lost = 0;
    // State of the latency round in flight.
    this.current = -1;
    this.needle = '';
    this.sentAt = 0;
    this.arrived = 0;
    this.roundDone = null;
    this.recording = false;
  }

  async setUp() {
    await seed(this.kind, this.server.port);
    this.writer = await connect(this.server.port);
  }

  /** `count` sets pipelined with WINDOW outstanding; adds to the throughput totals. */
  async throughputChunk(count) {
    let sent = 0;
    let acked = 0;
    let refusal = null;
    const start = performance.now();
    await new Promise((resolve) => {
      const onAck = (body) => {
        acked++;
        if (body.s !== 'ok') refusal ??= body;
        if (acked === count) resolve();
        else if (sent < count) send();
      };
      const send = () => {
        sent++;
        this.writer.requestCb('p', { p: `/baskets/${UID}`, d: basket(1_000_000 + this.seq++) }, onAck);
      };
      for (let i = 0; i < WINDOW && sent < count; i++) send();
    });
    const ms = performance.now() - start;
    this.throughputMs += ms;
    this.throughputSets += count;
    this.chunkRates.push(Math.round((count * 1000) / ms));
    if (refusal) throw new Error(`${this.kind}: sets refused, e.g. ${JSON.stringify(refusal)}`);
  }

  attach(client) {
    let seen = -1;
    client.onPush = (text, arrivedAt) => {
      // A substring test keeps the client's per-message cost far below a server's per-listener cost.
      if (this.current < 0 || seen === this.current || !text.includes(this.needle)) return;
      seen = this.current;
      if (this.recording) this.samples.push(arrivedAt - this.sentAt);
      if (++this.arrived === this.listeners.length && this.roundDone) this.roundDone();
    };
  }

  async growListeners(count) {
    while (this.listeners.length < count) {
      const batch = Math.min(100, count - this.listeners.length);
      const clients = await Promise.all(Array.from({ length: batch }, () => connect(this.server.port)));
      for (const c of clients) {
        this.attach(c);
        this.listeners.push(c);
      }
      await Promise.all(clients.map((c) => c.listen(`/baskets/${UID}`)));
    }
  }

  /** One write; resolves when every listener has it (or after ROUND_TIMEOUT_MS). */
  async latencyRound(recording) {
    this.recording = recording;
    this.current = this.seq++;
    this.needle = `"s${this.current}":{`;
    this.arrived = 0;
    const done = new Promise((resolve) => (this.roundDone = resolve));
    this.sentAt = performance.now();
    const ack = this.writer.request('p', { p: `/baskets/${UID}`, d: basket(this.current) });
    let timer;
    const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), ROUND_TIMEOUT_MS)));
    const result = await Promise.race([done, timeout]);
    clearTimeout(timer);
    const res = await ack;
    if (res.s !== 'ok') throw new Error(`${this.kind}: latency write refused: ${JSON.stringify(res)}`);
    if (result === 'timeout') {
      this.lost += this.listeners.length - this.arrived;
      if (process.env.BENCH_DEBUG) console.error(`${this.kind}: ${this.arrived}/${this.listeners.length} arrived`);
    }
    this.current = -1;
    this.roundDone = null;
  }

  takeLatency() {
    const samples = this.samples.sort((a, b) => a - b);
    this.samples = [];
    const lost = this.lost;
    this.lost = 0;
    return {
      listeners: this.listeners.length,
      samples: samples.length,
      lost,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      p99: percentile(samples, 99),
    };
  }

  async tearDown() {
    await Promise.all([this.writer, ...this.listeners].filter(Boolean).map((c) => c.close()));
    await stopServer(this.server);
  }
}

/**
 * All servers run at once and take turns, chunk by chunk and write by write, so that whatever else
 * the machine is doing slows them alike instead of landing on whichever happened to run then.
 */
async function startTargets(kinds) {
  const targets = [];
  try {
    for (const kind of kinds) {
      const target = new Target(kind, await startServer(kind));
      targets.push(target);
      await target.setUp();
    }
  } catch (error) {
    for (const t of targets) await t.tearDown();
    throw error;
  }
  return targets;
}

const rotation = (targets, i) => targets.map((_, k) => targets[(k + i) % targets.length]);

async function benchThroughput(kinds) {
  const targets = await startTargets(kinds);
  try {
    const chunks = 10;
    process.stdout.write('  throughput…');
    // Warm-up (JIT, first journal file, rules caches), not counted.
    for (const t of targets) {
      await t.throughputChunk(THROUGHPUT_SETS / chunks);
      t.throughputMs = 0;
      t.throughputSets = 0;
      t.chunkRates = [];
    }
    for (let i = 0; i < chunks; i++) {
      for (const t of rotation(targets, i)) await t.throughputChunk(THROUGHPUT_SETS / chunks);
    }
    const out = new Map(
      targets.map((t) => [
        t.kind,
        {
          sets: t.throughputSets,
          seconds: t.throughputMs / 1000,
          perSecond: (t.throughputSets * 1000) / t.throughputMs,
          chunkRates: t.chunkRates,
        },
      ]),
    );
    process.stdout.write(` ${targets.map((t) => `${t.kind} ${Math.round(out.get(t.kind).perSecond)}/s`).join(', ')}\n`);
    return out;
  } finally {
    for (const t of targets) await t.tearDown();
  }
}

async function benchLatency(kinds) {
  const targets = await startTargets(kinds);
  try {
    const out = new Map(targets.map((t) => [t.kind, []]));
    for (const row of LATENCY_ROWS) {
      process.stdout.write(`  ${row.listeners} listener(s)…`);
      for (const t of targets) await t.growListeners(row.listeners);
      for (let round = 0; round < row.warmup + row.rounds; round++) {
        for (const t of rotation(targets, round)) {
          await t.latencyRound(round >= row.warmup);
          // Each server finishes what a write left it (its acknowledgement, garbage collection)
          // before the next one is measured: otherwise a server's rounds would also pay for the
          // leftover work of whichever server went just before it.
          await sleep(row.settleMs);
        }
      }
      for (const t of targets) out.get(t.kind).push(t.takeLatency());
      process.stdout.write(
        ` p95 ${targets.map((t) => `${t.kind} ${out.get(t.kind).at(-1).p95.toFixed(2)} ms`).join(', ')}\n`,
      );
    }
    return { latency: out, rules: new Map(targets.map((t) => [t.kind, t.server.rules])) };
  } finally {
    for (const t of targets) await t.tearDown();
  }
}

/**
 * All servers run at once and take turns, chunk by chunk and write by write, so that whatever else
 * the machine is doing slows them alike instead of landing on whichever happened to run then.
 * Throughput and latency use fresh servers: firebase-server gets slower the more writes it has
 * taken, and the latency rows should not depend on how long the throughput run was.
 */
async function benchInterleaved(kinds) {
  const loadBefore = os.loadavg()[0];
  // BENCH_SKIP_* exist for profiling one phase (BENCH_CPU_PROF); a normal run measures both.
  const throughput = process.env.BENCH_SKIP_THROUGHPUT
    ? new Map()
    : await benchThroughput(kinds.filter((k) => !CONFIGS[k].latencyOnly));
  const { latency, rules } = process.env.BENCH_SKIP_LATENCY
    ? { latency: new Map(), rules: new Map() }
    : await benchLatency(kinds);
  const loadAfter = os.loadavg()[0];
  return kinds.map((kind) => ({
    kind,
    label: CONFIGS[kind].label,
    rules: rules.get(kind),
    loadBefore,
    loadAfter,
    throughput: throughput.get(kind),
    latency: latency.get(kind),
  }));
}

function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  let nproc = String(os.availableParallelism?.() ?? os.cpus().length);
  try {
    nproc = execSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    // not every system has nproc; availableParallelism() is the same number
  }
  return { nproc, cpu, node: process.version, os: `${os.type()} ${os.release()}` };
}

const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

/** Best of the repetitions per metric: the shared machine's noise only ever makes a run slower. */
function best(runs) {
  if (runs.length === 0) return undefined;
  return {
    kind: runs[0].kind,
    label: runs[0].label,
    rules: runs[0].rules,
    throughput: Math.max(...runs.map((r) => r.throughput?.perSecond ?? NaN)),
    latency: (runs[0].latency ?? []).map((_, i) => ({
      listeners: runs[0].latency[i].listeners,
      p50: Math.min(...runs.map((r) => r.latency[i].p50)),
      p95: Math.min(...runs.map((r) => r.latency[i].p95)),
      p99: Math.min(...runs.map((r) => r.latency[i].p99)),
      lost: Math.max(...runs.map((r) => r.latency[i].lost)),
    })),
  };
}

function table(summary) {
  const kinds = Object.keys(CONFIGS).filter((k) => summary[k]);
  const peers = kinds.filter((k) => k !== 'ours' && !CONFIGS[k].reference).map((k) => summary[k]);
  const ours = summary.ours;
  const floor = summary.floor;
  const lines = [
    `| metric | ${kinds.map((k) => CONFIGS[k].label).join(' | ')} | ours vs best peer |${floor ? ' floor vs best peer |' : ''} target met |`,
    `|---|${kinds.map(() => '---:').join('|')}|---:|${floor ? '---:|' : ''}:---:|`,
  ];
  const row = (metric, pick, higherIsBetter, factor) => {
    const cells = kinds.map((k) => fmt(pick(summary[k]), higherIsBetter ? 0 : 2));
    let ratio = '—';
    let floorRatio = '—';
    let met = '—';
    if (ours && peers.length > 0) {
      const values = peers.map(pick);
      const bestPeer = higherIsBetter ? Math.max(...values) : Math.min(...values);
      const o = pick(ours);
      ratio = `${fmt(o / bestPeer, 2)}×`;
      if (floor && Number.isFinite(pick(floor))) floorRatio = `${fmt(pick(floor) / bestPeer, 2)}×`;
      if (factor !== null) met = (higherIsBetter ? o >= factor * bestPeer : o <= factor * bestPeer) ? 'yes' : '**no**';
    }
    lines.push(`| ${metric} | ${cells.join(' | ')} | ${ratio} |${floor ? ` ${floorRatio} |` : ''} ${met} |`);
  };
  row('write throughput, sets/s (target ≥ 2×)', (r) => r.throughput, true, 2);
  LATENCY_ROWS.forEach(({ listeners }, i) => {
    if (!kinds.every((k) => summary[k].latency[i])) return;
    const label = `${listeners} listener${listeners === 1 ? '' : 's'}`;
    row(`${label}: p50 ms`, (r) => r.latency[i].p50, false, null);
    row(`${label}: p95 ms (target ≤ ½)`, (r) => r.latency[i].p95, false, 0.5);
    row(`${label}: p99 ms`, (r) => r.latency[i].p99, false, null);
  });
  return lines.join('\n');
}

const kindsOf = (runs) => [...new Set(runs.map((r) => r.kind))];

function docsSection(summary, runs, m, tableText, repeat) {
  const lost = runs.flatMap((r) => (r.latency ?? []).map((l) => l.lost)).reduce((a, b) => a + b, 0);
  const loads = runs
    .filter((r, i) => runs.findIndex((q) => q.loadBefore === r.loadBefore) === i)
    .map((r) => `${fmt(r.loadBefore, 1)}→${fmt(r.loadAfter, 1)}`)
    .join(', ');
  return `## Realtime Database emulator vs firebase-server (\`npm run bench:emulator\`)

Command: \`npm run bench:emulator\` (builds the emulator with \`tsc -b emulator\`, then runs
\`node emulator/bench/run.js\`; loopback only, stops by itself after a few minutes).
Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`nproc\` = ${m.nproc}, CPU ${m.cpu}, Node ${m.node}, ${m.os}.
The machine is shared with other work: 1-minute load average before→after the run: ${loads}.

- **ours**: \`startEmulator()\` from the built package (\`emulator/dist\`), rules \`${path.relative(root, rulesFile)}\`,
  durable journal on (\`dataDir\` in a temp dir, so every acknowledgement waits for its group-commit fdatasync).
- **firebase-server** 1.1.0 (npm), with the firebase 7.24 client it was built for (isolated install in
  \`emulator/bench/peer\`), in-memory only. Measured twice: with open rules (its fastest configuration),
  and with the same \`${path.relative(root, rulesFile)}\` evaluated by targaryen (its rules engine; the launcher passes
  the server's \`now\` to targaryen in the right argument, which firebase-server 1.1.0 gets wrong).
  The target is judged against the better of the two on each row.
- **machine floor**: not a contender but the yardstick (\`emulator/bench/server-floor.js\`): a no-op server that
  answers a put by writing the value, framed once, to every listening socket (one write per socket, the
  least any server must do), with no data, rules or journal. Its latency is what loopback TCP, the
  scheduler and the measuring client cost on this machine; no server can be faster than it.
- Every server runs in its own child process and is driven by the same raw protocol-v5 client
  (\`emulator/bench/rawclient.js\`: handshake, \`auth\` with an unsigned emulator ID token, \`p\` puts, \`q\` listens)
  over a minimal RFC 6455 WebSocket client on a plain socket (\`emulator/bench/wsclient.js\`), which stamps each
  message with the time its bytes were read, before any parsing. It reads every socket into one shared buffer
  (\`net.connect\`'s \`onread\`, no stream events): with 100 or 1000 listeners in one client process the last
  arrivals wait for the client to read the sockets before them, so its cost per message is part of every row.
- Workload: the participant basket: every write is a set of \`/baskets/<uid>\` with one merch line and
  \`updatedAt: {".sv":"timestamp"}\`, which the project's rules check (\`.write\` for the owner, \`.validate\`
  with \`root.child('products')…exists()\`, regexes, \`updatedAt === now\`).
- Throughput: ${THROUGHPUT_SETS} sets (after ${THROUGHPUT_SETS / 10} warm-up sets), pipelined with ${WINDOW} outstanding, in 10 chunks
  alternating between the servers; acks/s = sets / time from first send to last ack. Per-chunk sets/s, in order:
${kindsOf(runs)
  .filter((k) => runs.some((r) => r.kind === k && r.throughput))
  .map(
    (k) =>
      `  ${k}: ${runs
        .filter((r) => r.kind === k && r.throughput)
        .map((r) => r.throughput.chunkRates.join(', '))
        .join(' / ')}`,
  )
  .join('\n')}
- Throughput and latency each start fresh servers, so the latency rows do not depend on what the throughput phase left behind.
- Latency: 1, 100, then 1000 listeners, each on its own connection, listening to the written path; one write at
  a time, the next once every listener has it; latency = arrival at the listener − send (same process clock);
  ${LATENCY_ROWS.map((r) => `${r.rounds} writes at ${r.listeners}`).join(', ')} listeners, each row after
  ${LATENCY_ROWS.map((r) => r.warmup).join(' / ')} unrecorded warm-up writes of the same kind (so that both servers' code is
  JIT-compiled, as in a server that has been running: with only a few writes, most of it still runs in V8's interpreter).${lost ? ` ${lost} arrivals timed out.` : ''}
- All servers run at the same time and take turns (throughput in 10 alternating chunks, latency write by
  write in rotating order, with a pause of ${LATENCY_ROWS.map((r) => r.settleMs).join(' / ')} ms after each write so that the next server
  is not measured while the previous one still finishes its work), so load from elsewhere on the machine hits them alike.${repeat > 1 ? ` ${repeat} such runs; best per cell.` : ''}

${tableText}

Target (issue 2): ours ≥ 2× the peer's throughput and ≤ ½ its p95 on every row.
`;
}

function updateDocs(section) {
  const file = path.join(root, 'docs', 'benchmarks.md');
  const start = '<!-- bench:emulator:start -->';
  const end = '<!-- bench:emulator:end -->';
  const block = `${start}\n${section}${end}\n`;
  let text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nEach benchmark has its own section, written by its command. Numbers are from the machine named in the section.\n\n';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a !== -1 && b !== -1) text = text.slice(0, a) + block + text.slice(b + end.length + 1);
  else text = `${text.trimEnd()}\n\n${block}`;
  writeFileSync(file, text);
}

/** firebase-server needs firebase 7 beside it, so it lives in its own install (see peer/package.json). */
function ensurePeerInstalled() {
  const peerDir = path.join(here, 'peer');
  if (existsSync(path.join(peerDir, 'node_modules', 'firebase-server', 'package.json'))) return;
  console.log('installing the peer (firebase-server + firebase 7) into emulator/bench/peer …');
  const npm = `npm install --prefix ${JSON.stringify(peerDir)} --no-audit --no-fund`;
  execSync(existsSync('/tmp/npm.lock') ? `flock /tmp/npm.lock ${npm}` : npm, { stdio: 'inherit' });
}

async function main() {
  const m = machine();
  if (only !== 'ours') ensurePeerInstalled();
  const repeatArg = [...args].find((a) => a.startsWith('--repeat='));
  const repeat = repeatArg ? Number(repeatArg.slice(9)) : 1;
  console.log(`bench:emulator — nproc ${m.nproc}, ${m.cpu}, Node ${m.node}; rules ${path.relative(root, rulesFile)}`);
  const kinds = Object.keys(CONFIGS).filter((k) => !only || k === only || (only === 'peer' && k.startsWith('peer')));
  const runs = [];
  for (let i = 0; i < repeat; i++) {
    console.log(`run ${i + 1}/${repeat}: ${kinds.map((k) => CONFIGS[k].label).join(' | ')}, interleaved`);
    runs.push(...(await benchInterleaved(kinds)));
  }
  const summary = {};
  for (const kind of kinds) summary[kind] = best(runs.filter((r) => r.kind === kind));
  const tableText = table(summary);
  console.log(`\n${tableText}\n`);
  const resultsDir = path.join(here, 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, `bench-${Date.now()}.json`),
    JSON.stringify({ machine: m, runs, summary }, null, 2),
  );
  if (writeDocs) {
    updateDocs(docsSection(summary, runs, m, tableText, repeat));
    console.log('docs/benchmarks.md updated');
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
