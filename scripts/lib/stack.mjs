// Starts and stops the whole local stack: the project's Realtime Database emulator, the Auth and
// Functions emulators of firebase-tools, the demo data and the web app. Used by `npm start`
// (fixed ports, data kept in .emulator-data/) and by the test layers (free ports, throw-away data).
import { spawn, execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AUTH_EXPORT_DIRS, chooseAuthImport, discardStaleStaging, promoteAuthExport } from './authExport.mjs';
import { warmFunctions } from './warmFunctions.mjs';
import { startMailCatcher } from './mailCatcher.mjs';
import { startP24StandIn } from './p24StandIn.mjs';
import { LOCAL_KSEF_TOKEN, newOfflineCertificate, startKsefStandIn } from './ksefStandIn.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = 'demo-panel-uczestnika';
export const NAMESPACE = `${PROJECT_ID}-default-rtdb`;
export const REGION = 'europe-central2';

const DEFAULT_PORTS = { rtdb: 9000, auth: 9099, functions: 5001, hub: 4400, logging: 4500, web: 5173 };
/** The mail catcher's SMTP and web-inbox ports for `npm start` (the tests take free ones). */
const DEFAULT_MAIL_PORTS = { smtp: 1025, http: 1080 };
/** The Przelewy24 stand-in's port for `npm start` (P24_PORT; the tests take a free one). */
const DEFAULT_P24_PORT = 8024;
const DEFAULT_KSEF_PORT = 1090;
const PORT_ENV = {
  rtdb: 'RTDB_PORT',
  auth: 'AUTH_PORT',
  functions: 'FUNCTIONS_PORT',
  hub: 'HUB_PORT',
  logging: 'LOGGING_PORT',
  web: 'WEB_PORT',
};
const PART_NAMES = {
  rtdb: 'Realtime Database emulator',
  auth: 'Auth emulator',
  functions: 'Functions emulator',
  hub: 'emulator hub',
  logging: 'emulator logging',
  web: 'web app (Vite)',
};

/**
 * How many requests the Functions emulator runs at once (firebase-tools' FUNCTIONS_EMULATOR_PARALLEL).
 * Each running request has a worker process of its own, started on demand when no idle worker of that
 * function exists; firebase-tools' default of 50 makes a burst of requests start up to 50 Node
 * processes at once, which on a small machine take longer than the 30 s a worker may take to start, and
 * a request whose worker fails to start is never answered. Queued requests wait for a free worker
 * instead and are all answered. Two per CPU keeps several processes contending on the same data (as
 * production instances do) without starving the machine.
 */
export const FUNCTIONS_PARALLEL_DEFAULT = Math.max(2, Math.min(8, 2 * os.availableParallelism()));
/**
 * Most worker processes the Functions emulator keeps (scripts/lib/functionsWorkerLimit.mjs; env
 * FUNCTIONS_WORKER_LIMIT). firebase-tools alone keeps one per function used plus one per concurrent
 * request, never stopping any, ~125 MB each. Sixteen hold every function a day at the stand uses warm
 * (~2 GB) and leave room for a burst of FUNCTIONS_EMULATOR_PARALLEL requests to one function.
 */
const FUNCTIONS_WORKER_LIMIT_DEFAULT = 16;
/** Seconds a Functions emulator worker may take to start (firebase-tools' default is 30). */
const FUNCTIONS_WORKER_START_TIMEOUT_S = 60;
/** Longest a stop waits for firebase-tools to finish exporting the Auth accounts before it is killed. */
const AUTH_EXPORT_TIMEOUT_MS = 120_000;

/** A failure the user can act on: printed as one message, no stack. */
export class StackError extends Error {}

function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * Free-port stacks take their ports from below the kernel's ephemeral range (Linux: 32768–60999), where
 * outgoing connections get their local ports: a port the OS hands out there can be taken by some
 * connection between the pick and the emulator's bind ("port taken").
 */
const FREE_PORTS = { from: 20_000, to: 32_000 };

