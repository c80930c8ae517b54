import { onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions/v2';
import { warsawDate } from '../domain/index.js';
import {
  setKsefOutageInput,
  submitKsefInput,
  type SetKsefOutageOutput,
  type SubmitKsefOutput,
} from '../domain/ksef/index.js';
import { requireAdmin } from '../lib/caller.js';
import { parseInput, refuse } from '../lib/refusal.js';
import { declareOutage, endOutage, readOutage } from './outage.js';
import { ksefSecretOptions, submitKsefOutbox } from './submit.js';
import { CALL_BUDGET_MS, RUN_BUDGET_MS, RUN_TIMEOUT_SECONDS } from '../lib/timeBudget.js';

/** Admin: sends the chosen documents now (also rejected ones, after the data was fixed), or every due one (what the schedule does). */
export const submitKsef = onCall(
  { ...ksefSecretOptions(), timeoutSeconds: RUN_TIMEOUT_SECONDS },
  async (request): Promise<SubmitKsefOutput> => {
    const input = parseInput(submitKsefInput, request.data);
    requireAdmin(request);
    return submitKsefOutbox(CALL_BUDGET_MS, { documentIds: input.documentIds });
  },
);

/** Production: every 5 minutes. Not loaded by the local emulators (no Pub/Sub): `npm start` calls submitKsef instead. */
export const submitKsefScheduled = onSchedule(
  {
    schedule: 'every 5 minutes',
    timeZone: 'Europe/Warsaw',
    ...ksefSecretOptions(),
    timeoutSeconds: RUN_TIMEOUT_SECONDS,
  },
  async () => {
    const out = await submitKsefOutbox(RUN_BUDGET_MS);
    if (out.accepted.length || out.rejected.length || out.error) logger.info('submitKsef', out);
  },
);

/**
 * Admin: declares an outage the Ministry announced (`unavailability`, `emergency`) — the due documents are handed
 * out offline at once by the run this call makes — or ends the current one (`ended`, on `endedOn`, default today):
 * its documents get their deadline and the same run sends them when KSeF answers (docs/ksef.md, „Offline modes”).
 */
export const setKsefOutage = onCall(
  { ...ksefSecretOptions(), timeoutSeconds: RUN_TIMEOUT_SECONDS },
  async (request): Promise<SetKsefOutageOutput> => {
    const input = parseInput(setKsefOutageInput, request.data);
    const caller = requireAdmin(request);
    let outage;
    let documents: string[];
    if (input.mode === 'ended') {
      const today = warsawDate(Date.now());
      const endedOn = input.endedOn ?? today;
      const current = await readOutage();
      if (endedOn > today)
        throw refuse('invalid-input', {
          field: 'endedOn',
          message: 'Data zakończenia awarii nie może być z przyszłości',
        });
      if (current && endedOn < warsawDate(current.since))
        throw refuse('invalid-input', {
          field: 'endedOn',
          message: 'Awaria nie mogła się skończyć przed jej ogłoszeniem',
        });
      ({ outage, dated: documents } = await endOutage(endedOn));
    } else ({ outage, moved: documents } = await declareOutage(input.mode, caller.uid, input.note));
    const run = await submitKsefOutbox(CALL_BUDGET_MS);
    return {
      outage: { mode: outage.mode, since: outage.since, ...(outage.endedOn ? { endedOn: outage.endedOn } : {}) },
      documents: [...new Set([...documents, ...run.offline, ...run.accepted])],
    };
  },
);
