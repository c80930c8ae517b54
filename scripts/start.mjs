#!/usr/bin/env node
// `npm start`: builds what must be built, starts the whole local stack on the well-known ports with
// data kept in .emulator-data/, loads demo data into an empty database, serves the web app, prints one
// summary and stops everything on Ctrl+C.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, StackError, buildAll, startStack } from './lib/stack.mjs';
import { EXPIRY_INTERVAL_MS, startExpiryInterval } from './lib/expiry.mjs';
import { MAIL_RETRY_INTERVAL_MS, startMailRetryInterval } from './lib/mailRetry.mjs';
import { KSEF_SUBMIT_INTERVAL_MS, startKsefSubmitInterval } from './lib/ksefSubmit.mjs';

const log = (line) => console.log(`· ${line}`);

function demoAccounts() {
  const file = path.join(ROOT, 'seed', 'demo-accounts.json');
  if (!existsSync(file)) return [];
  const parsed = JSON.parse(readFileSync(file, 'utf8'));
  return Array.isArray(parsed) ? parsed : (parsed.accounts ?? []);
}

async function main() {
  const webMode = process.argv.includes('--preview') ? 'preview' : 'dev';
  // Warming: the first payment confirmation or hand-out must not wait for a function worker to start
  // (`--no-warm` starts sooner and leaves each function's first call slow).
  const warm = !process.argv.includes('--no-warm');
  log('Building the emulator and the functions…');
  buildAll();
  const stack = await startStack({
    ports: 'default',
    seed: true,
    web: webMode,
    warm,
    dataDir: path.join(ROOT, '.emulator-data'),
    log,
  });

  // Production expires unpaid orders on a schedule; scheduled functions do not run in the emulators.
  const stopExpiry = startExpiryInterval(
    { functionsUrl: stack.urls.functions, projectId: stack.projectId, region: stack.region },
    { log },
  );
  // Likewise the production schedule that retries unsent e-mail (docs/email.md).
  const stopMailRetry = startMailRetryInterval(
    { functionsUrl: stack.urls.functions, projectId: stack.projectId, region: stack.region },
    { log },
  );
  // And the schedule that sends the KSeF outbox (docs/ksef.md), here to the local KSeF stand-in.
  const stopKsefSubmit = startKsefSubmitInterval(
    { functionsUrl: stack.urls.functions, projectId: stack.projectId, region: stack.region },
    { log },
  );

  const accounts = demoAccounts();
  const lines = [
    '',
    'Panel Uczestnika is running:',
    `  Web app                  ${stack.urls.web}`,
    `  Realtime Database        ${stack.urls.rtdb}  (namespace ${stack.namespace})`,
    `  Auth emulator            ${stack.urls.auth}`,
    `  Functions emulator       ${stack.urls.functions}  (region ${stack.region})`,
    `  Data kept in             .emulator-data/`,
    `  Unpaid-order expiry      every ${EXPIRY_INTERVAL_MS / 1000} s (stands in for the production schedule)`,
    `  Mail inbox (catcher)     ${stack.urls.mail}  (SMTP ${stack.smtpUrl}; e-mail never leaves this machine)`,
    `  Unsent-mail retry        every ${MAIL_RETRY_INTERVAL_MS / 1000} s (stands in for the production schedule)`,
    `  Przelewy24 (stand-in)    ${stack.urls.p24}  (test double of the payment provider; no money moves)`,
    `  KSeF stand-in (test)     ${stack.urls.ksef}  (a test double of the Ministry's API; outbox sent every ${KSEF_SUBMIT_INTERVAL_MS / 1000} s)`,
  ];
  if (accounts.length) {
    lines.push('', 'Demo accounts:');
    for (const account of accounts)
      lines.push(`  ${String(account.role ?? '').padEnd(12)} ${account.email}  /  ${account.password}`);
  }
  lines.push('', 'Press Ctrl+C to stop everything.', '');
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping (saving Auth data)…');
    stopExpiry();
    stopMailRetry();
    stopKsefSubmit();
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  // A part that dies on its own takes the stack down with one clear message.
  for (const proc of stack.processes) {
    proc.exited.then(async ({ code, signal }) => {
      if (stopping) return;
      console.error(
        `\nThe ${proc.name} process stopped unexpectedly (${signal ?? `exit code ${code}`}). Its last output:\n${proc.tail()}`,
      );
      stopping = true;
      await stack.stop();
      process.exit(1);
    });
  }
}

main().catch((error) => {
  console.error(`\nnpm start failed: ${error instanceof StackError ? error.message : error.stack}`);
  process.exit(1);
});
