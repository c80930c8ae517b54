// The local stack's way of running what production runs on a schedule: scheduled functions do not
// run in the emulators here (they need the Pub/Sub emulator), so `npm start` calls the admin callable
// that does the same work on an interval (scripts/lib/expiry.mjs, scripts/lib/mailRetry.mjs). The
// call carries an emulator ID token with the given claims (by default `admin`): the Functions
// emulator decodes tokens without verifying a signature, and nothing here can reach a real project
// (the stack runs under a demo- project id).
import { createMockUserToken } from '@firebase/util';

/** Calls the callable `name` as `callerUid` with `data`; answers the HTTP status and body. */
export async function callAdminCallable(
  { functionsUrl, projectId, region },
  name,
  data,
  { callerUid, claims = { admin: true } },
) {
  const token = createMockUserToken({ user_id: callerUid, sub: callerUid, ...claims }, projectId);
  const response = await fetch(`${functionsUrl}/${projectId}/${region}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, ok: response.ok, body: await response.json().catch(() => ({})) };
}

/** Like callAdminCallable with `{}`; answers the callable's result and throws when it refused. */
export async function runAdminCallable(target, name, callerUid) {
  const { ok, status, body } = await callAdminCallable(target, name, {}, { callerUid });
  if (!ok) throw new Error(`${name} answered ${status}: ${JSON.stringify(body.error ?? body)}`);
  return body.result;
}

/**
 * Runs `run()` now and then every `intervalMs` until stopped, one run at a time (a tick while the
 * previous run is still going is skipped). `report(result)` logs what a run did; a failed run is
 * logged as `what` failing and tried again at the next tick. Returns a stop function.
 */
export function startInterval(run, { what, report, intervalMs, log = console.log }) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      report(await run());
    } catch (error) {
      log(`The ${what} failed (retried in ${Math.round(intervalMs / 1000)} s): ${error.message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