async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = FREE_PORTS.from + Math.floor(Math.random() * (FREE_PORTS.to - FREE_PORTS.from));
    if (await portIsFree(port)) return port;
  }
  throw new StackError(`No free port between ${FREE_PORTS.from} and ${FREE_PORTS.to}.`);
}

async function choosePorts(mode, wanted) {
  const ports = {};
  const taken = new Set();
  for (const part of wanted) {
    if (mode === 'free') {
      let port;
      do port = await freePort();
      while (taken.has(port));
      ports[part] = port;
    } else {
      const fromEnv = process.env[PORT_ENV[part]];
      const port = fromEnv ? Number(fromEnv) : DEFAULT_PORTS[part];
      if (!(await portIsFree(port))) {
        throw new StackError(
          `Port ${port} (${PART_NAMES[part]}) is already in use. Stop the process that uses it ` +
            `(find it with: lsof -i :${port}) or choose another port with ${PORT_ENV[part]}=<port>.`,
        );
      }
      ports[part] = port;
    }
    taken.add(ports[part]);
  }
  return ports;
}

/** Runs a build step in the foreground; a failure becomes one clear message. */
function build(label, command, args) {
  try {
    execFileSync(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw buildError(label, command, args, error);
  }
}

function buildError(label, command, args, error) {
  const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
  return new StackError(`Building ${label} failed (${command} ${args.join(' ')}):\n${output}`);
}

/** A build step that leaves the event loop free (the functions warm up meanwhile). */
function buildInBackground(label, command, args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env, maxBuffer: 64 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error) reject(buildError(label, command, args, Object.assign(error, { stdout, stderr })));
      else resolve();
    });
  });
}

/** Builds the emulator and the functions (the preview build of the web app needs the ports: startStack). */
export function buildAll() {
  build('the emulator', 'npx', ['tsc', '-b', 'emulator']);
  if (existsSync(path.join(ROOT, 'functions', 'tsconfig.json')))
    build('the functions', 'npm', ['run', 'build', '-w', 'functions']);
}

class ManagedProcess {
  constructor(name, command, args, options) {
    this.name = name;
    this.output = [];
    this.outputWatchers = new Set();
    // A process group of its own, so stopping it also stops whatever it started (Java-free,
    // but firebase-tools spawns a worker per function).
    this.child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    this.child.once('exit', () => {
      this.done = true;
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        this.output.push(chunk);
        if (this.output.length > 400) this.output.splice(0, 200);
        for (const watcher of this.outputWatchers) watcher(chunk);
        options.onOutput?.(chunk);
      });
    }
  }
  /** Resolves true when output from now on matches `pattern`, false when the process exits first. */
  waitForOutput(pattern) {
    if (this.done) return Promise.resolve(false);
    return new Promise((resolve) => {
      let recent = '';
      const watcher = (chunk) => {
        recent = (recent + chunk).slice(-4096);
        if (!pattern.test(recent)) return;
        this.outputWatchers.delete(watcher);
        resolve(true);
      };
      this.outputWatchers.add(watcher);
      this.exited.then(() => {
        this.outputWatchers.delete(watcher);
        resolve(false);
      });
    });
  }
  tail(lines = 25) {
    return this.output.join('').trim().split('\n').slice(-lines).join('\n');
  }
  signal(sig, { group = true } = {}) {
    if (this.done) return;
    try {
      process.kill(group ? -this.child.pid : this.child.pid, sig);
    } catch {
      /* already gone */
    }
  }
  /**
   * SIGINT, then SIGKILL after `graceMs`; with `graceStartsAfter` the grace period starts only when
   * that promise settles (firebase-tools' export on exit must not be cut short by the kill).
   * `interruptGroup: false` sends the SIGINT to the main process only, for a process that stops its
   * children itself (firebase-tools lets the running functions finish; a SIGINT to a function worker
   * that is still starting kills it, and the request waiting for it is never answered).
   */
  async stop(graceMs = 15_000, { graceStartsAfter, interruptGroup = true } = {}) {
    if (this.done) return;
    const graceStart = graceStartsAfter?.();
    this.signal('SIGINT', { group: interruptGroup });
    let timer;
    Promise.resolve(graceStart).finally(() => {
      if (!this.done) timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
    });
    await this.exited;
    clearTimeout(timer);
    // The group may still hold children that ignored SIGINT.
    this.signal('SIGKILL');
  }
}

