// The local stack's stand-in for the production schedule of the mail retry (retryMailScheduled):
// `npm start` calls the admin callable `retryMail` with `{}` on an interval — the same code path: every
// outbox message that is still unsent (a failure that may pass, or a delivery interrupted by a crash)
// and due for its next attempt is delivered (scripts/lib/adminCallable.mjs says how it is called).
import { callAdminCallable, runAdminCallable, startInterval } from './adminCallable.mjs';

export const MAIL_RETRY_INTERVAL_MS = 60_000;
const CALLER_UID = 'local-stack-mail-retry';

/** One run; answers `{checked, results: [{messageId, status, error?}]}`. */
function runMailRetry(target) {
  return runAdminCallable(target, 'retryMail', CALLER_UID);
}

/** Runs the retry every `intervalMs` until stopped; delivered and failed messages are logged. Returns a stop function. */
export function startMailRetryInterval(target, { intervalMs = MAIL_RETRY_INTERVAL_MS, log = console.log } = {}) {
  return startInterval(() => runMailRetry(target), {
    what: 'mail retry',
    intervalMs,
    log,
    report: (result) => {
      const sent = result?.results?.filter((r) => r.status === 'sent').length ?? 0;
      const failed = result?.results?.filter((r) => r.status === 'failed').length ?? 0;
      if (sent || failed) log(`Mail retry: ${sent} delivered, ${failed} still failing`);
    },
  });
}

/** Calls `retryMail` with any payload (`{messageIds}` = „Wyślij ponownie”) and claims; answers the HTTP status and body. */
export async function callRetryMail(target, data, claims = { admin: true }) {
  const { status, body } = await callAdminCallable(target, 'retryMail', data, { callerUid: CALLER_UID, claims });
  return { status, body };
}
