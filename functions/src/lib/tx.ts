import type { Reference } from 'firebase-admin/database';
import { refuse } from './refusal.js';

/**
 * Runs an RTDB transaction. The SDK gives up after 25 attempts under contention (`maxretry`); we try
 * the whole transaction a few more times after a random pause (spreading the contenders), and only
 * then refuse with "spróbuj ponownie". Nothing has been written by a transaction that gave up.
 *
 * `update` receives the current value (possibly a stale null from the local cache on the first run:
 * it must return null for null rather than abort, so the server's real value arrives) and returns
 * the new value, or `undefined` to abort (the caller records why in its own closure).
 */
export async function transact<T>(ref: Reference, update: (current: T | null) => T | null | undefined, attempts = 6): Promise<{ committed: boolean; value: T | null }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await ref.transaction((current: T | null) => update(current), undefined, false);
      return { committed: result.committed, value: result.snapshot.val() as T | null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const contention = message === 'maxretry' || message === 'set';
      if (!contention || attempt >= attempts) {
        if (contention) throw refuse('try-again');
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 100 * attempt));
    }
  }
}
