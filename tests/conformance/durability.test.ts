// Durability of the emulator CLI with --data: every acknowledged write survives `kill -9` and a
// restart on the same directory. This needs a server process this suite owns, so it only runs
// against our emulator, not against a server named by RTDB_EMULATOR_HOST.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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
  const child = spawn(
    process.execPath,
    [CLI, '--port', String(port), '--host', '127.0.0.1', '--data', dataDir, ...extraArgs],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
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

const skipReason = externalHost()
  ? `RTDB_EMULATOR_HOST=${externalHost()} names a server this suite cannot kill and restart`
  : undefined;

// Each test owns its directory, port and processes, so they run side by side.
describe.skipIf(Boolean(skipReason))(
  `durability with --data${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  { concurrent: true },
  () => {
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
        const data = (await rest(second.target, ns, 'GET', '', { params: { auth: 'owner' } })).json as Record<
          string,
          any
        >;
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
        const data = (await rest(third.target, ns, 'GET', '', { params: { auth: 'owner' } })).json as Record<
          string,
          any
        >;
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
      expect((await rest(first.target, nsA, 'PUT', 'x', { body: { a: 1 }, params: { auth: 'owner' } })).status).toBe(
        200,
      );
      expect((await rest(first.target, nsB, 'PUT', 'x', { body: { b: 2 }, params: { auth: 'owner' } })).status).toBe(
        200,
      );
      expect((await rest(first.target, nsA, 'PATCH', 'x', { body: { c: 3 }, params: { auth: 'owner' } })).status).toBe(
        200,
      );
      expect((await rest(first.target, nsB, 'DELETE', 'x/b', { params: { auth: 'owner' } })).status).toBe(200);
      await kill9(first);
      const second = await startCli(dataDir);
      try {
        expect((await rest(second.target, nsA, 'GET', 'x', { params: { auth: 'owner' } })).json).toEqual({
          a: 1,
          c: 3,
        });
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

    it('kill -9 while writes are still in flight: every acknowledged write is there after restart', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'rtdb-conf-durable-'));
      dirs.push(dataDir);
      const ns = uniqueNs('inflight');
      const first = await startCli(dataDir);
      const client = webClient(first.target, ns);
      const acknowledged = new Set<number>();
      const total = 1000;
      let killed = false;
      const writes = Array.from({ length: total }, (_, i) =>
        set(ref(client.db, `inflight/k${i}`), { i, pad: 'x'.repeat(200) }).then(
          () => {
            acknowledged.add(i);
            // Kill from inside an acknowledgement, while most writes are still queued or in flight.
            if (!killed && acknowledged.size >= 100) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          },
          () => {},
        ),
      );
      await first.exited;
      children.delete(first.child);
      // Acknowledgements already delivered before the process died count too.
      const ackedAtKill = new Set(acknowledged);
      await client.close();
      void Promise.allSettled(writes);
      const second = await startCli(dataDir);
      try {
        const data = ((await rest(second.target, ns, 'GET', 'inflight', { params: { auth: 'owner' } })).json ??
          {}) as Record<string, { i: number }>;
        const missing = [...ackedAtKill].filter((i) => data[`k${i}`]?.i !== i);
        expect(missing, `acknowledged before the kill but lost: ${missing.slice(0, 10).join(', ')}`).toEqual([]);
      } finally {
        await second.target.close();
        children.delete(second.child);
      }
    });

    it('data written across a journal compaction survives kill -9', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'rtdb-conf-durable-'));
      dirs.push(dataDir);
      const ns = uniqueNs('compaction');
      const first = await startCli(dataDir);
      // Well past a typical compaction threshold (tens of MB of journal).
      const chunk = 'c'.repeat(4 * 1024 * 1024);
      for (let i = 0; i < 9; i += 1) {
        const put = await rest(first.target, ns, 'PUT', `blobs/b${i}`, {
          body: `${i}:${chunk}`,
          params: { auth: 'owner', print: 'silent' },
        });
        expect(put.status).toBe(204);
      }
      expect(
        (await rest(first.target, ns, 'PUT', 'last', { body: 'written last', params: { auth: 'owner' } })).status,
      ).toBe(200);
      await kill9(first);
      const second = await startCli(dataDir);
      try {
        const shallow = await rest(second.target, ns, 'GET', 'blobs', { params: { auth: 'owner', shallow: 'true' } });
        expect(Object.keys(shallow.json as object).sort()).toEqual(Array.from({ length: 9 }, (_, i) => `b${i}`).sort());
        const b8 = (await rest(second.target, ns, 'GET', 'blobs/b8', { params: { auth: 'owner' } })).json as string;
        expect(b8.length).toBe(chunk.length + 2);
        expect(b8.startsWith('8:')).toBe(true);
        expect((await rest(second.target, ns, 'GET', 'last', { params: { auth: 'owner' } })).json).toBe('written last');
      } finally {
        await second.target.close();
        children.delete(second.child);
      }
    }, 120_000); // tens of MB through fsync: slow on a busy shared disk, so a wider bound than the default
  },
);

describe.skipIf(Boolean(skipReason))(
  `CLI start-up errors${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  { concurrent: true },
  () => {
    async function runToExit(args: string[]): Promise<{ code: number | null; output: string }> {
      const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => {
        // 'close', not 'exit': only then has all of the process's output been read.
        child.once('close', (exitCode) => resolve(exitCode));
        // A CLI that starts despite the problem prints its ready line; stop it so the test fails cleanly.
        child.stdout!.on('data', () => {
          if (/ready on/.test(output)) child.kill('SIGKILL');
        });
      });
      children.delete(child);
      return { code, output };
    }

    it('a port in use is a clear error, not a crash', async () => {
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
      const { port } = blocker.address() as { port: number };
      try {
        const result = await runToExit(['--port', String(port), '--host', '127.0.0.1']);
        expect(result.code).not.toBe(0);
        expect(result.output).toMatch(new RegExp(`${port}`));
        expect(result.output).toMatch(/in use/i);
        expect(result.output).not.toMatch(/ready on/);
      } finally {
        await new Promise((resolve) => blocker.close(resolve));
      }
    });

    it('an unreadable or invalid rules file is a clear error', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'rtdb-conf-rules-'));
      dirs.push(dir);
      const port = await freePort();
      const missing = await runToExit(['--port', String(port), '--rules', path.join(dir, 'nope.json')]);
      expect(missing.code).not.toBe(0);
      expect(missing.output).toMatch(/nope\.json/);
      await writeFile(path.join(dir, 'bad.json'), '{ "rules": { ".read": "auth.uid ==" } }');
      const bad = await runToExit(['--port', String(port), '--rules', path.join(dir, 'bad.json')]);
      expect(bad.code).not.toBe(0);
      expect(bad.output).not.toMatch(/ready on/);
    });

    it('a corrupt data file is refused instead of starting empty over it', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'rtdb-conf-durable-'));
      dirs.push(dataDir);
      const ns = uniqueNs('corrupt');
      const first = await startCli(dataDir);
      for (let i = 0; i < 20; i += 1) {
        await rest(first.target, ns, 'PUT', `k${i}`, { body: { i, pad: 'p'.repeat(100) }, params: { auth: 'owner' } });
      }
      await first.target.close();
      children.delete(first.child);
      // Damage the start of the largest data file: not a torn tail, so nothing may be guessed.
      const files = await listFiles(dataDir);
      const largest = files.sort((x, y) => y.size - x.size)[0];
      expect(largest, 'the data directory holds files').toBeDefined();
      const bytes = await readFile(largest.path);
      bytes.fill(0x7a, 0, Math.min(64, bytes.length));
      await writeFile(largest.path, bytes);
      const port = await freePort();
      const result = await runToExit(['--port', String(port), '--host', '127.0.0.1', '--data', dataDir]);
      expect(result.code).not.toBe(0);
      expect(result.output).not.toMatch(/ready on/);
      expect(result.output).toContain(path.basename(largest.path));
    });
  },
);

async function listFiles(dir: string): Promise<Array<{ path: string; size: number }>> {
  const out: Array<{ path: string; size: number }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else if (entry.isFile() && !/lock/i.test(entry.name)) out.push({ path: full, size: (await stat(full)).size });
  }
  return out;
}
