import { onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions/v2';
import { requireAdmin } from '../lib/caller.js';
import { parseInput } from '../lib/refusal.js';
import { CALL_BUDGET_MS, RUN_BUDGET_MS, RUN_TIMEOUT_SECONDS } from '../lib/timeBudget.js';
import { deliverMessage, retryDueMessages, type DeliveryOutcome } from './deliver.js';
import { retryMailInput, type RetryMailOutput } from '../domain/callables.js';

const summary = (r: DeliveryOutcome) => ({
  messageId: r.messageId,
  status: r.status,
  ...(r.error ? { error: r.error.message, permanent: r.error.permanent } : {}),
});

/**
 * Admin: delivers the chosen messages now (also failures marked permanent — the admin decided), or,
 * without a selection, every unsent message that is due (what the schedule does). A message already
 * sent is never sent again (the claim in deliver.ts).
 */
export const retryMail = onCall(async (request): Promise<RetryMailOutput> => {
  const input = parseInput(retryMailInput, request.data);
  requireAdmin(request);
  if (input.messageIds) {
    const results: DeliveryOutcome[] = [];
    for (const id of new Set(input.messageIds)) results.push(await deliverMessage(id, { manual: true }));
    return { checked: results.length, results: results.map(summary) };
  }
  const { checked, results } = await retryDueMessages(CALL_BUDGET_MS);
  return { checked, results: results.map(summary) };
});

/** Production: every 10 minutes. Not loaded by the local emulators (no Pub/Sub): `npm start` calls retryMail instead. */
export const retryMailScheduled = onSchedule(
  { schedule: 'every 10 minutes', timeZone: 'Europe/Warsaw', timeoutSeconds: RUN_TIMEOUT_SECONDS },
  async () => {
    const { checked, results } = await retryDueMessages(RUN_BUDGET_MS);
    if (results.length)
      logger.info('retryMail', {
        checked,
        sent: results.filter((r) => r.status === 'sent').length,
        failed: results.filter((r) => r.status === 'failed').length,
      });
  },
);
