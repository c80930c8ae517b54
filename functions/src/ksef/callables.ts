import { onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions/v2';
import { submitKsefInput, type SubmitKsefOutput } from '../domain/ksef/index.js';
import { requireAdmin } from '../lib/caller.js';
import { parseInput } from '../lib/refusal.js';
import { ksefSecretOptions, submitKsefOutbox } from './submit.js';

/** Admin: sends the chosen documents now (also rejected ones, after the data was fixed), or every due one (what the schedule does). */
export const submitKsef = onCall({ ...ksefSecretOptions(), timeoutSeconds: 540 }, async (request): Promise<SubmitKsefOutput> => {
  const input = parseInput(submitKsefInput, request.data);
  requireAdmin(request);
  return submitKsefOutbox({ documentIds: input.documentIds });
});

/** Production: every 5 minutes. Not loaded by the local emulators (no Pub/Sub): `npm start` calls submitKsef instead. */
export const submitKsefScheduled = onSchedule({ schedule: 'every 5 minutes', timeZone: 'Europe/Warsaw', ...ksefSecretOptions(), timeoutSeconds: 540 }, async () => {
  const out = await submitKsefOutbox();
  if (out.accepted.length || out.rejected.length || out.error) logger.info('submitKsef', out);
});
