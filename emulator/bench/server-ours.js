// Child process: our emulator, started the way the project starts it (startEmulator from the built
// package), with the rules file and a durable journal in a fresh directory. Prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { startEmulator } = await import(path.join(here, '..', 'dist', 'index.js'));
const rules = process.argv[2];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rtdb-bench-data-'));
const emulator = await startEmulator({ port: 0, host: '127.0.0.1', rules, dataDir });
process.stdout.write(`${JSON.stringify({ port: emulator.port, rules, dataDir })}\n`);

// Shut down when the parent closes our stdin, so --cpu-prof can write its profile on exit.
process.stdin.resume();
process.stdin.on('end', async () => {
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
