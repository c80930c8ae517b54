import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const created: string[] = [];
afterAll(async () => {
  for (const dir of created.splice(0)) await fsp.rm(dir, { recursive: true, force: true });
});

export async function tempDir(prefix = 'rtdb-persist-'): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** What the disk holds at this instant, minus the lock: the image a crash would leave behind. */
export async function crashImage(dir: string): Promise<string> {
  const copy = await tempDir('rtdb-crash-');
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'LOCK' || !entry.isFile()) continue; // repair backups are folders, not state
    await fsp.copyFile(path.join(dir, entry.name), path.join(copy, entry.name));
  }
  return copy;
}

export async function journalFiles(dir: string): Promise<string[]> {
  return (await fsp.readdir(dir)).filter((n) => n.startsWith('journal-')).sort();
}
