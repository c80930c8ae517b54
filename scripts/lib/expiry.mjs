// The local stack's stand-in for the production schedule of expireUnpaidOrders: `npm start` calls the
// same admin callable on an interval (scripts/lib/adminCallable.mjs says why and how).
import { runAdminCallable, startInterval } from './adminCallable.mjs';

export const EXPIRY_INTERVAL_MS = 60_000;
const CALLER_UID = 'local-stack-expiry';

/** One run: cancels the pending orders past their payment deadline; answers `{checked, expired}`. */
export function runExpiry(target) {
  return runAdminCallable(target, 'expireUnpaidOrders', CALLER_UID);
}

/** Runs the expiry every `intervalMs` until stopped; each run's expired orders are logged. Returns a stop function. */
export function startExpiryInterval(target, { intervalMs = EXPIRY_INTERVAL_MS, log = console.log } = {}) {
  return startInterval(() => runExpiry(target), {
    what: 'unpaid-order expiry',
    intervalMs,
    log,
    report: (result) => {
      if (result?.expired?.length) log(`Expired unpaid orders: ${result.expired.join(', ')}`);
    },
  });
}