async function waitFor(part, check, proc, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (proc?.done)
      throw new StackError(`The ${PART_NAMES[part]} stopped while starting. Its last output:\n${proc.tail()}`);
    try {
      if (await check()) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new StackError(
    `The ${PART_NAMES[part]} did not become ready within ${Math.round(timeoutMs / 1000)} s. Its last output:\n${proc?.tail() ?? ''}`,
  );
}

const httpOk = (url) => async () => (await fetch(url, { signal: AbortSignal.timeout(2000) })).status < 500;

/** The database emulator's `--latency` / `--latency-jitter` arguments for startStack's options. */
function latencyArgs({ latencyMs, latencyJitterMs }) {
  if (!latencyMs) return [];
  return [
    '--latency',
    String(latencyMs),
    ...(latencyJitterMs !== undefined ? ['--latency-jitter', String(latencyJitterMs)] : []),
  ];
}

/**
 * @param {object} options
 * @param {'default'|'free'} [options.ports] fixed well-known ports (npm start) or free ones (tests)
 * @param {boolean} [options.seed] load the example event and demo accounts into an empty database
 * @param {'dev'|'preview'|false} [options.web] serve the SPA with the Vite dev server, a production build
 *   made for this stack's emulators, or not at all
 * @param {string} [options.dataDir] keep data here across restarts (database journal + Auth export); a temp dir when omitted
 * @param {boolean} [options.functions] start the Auth + Functions emulators (default true)
 * @param {boolean} [options.warm] start a worker for the callables used most (as many as the worker
 *   limit allows) before returning, so those wait for no cold start (`npm start`; costs start-up time)
 * @param {number} [options.latencyMs] the database emulator delays every message by this many ms in
 *   each direction (`--latency`: production's round trips between functions and the database)
 * @param {number} [options.latencyJitterMs] ± jitter of that delay (`--latency-jitter`; default a quarter of it)
 * @param {(line: string) => void} [options.log]
 */
export async function startStack(options = {}) {
  const {
    ports: portMode = 'free',
    seed = false,
    web = false,
    functions = true,
    warm = false,
    log = () => {},
  } = options;
  const persistent = Boolean(options.dataDir);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'panel-stack-'));
  const wanted = ['rtdb', ...(functions ? ['auth', 'functions', 'hub', 'logging'] : []), ...(web ? ['web'] : [])];
  const ports = await choosePorts(portMode, wanted);
  const host = '127.0.0.1';
  let functionsParallel;
  let functionsWorkerLimit;
  let mail;
  let p24;
  let ksef;
  const processes = [];
  const cleanups = [];
  const killAll = () => processes.forEach((p) => p.signal('SIGKILL'));
  process.once('exit', killAll);
  // Whether firebase-tools got as far as "All emulators ready" (its Auth accounts are imported by then).
  let authReady = false;

  let stopping;
  /** Stops every part started so far; a second call waits for the first. */
  const stop = () => (stopping ??= stopParts());
  const stopParts = async () => {
    process.removeListener('exit', killAll);
    stopOnInterrupt(false);
    // Reverse start order: the web app, then firebase-tools (exports Auth data on exit), then the database.
    for (const proc of [...processes].reverse()) {
      if (proc.name !== 'firebase') await proc.stop(10_000);
      else if (!persistent) await proc.stop(30_000, { interruptGroup: false });
      else {
        // The export comes first on SIGINT; afterwards firebase-tools waits up to 60 s for running
        // functions, which get a few seconds to answer but need not hold up the stop.
        const exported = () =>
          Promise.race([
            proc.waitForOutput(/Export complete|Automatic export to .* failed/),
            new Promise((resolve) => setTimeout(resolve, AUTH_EXPORT_TIMEOUT_MS).unref()),
          ]);
        await proc.stop(10_000, { graceStartsAfter: exported, interruptGroup: false });
        promoteAuthExport(dataDir, { complete: authReady, log });
      }
    }
    for (const cleanup of cleanups) cleanup();
    if (!persistent) rmSync(dataDir, { recursive: true, force: true });
  };
  // The parts run in process groups of their own, so a Ctrl+C at the terminal reaches only this
  // process, and a signal ends it without its 'exit' hooks: until the stack is up, an interrupt
  // stops what has started (else the next start finds the ports taken), then ends the process as
  // the signal would have. Once started, the caller owns the stack and its own signal handling.
  const interrupted = (signal) => {
    log(`Interrupted (${signal}) while starting: stopping what has started…`);
    void stop().finally(() => process.exit(128 + os.constants.signals[signal]));
  };
  const stopOnInterrupt = (on) => {
    for (const signal of ['SIGINT', 'SIGTERM']) {
      if (on) process.once(signal, interrupted);
      else process.removeListener(signal, interrupted);
    }
  };
  stopOnInterrupt(true);

  try {
    if (!existsSync(path.join(ROOT, 'emulator', 'dist', 'cli.js'))) {
      throw new StackError('The database emulator is not built (emulator/dist is missing). Run: npx tsc -b emulator');
    }
    const dbDir = path.join(dataDir, 'database');
    mkdirSync(dbDir, { recursive: true });
    log(`Starting the Realtime Database emulator on port ${ports.rtdb}…`);
    const rulesArgs = existsSync(path.join(ROOT, 'database.rules.json')) ? ['--rules', 'database.rules.json'] : [];
    const rtdb = new ManagedProcess(
      'rtdb',
      process.execPath,
      [
        'emulator/bin/rtdb-emulator.js',
        '--host',
        host,
        '--port',
        String(ports.rtdb),
        ...rulesArgs,
        '--data',
        dbDir,
        ...latencyArgs(options),
      ],
      { cwd: ROOT },
    );
    processes.push(rtdb);
    await waitFor(
      'rtdb',
      httpOk(`http://${host}:${ports.rtdb}/.json?ns=${NAMESPACE}&shallow=true&auth=owner`),
      rtdb,
      30_000,
    );

    const env = {
      ...process.env,
      FIREBASE_DATABASE_EMULATOR_HOST: `${host}:${ports.rtdb}`,
      DATABASE_URL: `https://${NAMESPACE}.firebaseio.com`,
    };
    if (functions) {
      // The functions send e-mail through real SMTP to the local catcher (docs/email.md); nothing leaves the machine.
      mail = await startMailCatcher({
        host,
        smtpPort: portMode === 'free' ? 0 : Number(process.env.MAIL_SMTP_PORT ?? DEFAULT_MAIL_PORTS.smtp),
        httpPort: portMode === 'free' ? 0 : Number(process.env.MAIL_HTTP_PORT ?? DEFAULT_MAIL_PORTS.http),
        log,
      }).catch((error) => {
        throw new StackError(
          `The mail catcher could not start (${error.message}). Stop the process that uses its port or choose others with MAIL_SMTP_PORT / MAIL_HTTP_PORT.`,
        );
      });
      cleanups.push(() => void mail.stop());
      Object.assign(env, {
        SMTP_URL: mail.smtpUrl,
        MAIL_FROM: env.MAIL_FROM ?? 'Panel Uczestnika <powiadomienia@panel-uczestnika.local>',
        APP_URL: `http://${host}:${ports.web ?? DEFAULT_PORTS.web}`,
      });
      log(`Mail catcher: SMTP ${mail.smtpUrl}, inbox ${mail.url}`);
      // Online payments go to a local stand-in for Przelewy24 (a test double: docs/payments.md); the
      // functions get its account the way production gets its secrets, through the environment.
      p24 = await startP24StandIn({
        host,
        port: portMode === 'free' ? 0 : Number(process.env.P24_PORT ?? DEFAULT_P24_PORT),
        log,
      }).catch((error) => {
        throw new StackError(
          `The Przelewy24 stand-in could not start (${error.message}). Stop the process that uses its port or choose another with P24_PORT.`,
        );
      });
      cleanups.push(() => void p24.stop());
      Object.assign(env, {
        P24_BASE_URL: p24.url,
        P24_MERCHANT_ID: String(p24.account.merchantId),
        P24_POS_ID: String(p24.account.posId),
        P24_CRC: p24.account.crc,
        P24_API_KEY: p24.account.apiKey,
        P24_STATUS_URL: `http://${host}:${ports.functions}/${PROJECT_ID}/${REGION}/p24Notification`,
      });
      log(`Przelewy24 stand-in (test double): ${p24.url}`);
      // The functions send invoices to a local stand-in of the KSeF API (a test double: scripts/lib/ksefStandIn.md).
      // Its port is printed and handed to the functions, so a busy default port falls back to a free one.
      const ksefPort = portMode === 'free' ? 0 : Number(process.env.KSEF_PORT ?? DEFAULT_KSEF_PORT);
      const startKsef = (port) => startKsefStandIn({ host, port, tokens: { [LOCAL_KSEF_TOKEN]: '*' } });
      ksef = await startKsef(ksefPort)
        .catch((error) =>
          error.code === 'EADDRINUSE' && !process.env.KSEF_PORT ? startKsef(0) : Promise.reject(error),
        )
        .catch((error) => {
          throw new StackError(
            `The KSeF stand-in could not start (${error.message}). Stop the process that uses its port or choose another with KSEF_PORT.`,
          );
        });
      cleanups.push(() => void ksef.close());
      // And an offline certificate of its own, so documents handed out in offline24 mode carry a signed KOD II.
      const offlineCertificate = newOfflineCertificate();
      // The stand-in plays the Ministry's test environment: KOD I and KOD II point to qr-test.ksef.mf.gov.pl.
      Object.assign(env, {
        KSEF_BASE_URL: ksef.url,
        KSEF_ENVIRONMENT: 'test',
        KSEF_TOKEN: LOCAL_KSEF_TOKEN,
        KSEF_OFFLINE_CERTIFICATE: offlineCertificate.certificatePem,
        KSEF_OFFLINE_KEY: offlineCertificate.keyPem,
      });
      log(`KSeF stand-in (test double): ${ksef.url}`);
      const config = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
      config.emulators = {
        ...config.emulators,
        auth: { host, port: ports.auth },
        functions: { host, port: ports.functions },
        hub: { host, port: ports.hub },
        logging: { host, port: ports.logging },
        ui: { enabled: false },
      };
      // firebase-tools resolves "source" against the config file's folder, so the file sits at the root.
      const configFile = path.join(ROOT, `firebase.${process.pid}-${ports.auth}.local.json`);
      writeFileSync(configFile, JSON.stringify(config, null, 2));
      cleanups.push(() => rmSync(configFile, { force: true }));
      let importArgs = [];
      if (persistent) {
        // Accounts are imported from the last verified export; the export on exit goes to a staging
        // folder that stop() verifies before it replaces anything (scripts/lib/authExport.mjs).
        discardStaleStaging(dataDir, log);
        const importDir = chooseAuthImport(dataDir, log);
        importArgs = [
          ...(importDir ? ['--import', importDir] : []),
          '--export-on-exit',
          path.join(dataDir, AUTH_EXPORT_DIRS.staging),
        ];
      }
      // firebase-tools finds "its" running hub through a locator file in the temp folder named after the
      // project, shared by every stack of this project on the machine: an export on exit would then ask
      // whichever stack wrote it first for its accounts. A temp folder per stack keeps each to its own.
      const firebaseTmp = mkdtempSync(path.join(os.tmpdir(), 'panel-firebase-'));
      cleanups.push(() => rmSync(firebaseTmp, { recursive: true, force: true }));
      functionsParallel = Number(process.env.FUNCTIONS_EMULATOR_PARALLEL) || FUNCTIONS_PARALLEL_DEFAULT;
      functionsWorkerLimit = Math.max(
        functionsParallel,
        Number(process.env.FUNCTIONS_WORKER_LIMIT) || FUNCTIONS_WORKER_LIMIT_DEFAULT,
      );
      log(`Starting the Auth (${ports.auth}) and Functions (${ports.functions}) emulators…`);
      const firebase = new ManagedProcess(
        'firebase',
        process.execPath,
        [
          '--import',
          pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'functionsWorkerLimit.mjs')).href,
          path.join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
          'emulators:start',
          '--only',
          'auth,functions',
          '--project',
          PROJECT_ID,
          '--config',
          configFile,
          ...importArgs,
        ],
        {
          // Its working folder receives firebase-debug.log and the export's temporary folder (renamed
          // into the staging folder, so it must be on the same file system as the data).
          cwd: dataDir,
          env: {
            ...env,
            FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
            CI: 'true',
            TMPDIR: firebaseTmp,
            FUNCTIONS_EMULATOR_PARALLEL: String(functionsParallel),
            FUNCTIONS_WORKER_LIMIT: String(functionsWorkerLimit),
            FUNCTIONS_DISCOVERY_TIMEOUT: String(FUNCTIONS_WORKER_START_TIMEOUT_S),
          },
        },
      );
      processes.push(firebase);
      // Generous: on a loaded 2-core machine (several test stacks at once) firebase-tools alone can take minutes.
      await waitFor(
        'functions',
        async () => firebase.output.join('').includes('All emulators ready'),
        firebase,
        300_000,
      );
      authReady = true;
      if (firebase.output.join('').match(/Failed to load function definition|Error: .*functions/i)) {
        throw new StackError(
          `The Functions emulator could not load the functions. Its last output:\n${firebase.tail()}`,
        );
      }
    }

    // The warm-up needs no data: it runs while the demo data loads and the web app starts.
    let warming = Promise.resolve();
    if (functions && warm) {
      log(`Warming up the functions (a worker for each of up to ${functionsWorkerLimit} callables)…`);
      warming = warmFunctions({
        functionsUrl: `http://${host}:${ports.functions}`,
        projectId: PROJECT_ID,
        limit: functionsWorkerLimit,
      }).then(
        ({ callables, ms, problems }) => {
          log(`Functions warm: ${callables} callables in ${(ms / 1000).toFixed(1)} s.`);
          for (const problem of problems) log(`Warning: warming a function failed (${problem}).`);
        },
        (error) => log(`Warning: the functions could not be warmed (${error.message}).`),
      );
    }

    if (seed) await seedIfEmpty({ host, ports, env, log });

    if (web) {
      const webEnv = {
        ...process.env,
        WEB_PORT: String(ports.web),
        VITE_USE_EMULATORS: 'true',
        VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
        VITE_DATABASE_EMULATOR_HOST: `${host}:${ports.rtdb}`,
        VITE_AUTH_EMULATOR_HOST: `${host}:${ports.auth ?? DEFAULT_PORTS.auth}`,
        VITE_FUNCTIONS_EMULATOR_HOST: `${host}:${ports.functions ?? DEFAULT_PORTS.functions}`,
        ...options.webEnv,
      };
      const viteBin = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
      let args = [viteBin, '--host', host, '--port', String(ports.web), '--strictPort'];
      if (web === 'preview') {
        // The production build with the same emulator settings as dev mode: Vite bakes VITE_* into
        // the bundle at build time, so it is built here, once the ports are known, into a folder of its
        // own (web/dist stays the real production build, which needs the real Firebase configuration).
        const outDir = mkdtempSync(path.join(os.tmpdir(), 'panel-web-preview-'));
        cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
        log('Building the web app for the local emulators…');
        await buildInBackground(
          'the web app',
          process.execPath,
          [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
          { cwd: path.join(ROOT, 'web'), env: webEnv },
        );
        args = [viteBin, 'preview', '--outDir', outDir, '--host', host, '--port', String(ports.web), '--strictPort'];
      }
      log(`Starting the web app on port ${ports.web}…`);
      const vite = new ManagedProcess('web', process.execPath, args, { cwd: path.join(ROOT, 'web'), env: webEnv });
      processes.push(vite);
      await waitFor('web', httpOk(`http://${host}:${ports.web}/`), vite, 60_000);
    }
    await warming;
  } catch (error) {
    await stop();
    throw error;
  }
  stopOnInterrupt(false);

  return {
    ports,
    projectId: PROJECT_ID,
    namespace: NAMESPACE,
    region: REGION,
    dataDir,
    urls: {
      rtdb: `http://${host}:${ports.rtdb}`,
      auth: ports.auth ? `http://${host}:${ports.auth}` : undefined,
      functions: ports.functions ? `http://${host}:${ports.functions}` : undefined,
      web: ports.web ? `http://${host}:${ports.web}` : undefined,
      /** The mail catcher's web inbox and JSON API (scripts/lib/mailCatcher.mjs). */
      mail: mail?.url,
      /** The Przelewy24 stand-in (scripts/lib/p24StandIn.mjs): API, payment window and test controls. */
      p24: p24?.url,
      /** The KSeF stand-in's API base and its failure switches (scripts/lib/ksefStandIn.md). */
      ksef: ksef?.url,
      ksefControl: ksef?.controlUrl,
      /** What the KSeF stand-in received: its sessions and invoices (read-only). */
      ksefReceived: ksef?.receivedUrl,
    },
    /** The stand-in's merchant account (what the functions hold as secrets), for tests that sign messages. */
    p24Account: p24?.account,
    /** SMTP address of the mail catcher the functions send to. */
    smtpUrl: mail?.smtpUrl,
    env: {
      FIREBASE_DATABASE_EMULATOR_HOST: `${host}:${ports.rtdb}`,
      ...(ports.auth ? { FIREBASE_AUTH_EMULATOR_HOST: `${host}:${ports.auth}` } : {}),
      GCLOUD_PROJECT: PROJECT_ID,
    },
    processes,
    /** Requests the Functions emulator runs at once (FUNCTIONS_EMULATOR_PARALLEL). */
    functionsParallel,
    /** Most worker processes the Functions emulator keeps (FUNCTIONS_WORKER_LIMIT). */
    functionsWorkerLimit,
    stop,
  };
}

