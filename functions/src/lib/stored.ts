import { logger } from 'firebase-functions/v2';
import type { z } from 'zod';
import { parseWith, storedRecordMessage } from '../domain/index.js';
import { db } from './admin.js';
import { refuse } from './refusal.js';

/**
 * Data read from the database enters the functions here: parsed with the domain's schema, never
 * cast. A record that does not match (hand-edited, written by an old version or by a bug) refuses
 * the operation with a Polish message naming the record and the field, and is logged with its path.
 * `what` names the record for people („profil”, „zamówienie ZAM/2026/000042”).
 */
export function parseStored<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  path: string,
  what: string,
): z.output<S> {
  const parsed = parseWith(schema, value);
  if (parsed.ok) return parsed.data;
  logger.error(`Malformed record at /${path}`, { problems: parsed.all });
  throw refuse('stored-data-invalid', { message: storedRecordMessage(what, parsed.error), field: parsed.error.field });
}

/** Reads and parses one record; null when there is none. */
export async function readStored<S extends z.core.$ZodType>(
  path: string,
  schema: S,
  what: string,
): Promise<z.output<S> | null> {
  const value: unknown = (await db.ref(path).get()).val();
  return value === null ? null : parseStored(schema, value, path, what);
}
