// `npm start` interrupted with Ctrl+C while it is still starting: the emulators run in process groups
// of their own, so the interrupt reaches only the starting process, and a signal skips its 'exit'
// hooks. The stack must stop what it has started, or the next start finds its ports taken.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { listProcesses } from '../helpers/processes.mjs';
import { until } from '../helpers/until.js';

/** The processes whose command line holds `part` (the arguments joined by spaces). */
function processesWith(part: string): number[] {
  return listProcesses()
    .filter((p) => {
      try {
        return p.read('cmdline').split('\0').join(' ').includes(part);
      } catch {
        return false;
      }
    })
    .map((p) => p.pid);
}

describe('a stack interrupted while it starts', () => {
  it(
    'stops the database and Functions emulators it had started and exits as interrupted',
    { timeout: 180_000 },
    async () => {
      const stackModule = pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'stack.mjs')).href;
      const script =
        `const { startStack } = await import(${JSON.stringify(stackModule)});` +
        `await startStack({ ports: 'free', log: (line) => console.log(line) });` +
        `console.log('stack started');`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

      await until(
        () => /Functions \(\d+\) emulators/.test(output) || child.exitCode !== null,
        () => output,
        120_000,
      );
      const rtdbPort = /Realtime Database emulator on port (\d+)/.exec(output)?.[1];
      const authPort = /Starting the Auth \((\d+)\)/.exec(output)?.[1];
      expect(rtdbPort, output).toBeDefined();
      const rtdbArgs = `rtdb-emulator.js --host 127.0.0.1 --port ${rtdbPort} `;
      const firebaseConfig = `firebase.${child.pid}-${authPort}.local.json`;
      // Both parts run now: the database answers, firebase-tools is starting.
      await until(
        () => processesWith(firebaseConfig).length > 0,
        () => `no process with ${firebaseConfig}`,
      );
      expect(processesWith(rtdbArgs)).toHaveLength(1);
      expect(output).not.toContain('stack started');

      child.kill('SIGINT');

      expect(await exited).toBe(130);
      expect(output).toContain('Interrupted (SIGINT) while starting');
      expect(processesWith(rtdbArgs)).toEqual([]);
      expect(processesWith(firebaseConfig)).toEqual([]);
      expect(existsSync(path.join(ROOT, firebaseConfig))).toBe(false);
    },
  );
});
