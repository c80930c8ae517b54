import { spawn } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDurableStore } from '../../src/persistence/index.js';
import { tempDir } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let writerScript: string;

beforeAll(async () => {
  // The child runs the real sources; bundling them keeps the test independent of `tsc -b` output.
  writerScript = path.join(await tempDir('rtdb-crash-writer-'), 'crash-writer.mjs');
  await build({
    entryPoints: [path.join(here, 'fixtures', 'crash-writer.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: writerScript,
    logLevel: 'silent',
  });
});

/** Runs the writer until it has acknowledged `killAfter` ops, then SIGKILLs it. */
function runAndKill(dir: string, start: number, killAfter: number, compactAfterBytes: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writerScript, dir, String(start), String(compactAfterBytes)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: number[] = [];
    let buffered = '';
    let stderr = '';
    let killed = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('ack ')) acked.push(Number(line.slice(4)));
      }
      if (!killed && acked.length >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acked);
      else reject(new Error(`writer exited by itself (code ${code}): ${stderr}`));
    });
  });
}

describe('durable store: kill -9', () => {
  it('keeps every acknowledged op across repeated SIGKILLs at random moments', async () => {
    const dir = await tempDir();
    let start = 0;
    const everAcked = new Set<number>();
    for (let round = 0; round < 4; round++) {
      const killAfter = 200 + Math.floor(Math.random() * 3000);
      // A small compaction threshold so that some kills land in the middle of a compaction.
      const acked = await runAndKill(dir, start, killAfter, 96 * 1024);
      expect(acked.length).toBeGreaterThanOrEqual(killAfter);
      for (const id of acked) everAcked.add(id);

      const store = await openDurableStore(dir);
      const items = ((store.initial.get('crash') as any)?.items ?? {}) as Record<string, any>;
      const missing = [...everAcked].filter((id) => items[id]?.n !== id);
      expect(missing).toEqual([]);
      // Ops that were written but not yet acknowledged may survive too; nothing else may appear.
      const ids = Object.keys(items).map(Number);
      start = Math.max(...ids) + 1;
      for (const id of ids) expect(items[id].n).toBe(id);
      await store.close();
      expect((await fsp.readdir(dir)).includes('LOCK')).toBe(false);
    }
  }, 120_000);
});
