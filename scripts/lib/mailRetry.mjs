// The local stack's stand-in for the production schedule of the mail retry (retryMailScheduled):
// scheduled functions do not run in the emulators here, so `npm start` calls the admin callable
// `retryMail` with `{}` on an interval — the same code path: every outbox message that is still unsent
// (a failure that may pass, or a delivery interrupted by a crash) and due for its next attempt is
// delivered. Like scripts/lib/expiry.mjs, the call carries an emulator ID token with the `admin` claim
// (the Functions emulator does not verify signatures; the stack runs under a demo- project id).
import { createMockUserToken } from '@firebase/util';

export const MAIL_RETRY_INTERVAL_MS = 60_000;
const CALLER_UID = 'local-stack-mail-retry';

/** One run; answers `{checked, results: [{messageId, status, error?}]}`. */
export async function runMailRetry({ functionsUrl, projectId, region }) {
  const token = createMockUserToken({ user_id: CALLER_UID, sub: CALLER_UID, admin: true }, projectId);
  const response = await fetch(`${functionsUrl}/${projectId}/${region}/retryMail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: {} }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`retryMail answered ${response.status}: ${JSON.stringify(body.error ?? body)}`);
  return body.result;
}

/** Runs the retry every `intervalMs` until stopped; delivered and failed messages are logged. Returns a stop function. */
export function startMailRetryInterval(target, { intervalMs = MAIL_RETRY_INTERVAL_MS, log = console.log } = {}) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await runMailRetry(target);
      const sent = result?.results?.filter((r) => r.status === 'sent').length ?? 0;
      const failed = result?.results?.filter((r) => r.status === 'failed').length ?? 0;
      if (sent || failed) log(`Mail retry: ${sent} delivered, ${failed} still failing`);
    } catch (error) {
      log(`The mail retry failed (retried in ${Math.round(intervalMs / 1000)} s): ${error.message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}

/** Calls `retryMail` as an admin with any payload (`{messageIds}` = „Wyślij ponownie”); answers the HTTP status and body. */
export async function callRetryMail({ functionsUrl, projectId, region }, data, claims = { admin: true }) {
  const token = createMockUserToken({ user_id: CALLER_UID, sub: CALLER_UID, ...claims }, projectId);
  const response = await fetch(`${functionsUrl}/${projectId}/${region}/retryMail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}
