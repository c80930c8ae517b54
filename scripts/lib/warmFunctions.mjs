// Warms the callables of the Functions emulator before the local stack reports ready.
//
// The emulator starts a worker process per function on its first request (Node start-up plus loading
// the functions code: seconds on a small machine), so without this the first payment confirmation or
// hand-out after `npm start` waited 4–7 s. Each callable gets one anonymous request with an empty
// body, which it refuses (invalid input or not signed in) before touching any data; its worker then
// stays idle and answers the first real request. The emulator keeps a bounded number of workers
// (scripts/lib/functionsWorkerLimit.mjs), so only as many callables are warmed, those used most first.

/** Callables a day at the stand uses most, most first; the rest follow in the emulator's order. */
const MOST_USED_CALLABLES = [
  'syncProfile',
  'completeRegistration',
  'addMember',
  'updateProfile',
  'placeTicketOrder',
  'placeMerchOrder',
  'cancelOrder',
  'confirmPayment',
  'handOutPickupItems',
  'requestRefund',
  'expireUnpaidOrders',
  'bookBankTransactions',
];

/** Callables of the running Functions emulator, from its /backends listing. */
export async function listCallables(functionsUrl) {
  const response = await fetch(`${functionsUrl}/backends`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET /backends answered ${response.status}`);
  const { backends = [] } = await response.json();
  return backends
    .flatMap((backend) => backend.functionTriggers ?? [])
    .filter((trigger) => trigger.httpsTrigger && trigger.labels?.['deployment-callable'] === 'true')
    .map((trigger) => ({ name: trigger.name, region: trigger.region }));
}

/**
 * Calls one callable anonymously with an empty body; its answer must be a refusal the callable
 * defines (a 4xx with a callable error), never an internal error or no answer.
 * @returns {Promise<string | null>} a description of what went wrong, or null
 */
async function warmOne(functionsUrl, projectId, { name, region }, signal) {
  try {
    const response = await fetch(`${functionsUrl}/${projectId}/${region}/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: {} }),
      signal,
    });
    const text = await response.text();
    let status;
    try {
      status = JSON.parse(text)?.error?.status;
    } catch {
      /* not a callable's answer */
    }
    if (response.status >= 400 && response.status < 500 && status && status !== 'INTERNAL' && status !== 'UNKNOWN')
      return null;
    return `${name} answered ${response.status} ${status ?? text.slice(0, 120)}`;
  } catch (error) {
    return `${name}: ${error.message}`;
  }
}

/**
 * Warms the `limit` callables used most (all when no limit is given). All requests are sent at
 * once: the emulator queues them and starts at most
 * FUNCTIONS_EMULATOR_PARALLEL workers at a time. Each request waits until its worker has answered (a
 * request that gave up early would stay queued and delay the first real requests), up to `deadlineMs`
 * for all of them — a worker that never starts leaves its request unanswered.
 * @returns {Promise<{ callables: number, ms: number, problems: string[] }>}
 */
export async function warmFunctions({ functionsUrl, projectId, deadlineMs = 300_000, limit = Infinity }) {
  const started = performance.now();
  const rank = (name) =>
    MOST_USED_CALLABLES.includes(name) ? MOST_USED_CALLABLES.indexOf(name) : MOST_USED_CALLABLES.length;
  const callables = (await listCallables(functionsUrl)).sort((a, b) => rank(a.name) - rank(b.name)).slice(0, limit);
  const signal = AbortSignal.timeout(deadlineMs);
  const problems = (
    await Promise.all(callables.map((callable) => warmOne(functionsUrl, projectId, callable, signal)))
  ).filter(Boolean);
  return { callables: callables.length, ms: Math.round(performance.now() - started), problems };
}
