// Emulators for the seed's tests: the project's RTDB emulator in-process on a free port, and the
// firebase-tools Auth emulator on free ports (or the ones FIREBASE_AUTH_EMULATOR_HOST names).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = 'demo-panel-uczestnika';
export const NAMESPACE = `${PROJECT_ID}-default-rtdb`;

// Captured at import: the seed CLI itself sets FIREBASE_AUTH_EMULATOR_HOST in process.env when it runs.
const GIVEN_AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST;

export interface Running {
  host: string;
  close(): Promise<void>;
}

export async function startDatabaseEmulator(): Promise<
  Running & { rest(pathname: string, init?: RequestInit): Promise<unknown> }
> {
  const entry = path.join(ROOT, 'emulator', 'dist', 'index.js');
  if (!existsSync(entry))
    throw new Error('The database emulator is not built (emulator/dist/index.js is missing). Run: npx tsc -b emulator');
  const { startEmulator } = (await import(pathToFileURL(entry).href)) as {
    startEmulator(o: {
      port: number;
      host: string;
      log?: (line: string) => void;
    }): Promise<{ port: number; host: string; close(): Promise<void> }>;
  };
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', log: () => {} });
  const host = `${emulator.host}:${emulator.port}`;
  return {
    host,
    close: () => emulator.close(),
    // Admin access over REST ("owner"), to inspect and arrange data independently of the seed's SDK.
    async rest(pathname, init) {
      const response = await fetch(
        `http://${host}/${pathname.replace(/^\//, '')}.json?ns=${NAMESPACE}&auth=owner`,
        init,
      );
      if (!response.ok) throw new Error(`REST ${pathname}: ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The firebase-tools Auth emulator (pure Node). Starting it can take tens of seconds offline. */
export async function startAuthEmulator(): Promise<Running> {
  if (GIVEN_AUTH_HOST) return { host: GIVEN_AUTH_HOST, close: async () => {} };
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-auth-'));
  const config = path.join(dir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
      },
    }),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--config',
      config,
    ],
    {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!output.includes('All emulators ready')) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator stopped while starting:\n${output}`);
    if (Date.now() - started > 150_000) {
      await stop();
      throw new Error(`The Auth emulator did not start within 150 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { host: `127.0.0.1:${auth}`, close: stop };
}
