import { HttpsError } from 'firebase-functions/v2/https';
import { parseWith, REFUSALS, type RefusalDetails, type RefusalReason } from '../domain/index.js';
import type { z } from 'zod';

/** A refusal with a stable reason and a Polish message; `message` overrides the generic text. */
export function refuse(
  reason: RefusalReason,
  extra: Omit<RefusalDetails, 'reason'> & { message?: string } = {},
): HttpsError {
  const { message, ...details } = extra;
  const entry = REFUSALS[reason];
  const text = message ?? entry.message;
  // The message is repeated in details: the web SDK appends " [<http status>]" to error.message.
  return new HttpsError(entry.code, text, { reason, message: text, ...details });
}

/**
 * A refusal the domain decided (`{ reason, message?, field?, item?, left? }`, e.g. orderState.ts,
 * limits.ts, refunds.ts) as the callable answers it; absent details stay absent.
 */
export function refusalFrom(decided: {
  reason: RefusalReason;
  message?: string;
  field?: string;
  item?: string;
  left?: number;
}): HttpsError {
  const { reason, ...rest } = decided;
  const extra = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return refuse(reason, extra);
}

export function isRefusal(error: unknown): error is HttpsError {
  return error instanceof HttpsError;
}

/** Parses a callable payload with the shared schema; the first problem becomes invalid-argument. */
export function parseInput<S extends z.core.$ZodType>(schema: S, data: unknown): z.output<S> {
  const result = parseWith(schema, data);
  if (!result.ok) throw refuse('invalid-input', { message: result.error.message, field: result.error.field });
  return result.data;
}
