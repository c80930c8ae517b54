// One stand-in for a Cloud Functions instance in `bench:orders -- --rush --instances K`: loads the
// compiled callables (functions/lib) with its own Admin SDK connection to the database emulator and
// serves many calls at once, as a production instance does (the Functions emulator serves one call per
// worker process). Driven by its parent over IPC: {kind: 'call', id, uid, at} → {id, outcome, ms, endedAt};
// {kind: 'stats', id} → {kind: 'stats', id, peakWaiting}.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PERSON } from '../../helpers/buyers.mjs';

const root = process.env.BENCH_ROOT;
// BENCH_FUNCTIONS_LIB: a build of the functions elsewhere than functions/lib (whose rebuild would
// reload the Functions emulators other test runs on this checkout are using).
const lib = process.env.BENCH_FUNCTIONS_LIB ?? path.join(root, 'functions', 'lib');
const { placeTicketOrder } = await import(pathToFileURL(path.join(lib, 'orders', 'place.js')).href);

async function place(uid) {
  try {
    await placeTicketOrder.run({
      data: { idempotencyKey: randomUUID().replaceAll('-', ''), buyer: PERSON, acceptTerms: true },
      auth: { uid, token: {} },
      rawRequest: {},
    });
    return 'ok';
  } catch (e) {
    return typeof e?.details?.reason === 'string' ? e.details.reason : `error: ${e?.code ?? e?.message}`;
  }
}

// Production's instances serve at most `concurrency` calls at once (Cloud Functions v2 default: 80);
// further calls wait in front of the instance (Cloud Run holds them until a slot frees or another
// instance starts). The answer time counts from the moment the call was made, waiting included.
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 80);
let running = 0;
const waiting = [];
let peakWaiting = 0;

function serve(message) {
  running++;
  place(message.uid).then((outcome) => {
    running--;
    const endedAt = Date.now();
    process.send({ id: message.id, outcome, ms: endedAt - Math.max(message.at, message.sentAt), endedAt });
    const next = waiting.shift();
    if (next) serve(next);
  });
}

process.on('message', (message) => {
  if (message.kind === 'exit') process.exit(0);
  if (message.kind === 'stats') {
    process.send({ kind: 'stats', id: message.id, peakWaiting });
    return;
  }
  if (message.kind !== 'call') return;
  message.sentAt = Date.now();
  setTimeout(
    () => {
      if (running < concurrency) serve(message);
      else {
        waiting.push(message);
        peakWaiting = Math.max(peakWaiting, waiting.length);
      }
    },
    Math.max(0, message.at - Date.now()),
  );
});
process.send({ kind: 'ready' });
