import { callFunction, loadDatabase } from '../../shared/firebase';
import { mailPrefsSchema, outboxMessageSchema } from '@domain/mail';
import {
  injectRealtimeEndpoints,
  parseOptionalRecord,
  parseRecords,
  realtimeEndpoint,
} from '../../shared/api/realtime';

/** An outbox message as the „Poczta” view reads it (`/outbox/{id}`, docs/email.md). */
export interface OutboxRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  ref?: string;
  createdAt: number;
  /** Absent: waiting for its first delivery. */
  status?: 'sending' | 'failed';
  attempts?: number;
  lastAttemptAt?: number;
  nextAttemptAt?: number;
  error?: { code: string; message: string; detail: string; permanent: boolean; at: number };
}

interface MailPrefs {
  optional: boolean;
}

export function toUnsent(raw: unknown): OutboxRow[] {
  return parseRecords(outboxMessageSchema, raw, 'outbox')
    .flatMap(([id, m]) =>
      m.status === 'sent' || m.status === 'skipped'
        ? []
        : [
            {
              id,
              kind: m.kind,
              to: m.to,
              subject: m.subject,
              ref: m.ref,
              createdAt: m.createdAt,
              status: m.status,
              attempts: m.attempts,
              lastAttemptAt: m.lastAttemptAt,
              nextAttemptAt: m.nextAttemptAt,
              error: m.error,
            },
          ],
    )
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** Unsent messages: absent status, `failed` and `sending` sort up to `sending` (the rules index `status`). */
const UNSENT_LIMIT = 200;

const mailApi = injectRealtimeEndpoints((build) => ({
  adminUnsentMail: build.query<OutboxRow[], void>(
    realtimeEndpoint(
      () => ({ path: 'outbox', orderByChild: 'status', endAt: 'sending', limitToFirst: UNSENT_LIMIT }),
      toUnsent,
    ),
  ),
  getMailPrefs: build.query<MailPrefs, string>(
    realtimeEndpoint(
      (uid) => `mailPrefs/${uid}`,
      (raw, uid) => ({
        optional: parseOptionalRecord(mailPrefsSchema, raw, `mailPrefs/${uid}`)?.optional !== false,
      }),
    ),
  ),
}));

export const { useAdminUnsentMailQuery, useGetMailPrefsQuery } = mailApi;

/** „Wyślij ponownie”: the retryMail callable (functions/src/mail/callables.ts). */
export function retryMail(messageIds?: string[]) {
  return callFunction('retryMail', messageIds ? { messageIds } : {});
}

/** Saves the participant's choice (`/mailPrefs/{uid}`, validated by the rules). */
export async function saveMailPrefs(uid: string, optional: boolean): Promise<void> {
  const { db, sdk } = await loadDatabase();
  await sdk.set(sdk.ref(db, `mailPrefs/${uid}`), { optional, updatedAt: sdk.serverTimestamp() });
}
