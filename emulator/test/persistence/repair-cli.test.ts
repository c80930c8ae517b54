// The CLI over a data directory whose journal is damaged: it refuses to start and names --repair;
// with --repair it starts with every record before the damage and says what it dropped.
import { spawn } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDurableStore } from '../../src/persistence/index.js';
import { parseCliArgs } from '../../src/cli.js';
import { crashImage, journalFiles, tempDir } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let cliScript: string;

beforeAll(async () => {
  cliScript = path.join(await tempDir('rtdb-cli-'), 'cli.mjs');
  await build({
    entryPoints: [path.join(here, 'fixtures', 'cli-entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: cliScript,
    logLevel: 'silent',
    external: ['bufferutil', 'utf-8-validate'], // optional speed-ups of ws, loaded in a try
    // ws is CommonJS: its require() of Node's modules needs a real require in the ESM bundle.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
});

interface CliRun {
  stdout: string;
  stderr: string;
  url: string | null;
  exit: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** Starts the CLI; resolves when it is ready (url set) or has exited. */
function runCli(args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliScript, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: path.join(here, '..', '..'),
    });
    const run: CliRun = {
      stdout: '',
      stderr: '',
      url: null,
      exit: new Promise((done) => child.on('exit', (code) => done(code))),
      stop: () => {
        child.kill('SIGTERM');
        return run.exit;
      },
    };
    child.on('error', reject);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (run.stderr += chunk));
    child.stdout.on('data', (chunk: string) => {
      run.stdout += chunk;
      const ready = /ready on (http:\/\/\S+)/.exec(run.stdout);
      if (ready && run.url === null) {
        run.url = ready[1];
        resolve(run);
      }
    });
    void run.exit.then(() => resolve(run));
  });
}

/** A data directory whose journal's last complete record fails its checksum. */
async function damagedDataDir(): Promise<{ dir: string; journal: string }> {
  const live = await tempDir();
  const store = await openDurableStore(live);
  for (let i = 0; i < 5; i++) await store.append({ ns: 'repair', kind: 'set', path: `/items/i${i}`, data: { n: i } });
  const dir = await crashImage(live);
  await store.close();
  const journal = path.join(dir, (await journalFiles(dir))[0]);
  const buf = await fsp.readFile(journal);
  const lastLine = buf.lastIndexOf(0x0a, buf.length - 2) + 1;
  buf[lastLine + 20] ^= 0x01;
  await fsp.writeFile(journal, buf);
  return { dir, journal };
}

describe('rtdb-emulator --repair', () => {
  it('parses --repair, and only together with --data', () => {
    expect(parseCliArgs(['--data', 'x', '--repair']).repair).toBe(true);
    expect(() => parseCliArgs(['--repair'])).toThrow(/--data/);
  });

  it('refuses a damaged journal naming --repair, then repairs it when asked and says what it dropped', async () => {
    const { dir, journal } = await damagedDataDir();
    const refused = await runCli(['--port', '0', '--data', dir]);
    expect(await refused.exit).toBe(1);
    expect(refused.url).toBeNull();
    expect(refused.stderr).toContain(journal);
    expect(refused.stderr).toContain('checksum mismatch');
    expect(refused.stderr).toContain('--repair');

    const repaired = await runCli(['--port', '0', '--data', dir, '--repair']);
    expect(repaired.url).not.toBeNull();
    expect(repaired.stderr).toMatch(
      /dropped 1 record \(\d+ bytes\) from .*journal-0000000000\.log at byte \d+ \(checksum mismatch\)/,
    );
    expect(repaired.stderr).toContain(path.join(dir, 'repair-'));
    const items = await (
      await fetch(`${repaired.url}/items.json?ns=repair`, { headers: { Authorization: 'Bearer owner' } })
    ).json();
    expect(items).toEqual({ i0: { n: 0 }, i1: { n: 1 }, i2: { n: 2 }, i3: { n: 3 } });
    expect(await repaired.stop()).toBe(0);

    // Repaired for good: a plain start works and keeps the data.
    const again = await runCli(['--port', '0', '--data', dir]);
    expect(again.url).not.toBeNull();
    expect(again.stderr).toBe('');
    expect(
      await (
        await fetch(`${again.url}/items/i3.json?ns=repair`, { headers: { Authorization: 'Bearer owner' } })
      ).json(),
    ).toEqual({ n: 3 });
    expect(await again.stop()).toBe(0);
  }, 60_000);
});
