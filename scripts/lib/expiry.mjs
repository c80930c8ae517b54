// The local stack's stand-in for the production schedule of expireUnpaidOrders: scheduled functions
// do not run in the emulators here (they need the Pub/Sub emulator), so `npm start` calls the same
// admin callable on an interval. The call carries an emulator ID token with the `admin` claim: the
// Functions emulator decodes tokens without verifying a signature, and nothing here can reach a
// real project (the stack runs under a demo- project id).
import { createMockUserToken } from '@firebase/util';

export const EXPIRY_INTERVAL_MS = 60_000;
const CALLER_UID = 'local-stack-expiry';

/** One run: cancels the pending orders past their payment deadline; answers `{checked, expired}`. */
export async function runExpiry({ functionsUrl, projectId, region }) {
  const token = createMockUserToken({ user_id: CALLER_UID, sub: CALLER_UID, admin: true }, projectId);
  const response = await fetch(`${functionsUrl}/${projectId}/${region}/expireUnpaidOrders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: {} }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`expireUnpaidOrders answered ${response.status}: ${JSON.stringify(body.error ?? body)}`);
  return body.result;
}

/**
 * Runs the expiry every `intervalMs` until stopped; each run's expired orders are logged, a failed
 * run is logged and retried at the next tick. Returns a stop function.
 */
export function startExpiryInterval(target, { intervalMs = EXPIRY_INTERVAL_MS, log = console.log } = {}) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await runExpiry(target);
      if (result?.expired?.length) log(`Expired unpaid orders: ${result.expired.join(', ')}`);
    } catch (error) {
      log(`The unpaid-order expiry failed (retried in ${Math.round(intervalMs / 1000)} s): ${error.message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
