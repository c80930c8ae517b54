// One stand-in for a Cloud Functions instance in `bench:orders -- --rush --instances K`: loads the
// compiled callables (functions/lib) with its own Admin SDK connection to the database emulator and
// serves many calls at once, as a production instance does (the Functions emulator serves one call per
// worker process). Driven by its parent over IPC: {kind: 'call', id, uid, at} → {id, outcome, ms, endedAt}.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.env.BENCH_ROOT;
const { placeTicketOrder } = await import(pathToFileURL(path.join(root, 'functions', 'lib', 'orders', 'place.js')).href);
const PERSON = { kind: 'person', name: 'Jan Kowalski', street: 'ul. Morska 1', postalCode: '81-300', city: 'Gdynia', country: 'PL' };

async function place(uid) {
  try {
    await placeTicketOrder.run({ data: { idempotencyKey: randomUUID().replaceAll('-', ''), buyer: PERSON, acceptTerms: true }, auth: { uid, token: {} }, rawRequest: {} });
    return 'ok';
  } catch (e) {
    return typeof e?.details?.reason === 'string' ? e.details.reason : `error: ${e?.code ?? e?.message}`;
  }
}

process.on('message', (message) => {
  if (message.kind === 'exit') process.exit(0);
  if (message.kind !== 'call') return;
  setTimeout(async () => {
    const t0 = performance.now();
    const outcome = await place(message.uid);
    process.send({ id: message.id, outcome, ms: performance.now() - t0, endedAt: Date.now() });
  }, Math.max(0, message.at - Date.now()));
});
process.send({ kind: 'ready' });
