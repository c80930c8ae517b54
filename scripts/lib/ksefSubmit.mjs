// The local stack's stand-in for the production schedule of the KSeF submission (submitKsefScheduled):
// `npm start` calls the admin callable `submitKsef` with `{}` on an interval — the same code path, sending
// the outbox to the KSeF stand-in (scripts/lib/adminCallable.mjs says how it is called).
import { runAdminCallable, startInterval } from './adminCallable.mjs';

export const KSEF_SUBMIT_INTERVAL_MS = 5_000;
const CALLER_UID = 'local-stack-ksef-submit';

/** One run; answers `{configured, accepted, rejected, waiting, deferred, error?}`. */
export function runKsefSubmit(target) {
  return runAdminCallable(target, 'submitKsef', CALLER_UID);
}

/** Runs the submission every `intervalMs` until stopped; accepted and rejected documents are logged. Returns a stop function. */
export function startKsefSubmitInterval(target, { intervalMs = KSEF_SUBMIT_INTERVAL_MS, log = console.log } = {}) {
  return startInterval(() => runKsefSubmit(target), {
    what: 'KSeF submission',
    intervalMs,
    log,
    report: (result) => {
      const accepted = result?.accepted?.length ?? 0;
      const rejected = result?.rejected?.length ?? 0;
      if (accepted || rejected || result?.error)
        log(`KSeF: ${accepted} accepted, ${rejected} rejected${result?.error ? ` (${result.error})` : ''}`);
    },
  });
}
