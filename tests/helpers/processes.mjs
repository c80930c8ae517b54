// The processes of this machine as Linux's /proc shows them, for the tests and benches that count a
// stack's processes (the Functions emulator's workers, a stack's memory). Plain JavaScript, so the
// benches (.mjs) and the TypeScript tests share one copy.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';

const PAGE = os.constants?.PAGE_SIZE ?? 4096;

/**
 * Every live process: its pid, state (`Z`: a zombie), parent's pid, resident memory (bytes) and
 * whether it is a worker of firebase-tools' Functions emulator. A process that ends while it is read
 * is left out; `read(file)` reads another of its /proc files (it may have ended by then: it throws).
 */
export function listProcesses() {
  const list = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command name, which may itself hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      list.push({
        pid: Number(entry),
        state: fields[0],
        ppid: Number(fields[1]),
        rss: Number(fields[21]) * PAGE,
        functionsWorker: readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('functionsEmulatorRuntime'),
        read: (/** @type {string} */ file) => readFileSync(`/proc/${entry}/${file}`, 'utf8'),
      });
    } catch {
      // Ended while being read.
    }
  }
  return list;
}
