/**
 * Sending the offline queue, as pure functions (docs/pickup-offline.md): the order, the batches, and
 * what the server's answer or refusal means for the queue.
 *
 * Part of the sync the app loads at start on a device with hand-outs to send (sync.ts), so it imports
 * no module the dashboard shares (the domain's error table and schemas, the form errors): a lazily
 * loaded module that reaches them re-cuts the chunks the dashboard loads, which cost it 0.4–0.9 KB
 * when measured (scripts/bundle-size.mjs, the 200 KB budget). The two domain values it needs are
 * repeated here and checked against the domain in sending.test.ts.
 */
import type { RefusalReason } from '@domain/errors';
import type { SyncOfflineHandOutsOutput } from '@domain/pickupSync';
import type { QueuedHandOut, SyncConflict } from './queue';

/** Hand-outs per call: the callable's limit, OFFLINE_BATCH (domain/pickupSync.ts). */
export const SYNC_BATCH = 50;

/** Refusals that pass (a moment later the same call may go through): PASSING_REFUSALS (domain/errors.ts). */
export const PASSING: ReadonlySet<string> = new Set<RefusalReason>(['busy', 'try-again', 'maintenance']);

export function byRecordingOrder(queue: readonly QueuedHandOut[]): QueuedHandOut[] {
  return [...queue].sort((a, b) => a.seq - b.seq || a.at - b.at);
}

/** The next batch to send: the oldest hand-outs first, at most `size`. */
export function nextBatch(queue: readonly QueuedHandOut[], size: number): QueuedHandOut[] {
  return byRecordingOrder(queue).slice(0, size);
}

/**
 * What the server answered for a sent batch: every answered hand-out leaves the queue; the ones
 * not applied become conflicts for the station to show. Unanswered ones stay queued.
 */
export function settle(
  batch: readonly QueuedHandOut[],
  results: SyncOfflineHandOutsOutput['results'],
): { sent: string[]; conflicts: SyncConflict[] } {
  const byId = new Map(batch.map((h) => [h.id, h]));
  const sent: string[] = [];
  const conflicts: SyncConflict[] = [];
  for (const result of results) {
    const handOut = byId.get(result.id);
    if (!handOut) continue;
    sent.push(result.id);
    if (result.outcome === 'conflict') conflicts.push({ ...handOut, reason: result.reason ?? 'already-picked' });
  }
  return { sent, conflicts };
}

/** What a failed `syncOfflineHandOuts` call means for the queue. */
type SendFailure =
  /** No answer (network gone, timeout, a cold or busy function): the same hand-outs go at the next retry. */
  | { kind: 'retry' }
  /** The server refused the whole send (who sends, or from which device): nothing more goes until staff act. */
  | { kind: 'refused'; message: string }
  /** The server refused one hand-out it named (or the only one sent): it waits aside, the others go. */
  | { kind: 'refused-hand-out'; id: string; message: string }
  /** Refused without naming the hand-out (a stored record it read is malformed): each is sent alone to find it. */
  | { kind: 'split' };

/**
 * Codes the functions SDK gives when the call did not get a decision: a fetch that failed (no network,
 * or a crashed function — the SDK cannot tell them apart) is `internal`; timeouts, overload and
 * contention pass. Everything else is the server's answer and would be the same at every retry.
 */
const NO_DECISION = new Set([
  'internal',
  'unavailable',
  'deadline-exceeded',
  'aborted',
  'resource-exhausted',
  'cancelled',
  'unknown',
]);
/** Refusals of the caller: no hand-out of theirs can go (e.g. the staff role was removed). */
const CALLER_REFUSED = new Set(['unauthenticated', 'permission-denied']);

/**
 * A refusal as the functions SDK's error carries it: its code, and in `details` the server's reason,
 * Polish message and the input field at fault (as shared/ui/formErrors.ts `refusalOf` reads them). The
 * message is the server's own text (shown by OfflineParts.tsx), empty when it sent none.
 */
function refusalIn(error: { code: string; details?: unknown }) {
  const code = error.code.replace(/^functions\//, '');
  const details = (typeof error.details === 'object' && error.details !== null ? error.details : {}) as Record<
    string,
    unknown
  >;
  return {
    code,
    reason: typeof details.reason === 'string' ? details.reason : code,
    message: typeof details.message === 'string' ? details.message : '',
    field: typeof details.field === 'string' ? details.field : undefined,
  };
}

/**
 * Tells a transport failure (send again later) from a refusal of the server, and a refusal of the
 * whole send from one about a single hand-out: the callable validates the batch as one input (an
 * invalid field is named `handOuts.<index>.…`) and stops at the first hand-out whose stored records
 * it cannot read, answering one refusal for the batch.
 */
export function sendFailure(error: unknown, batch: readonly QueuedHandOut[]): SendFailure {
  const raw = (error as { code?: unknown } | null)?.code;
  // Not the functions SDK's error (e.g. the SDK could not load offline): no answer from the server.
  if (typeof raw !== 'string' || !raw.startsWith('functions/')) return { kind: 'retry' };
  const refusal = refusalIn(error as { code: string; details?: unknown });
  if (NO_DECISION.has(refusal.code) || PASSING.has(refusal.reason)) return { kind: 'retry' };
  const { message } = refusal;
  if (CALLER_REFUSED.has(refusal.code)) return { kind: 'refused', message };
  const index = /^handOuts\.(\d+)(?:\.|$)/.exec(refusal.field ?? '');
  const named = index ? batch[Number(index[1])] : undefined;
  if (named) return { kind: 'refused-hand-out', id: named.id, message };
  if (refusal.field === 'deviceId') return { kind: 'refused', message };
  if (batch.length === 1) return { kind: 'refused-hand-out', id: batch[0].id, message };
  return { kind: 'split' };
}
