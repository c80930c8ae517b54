import { callFunction, loadDatabase } from '../../shared/firebase';
import { realtimeApi, realtimeEndpoint, realtimeQueryEndpoint } from '../../shared/api/realtime';

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

export interface MailPrefs {
  optional: boolean;
}

function toUnsent(raw: unknown): OutboxRow[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, Omit<OutboxRow, 'id' | 'status'> & { status?: string }>)
    .filter(([, m]) => m.status !== 'sent' && m.status !== 'skipped')
    .map(([id, m]) => ({ ...m, id }) as OutboxRow)
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** Unsent messages: absent status, `failed` and `sending` sort up to `sending` (the rules index `status`). */
export const UNSENT_LIMIT = 200;

export const mailApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    adminUnsentMail: build.query<OutboxRow[], void>(
      realtimeQueryEndpoint(({ db, sdk }) => sdk.query(sdk.ref(db, 'outbox'), sdk.orderByChild('status'), sdk.endAt('sending'), sdk.limitToFirst(UNSENT_LIMIT)), toUnsent),
    ),
    getMailPrefs: build.query<MailPrefs, string>(realtimeEndpoint((uid) => `mailPrefs/${uid}`, (raw) => ({ optional: (raw as { optional?: boolean } | null)?.optional !== false }))),
  }),
});

export const { useAdminUnsentMailQuery, useGetMailPrefsQuery } = mailApi;

export interface RetryMailResult {
  checked: number;
  results: { messageId: string; status: 'sent' | 'failed' | 'skipped' | 'busy' | 'missing'; error?: string; permanent?: boolean }[];
}

/** „Wyślij ponownie”: the retryMail callable (functions/src/mail/callables.ts). */
export function retryMail(messageIds?: string[]): Promise<RetryMailResult> {
  return callFunction<{ messageIds?: string[] }, RetryMailResult>('retryMail', messageIds ? { messageIds } : {});
}

/** Saves the participant's choice (`/mailPrefs/{uid}`, validated by the rules). */
export async function saveMailPrefs(uid: string, optional: boolean): Promise<void> {
  const { db, sdk } = await loadDatabase();
  await sdk.set(sdk.ref(db, `mailPrefs/${uid}`), { optional, updatedAt: sdk.serverTimestamp() });
}
