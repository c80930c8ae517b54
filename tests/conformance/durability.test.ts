// Durability of the emulator CLI with --data: every acknowledged write survives `kill -9` and a
// restart on the same directory. This needs a server process this suite owns, so it only runs
// against our emulator, not against a server named by RTDB_EMULATOR_HOST.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { increment, push, ref, serverTimestamp, set, update } from 'firebase/database';
import { externalHost, rest, uniqueNs, webClient, type RtdbTarget } from '../helpers/rtdb.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'emulator/bin/rtdb-emulator.js');

const children = new Set<ChildProcess>();
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface CliServer {
  child: ChildProcess;
  target: RtdbTarget;
  exited: Promise<number | null>;
}

async function startCli(dataDir: string, extraArgs: string[] = []): Promise<CliServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [CLI, '--port', String(port), '--host', '127.0.0.1', '--data', dataDir, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready on http:\/\//.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`emulator exited with ${code} before it was ready:\n${output}`)));
  });
  const target: RtdbTarget = {
    host: '127.0.0.1',
    port,
    hostPort: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    external: false,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
  return { child, target, exited };
}

async function kill9(server: CliServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
  children.delete(server.child);
}

const skipReason = externalHost() ? `RTDB_EMULATOR_HOST=${externalHost()} names a server this suite cannot kill and restart` : undefined;

describe.skipIf(Boolean(skipReason))(`durability with --data${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('acknowledged SDK writes survive kill -9 and a restart on the same directory', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rtdb-conf-durable-'));
    dirs.push(dataDir);
    const ns = uniqueNs('durable');
    const first = await startCli(dataDir);
    const client = webClient(first.target, ns);
    let pushedKey: string;
    try {
      await set(ref(client.db, 'event'), { name: 'Zlot', place: 'Hel', at: serverTimestamp() });
      await update(ref(client.db, 'stats'), { visitors: 1, 'byCountry/PL': 1 });
      await set(ref(client.db, 'stats/visitors'), increment(41));
      const pushed = push(ref(client.db, 'log'));
      pushedKey = pushed.key!;
      await set(pushed, 'entry');
      await set(ref(client.db, 'gone'), 'soon');
      await set(ref(client.db, 'gone'), null);
      // Many writes in flight at once, all acknowledged before the kill (group commit).
      await Promise.all(Array.from({ length: 200 }, (_, i) => set(ref(client.db, `bulk/k${i}`), i)));
    } finally {
      await client.close();
    }
    await kill9(first);

    const second = await startCli(dataDir);
    try {
      const data = (await rest(second.target, ns, 'GET', '', { params: { auth: 'owner' } })).json as Record<string, any>;
      expect(data.event.name).toBe('Zlot');
      expect(typeof data.event.at).toBe('number');
      expect(data.stats).toEqual({ visitors: 42, byCountry: { PL: 1 } });
      expect(data.log).toEqual({ [pushedKey]: 'entry' });
      expect(data.gone).toBeUndefined();
      expect(Object.keys(data.bulk)).toHaveLength(200);
      expect(data.bulk.k199).toBe(199);

      // A second crash after more writes on the recovered data.
      const again = webClient(second.target, ns);
      try {
        await set(ref(again.db, 'stats/visitors'), increment(1));
        await set(ref(again.db, 'afterRestart'), true);
      } finally {
        await again.close();
      }
    } finally {
      await kill9(second);
    }

    const third = await startCli(dataDir);
    try {
      const data = (await rest(third.target, ns, 'GET', '', { params: { auth: 'owner' } })).json as Record<string, any>;
      expect(data.stats.visitors).toBe(43);
      expect(data.afterRestart).toBe(true);
      expect(data.event.name).toBe('Zlot');
    } finally {
      await third.target.close();
      children.delete(third.child);
    }
  });

  it('REST writes are durable too, and namespaces stay apart after recovery', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rtdb-conf-durable-'));
    dirs.push(dataDir);
    const nsA = uniqueNs('durable-a');
    const nsB = uniqueNs('durable-b');
    const first = await startCli(dataDir);
    expect((await rest(first.target, nsA, 'PUT', 'x', { body: { a: 1 }, params: { auth: 'owner' } })).status).toBe(200);
    expect((await rest(first.target, nsB, 'PUT', 'x', { body: { b: 2 }, params: { auth: 'owner' } })).status).toBe(200);
    expect((await rest(first.target, nsA, 'PATCH', 'x', { body: { c: 3 }, params: { auth: 'owner' } })).status).toBe(200);
    expect((await rest(first.target, nsB, 'DELETE', 'x/b', { params: { auth: 'owner' } })).status).toBe(200);
    await kill9(first);
    const second = await startCli(dataDir);
    try {
      expect((await rest(second.target, nsA, 'GET', 'x', { params: { auth: 'owner' } })).json).toEqual({ a: 1, c: 3 });
      expect((await rest(second.target, nsB, 'GET', 'x', { params: { auth: 'owner' } })).json).toBeNull();
    } finally {
      await second.target.close();
      children.delete(second.child);
    }
  });

  it('--import loads the layout `firebase emulators:export` writes, priorities included', async () => {
    const exportDir = await mkdtemp(path.join(tmpdir(), 'rtdb-conf-export-'));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rtdb-conf-durable-'));
    dirs.push(exportDir, dataDir);
    const ns = uniqueNs('imported');
    await writeFile(
      path.join(exportDir, 'firebase-export-metadata.json'),
      JSON.stringify({ version: '15.34.2', database: { version: '4.11.2', path: 'database_export' } }),
    );
    await mkdir(path.join(exportDir, 'database_export'));
    const exported = { countries: { PL: 'Polska', DE: 'Niemcy' }, ranked: { a: { '.value': 1, '.priority': 2 } } };
    await writeFile(path.join(exportDir, 'database_export', `${ns}.json`), JSON.stringify(exported));
    const server = await startCli(dataDir, ['--import', exportDir]);
    try {
      const got = await rest(server.target, ns, 'GET', '', { params: { auth: 'owner', format: 'export' } });
      expect(got.json).toEqual(exported);
    } finally {
      await server.target.close();
      children.delete(server.child);
    }
  });
});