/** Loads the example event and demo accounts when the database has no event yet. */
async function seedIfEmpty({ host, ports, env, log }) {
  const seedBin = path.join(ROOT, 'seed', 'bin', 'seed.js');
  if (!existsSync(seedBin)) {
    log('Seed CLI not present yet: starting with an empty database.');
    return false;
  }
  const response = await fetch(`http://${host}:${ports.rtdb}/event.json?ns=${NAMESPACE}&auth=owner&shallow=true`);
  if ((await response.json()) !== null) {
    // The database survived but the Auth accounts may not have (Auth data is only exported on a
    // clean stop): without the demo accounts nobody could sign in, so the seed recreates them.
    if (await demoAccountsPresent(host, ports.auth)) return false;
    log('The demo accounts are missing from the Auth emulator: recreating them…');
  } else {
    log('Empty database: loading the example event and demo accounts…');
  }
  const seedEnv = { ...env, FIREBASE_AUTH_EMULATOR_HOST: `${host}:${ports.auth}`, GCLOUD_PROJECT: PROJECT_ID };
  // Asynchronous, so the functions warm-up keeps going meanwhile.
  await new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [seedBin, '--file', 'seed/event.example.json', '--demo'],
      { cwd: ROOT, env: seedEnv },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new StackError(
              `Loading demo data failed:\n${`${stdout ?? ''}${stderr ?? ''}`.trim().split('\n').slice(-15).join('\n')}`,
            ),
          );
        else resolve();
      },
    );
  });
  return true;
}

/** Whether the first demo account can sign in (the Auth emulator accepts any API key). */
async function demoAccountsPresent(host, authPort) {
  const file = path.join(ROOT, 'seed', 'demo-accounts.json');
  if (!authPort || !existsSync(file)) return true;
  const [account] = JSON.parse(readFileSync(file, 'utf8')).accounts ?? [];
  if (!account) return true;
  const response = await fetch(
    `http://${host}:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=emulator`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: false }),
    },
  );
  return response.ok;
}
