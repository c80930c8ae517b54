import type { Reference } from 'firebase-admin/database';
import type { z } from 'zod';
import { db } from './admin.js';
import { refuse } from './refusal.js';
import { parseStored } from './stored.js';

/** The answer of a transaction's decision that leaves the record as it is. */
export const KEEP: unique symbol = Symbol('keep');

/**
 * What a transaction's decision answers, given the record parsed with its schema (null when there
 * is none): the value to write (null removes the record), or `KEEP`. A refusal is thrown from the
 * decision (`throw refuse(…)`) and is thrown again by `transactStored` once the transaction is over.
 */
type Decision<S extends z.core.$ZodType> = (current: z.output<S> | null) => z.input<S> | null | typeof KEEP;

/**
 * A transaction on one stored record, parsed like every read (lib/stored.ts): the decision sees the
 * current value parsed with the domain's schema and answers write, keep or refuse. A record that
 * does not match its schema refuses with `stored-data-invalid` naming `what` and the field.
 *
 * Keep and refuse write back the value the decision was given rather than aborting: the first run
 * may see a stale or empty local cache, and only a write makes the server compare — a stale value is
 * then decided again on the server's current one, so every answer is decided on current data.
 * Writing the same value changes nothing. `written` says whether the committed run wrote.
 */
export async function transactStored<S extends z.core.$ZodType>(
  path: string,
  schema: S,
  what: string,
  decide: NoInfer<Decision<S>>,
  attempts?: number,
): Promise<{ written: boolean; value: z.output<S> | null }> {
  let failure: unknown = null;
  let written = false;
  const result = await transact<unknown>(
    db.ref(path),
    (raw) => {
      failure = null;
      written = false;
      try {
        const answer = decide(raw === null ? null : parseStored(schema, raw, path, what));
        if (answer === KEEP) return raw;
        written = true;
        return answer;
      } catch (error) {
        failure = error;
        return raw;
      }
    },
    attempts,
  );
  if (failure) throw failure;
  return { written, value: result.value === null ? null : parseStored(schema, result.value, path, what) };
}

/**
 * Runs an RTDB transaction. The SDK gives up after 25 attempts under contention (`maxretry`); we try
 * the whole transaction a few more times after a random pause (spreading the contenders), and only
 * then refuse with "spróbuj ponownie". Nothing has been written by a transaction that gave up.
 *
 * The raw form, for records without a domain schema; stored records go through `transactStored`.
 * `update` receives the current value (possibly a stale null from the local cache on the first run:
 * it must return null for null rather than abort, so the server's real value arrives) and returns
 * the new value, or `undefined` to abort.
 */
async function transact<T>(
  ref: Reference,
  update: (current: T | null) => T | null | undefined,
  attempts = 6,
): Promise<{ committed: boolean; value: T | null }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await ref.transaction((current: T | null) => update(current), undefined, false);
      const value: unknown = result.snapshot.val();
      return { committed: result.committed, value: value as T | null };
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
