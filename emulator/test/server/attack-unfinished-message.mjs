// Memory of the emulator under the "unfinished multi-frame message" attack: each client announces a
// message of many frames (the SDK's frame-count header; 999999 is the most its 6 digits allow) and
// then sends 16384-character frames without ever finishing it. Runs the emulator CLI in its own
// process (so its memory is the emulator's alone) and prints its resident memory before and after.
// Run after `npx tsc -b emulator`:
//   node emulator/test/server/attack-unfinished-message.mjs [clients=4] [megabytesPerClient=96] [announcedFrames=999999]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const CLIENTS = Number(process.argv[2] ?? 4);
const MEGABYTES_PER_CLIENT = Number(process.argv[3] ?? 96);
const ANNOUNCED_FRAMES = String(process.argv[4] ?? 999999);
const FRAME = 'x'.repeat(16384);
const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '..', '..', 'bin', 'rtdb-emulator.js');

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: Math.round(kb('VmRSS') / 1024), peakMB: Math.round(kb('VmHWM') / 1024) };
}

const emulator = spawn(process.execPath, [bin, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let out = '';
  emulator.stdout.setEncoding('utf8');
  emulator.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /ready on (http:\/\/\S+)/.exec(out);
    if (match) resolve(match[1]);
  });
  emulator.on('exit', (code) => reject(new Error(`emulator exited (${code})`)));
});

/** Sends frames until the server closes the connection or `megabytes` are sent; resolves with what happened. */
function attack(megabytes) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/.ws?v=5&ns=attack`);
    let sent = 0;
    let closedByServer = false;
    ws.on('close', () => {
      closedByServer = sent < megabytes * 1024 * 1024;
      resolve({ sentMB: Math.round(sent / 1024 / 1024), closedByServer });
    });
    ws.on('error', () => {});
    ws.on('open', () => {
      ws.send(ANNOUNCED_FRAMES);
      const pump = () => {
        while (ws.readyState === WebSocket.OPEN && sent < megabytes * 1024 * 1024) {
          ws.send(FRAME);
          sent += FRAME.length;
          if (ws.bufferedAmount > 4 * 1024 * 1024) {
            setTimeout(pump, 5);
            return;
          }
        }
        if (ws.readyState === WebSocket.OPEN && sent >= megabytes * 1024 * 1024) {
          // Everything is sent; wait until the server has read it, then leave the message unfinished.
          const settle = () =>
            ws.bufferedAmount === 0
              ? setTimeout(() => resolve({ sentMB: Math.round(sent / 1024 / 1024), closedByServer: false }), 500)
              : setTimeout(settle, 20);
          settle();
        }
      };
      pump();
    });
  });
}

const before = memoryOf(emulator.pid);
const results = await Promise.all(Array.from({ length: CLIENTS }, () => attack(MEGABYTES_PER_CLIENT)));
const after = memoryOf(emulator.pid);
console.log(
  JSON.stringify({
    clients: CLIENTS,
    megabytesPerClient: MEGABYTES_PER_CLIENT,
    announcedFrames: Number(ANNOUNCED_FRAMES),
    before,
    after,
    results,
  }),
);
emulator.kill('SIGTERM');
process.exit(0);
