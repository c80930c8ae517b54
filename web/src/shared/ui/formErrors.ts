import { parseWith } from '@domain/issues';
import { nestQuotes } from '@domain/words';
import type { z } from 'zod';

/**
 * Validates form values with a shared domain schema and returns the first Polish message per field,
 * keyed by the dotted path Mantine's `useForm` uses ("invoice.nip"). An empty object means valid.
 */
export function schemaErrors(schema: z.core.$ZodType, values: unknown): Record<string, string> {
  const result = parseWith(schema, values);
  if (result.ok) return {};
  const errors: Record<string, string> = {};
  for (const { field, message } of result.all) {
    const key = field || '_form';
    if (!Object.hasOwn(errors, key)) errors[key] = message;
  }
  return errors;
}

/**
 * A `@mantine/form` validator from a shared domain schema: the form's values are mapped to the
 * payload the callable receives (`toPayload`), so what passes in the form is what the server accepts;
 * the messages come back keyed by the same dotted paths as the form's fields.
 */
export function schemaValidator<Values>(
  schema: z.core.$ZodType,
  toPayload: (values: Values) => unknown = (values) => values,
) {
  return (values: Values): Record<string, string> => schemaErrors(schema, toPayload(values));
}

/** A refusal of a callable, read from the web SDK's FunctionsError (`details` carries `reason`, `field`, `item`). */
export interface Refusal {
  code: string;
  reason: string;
  message: string;
  field?: string;
  item?: string;
}

/**
 * A failure raised in the browser whose message is written for the user, in Polish, and is shown as
 * it is wherever a refusal is (refusalOf): e.g. the station device's store blocked by another tab.
 * A mark rather than a base class, so the code that raises one need not load this module.
 */
export interface MessageForUser extends Error {
  readonly forUser: true;
}

const isMessageForUser = (error: unknown): error is MessageForUser =>
  error instanceof Error && (error as Partial<MessageForUser>).forUser === true;

const NETWORK = 'Brak połączenia z serwerem. Sprawdź połączenie z internetem i spróbuj ponownie.';
const GENERIC = 'Nie udało się wykonać operacji. Spróbuj ponownie za chwilę.';

export function refusalOf(error: unknown): Refusal {
  if (isMessageForUser(error)) return { code: error.name, reason: error.name, message: nestQuotes(error.message) };
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    details?: unknown;
    message?: unknown;
  };
  const code = typeof e.code === 'string' ? e.code.replace(/^functions\//, '') : 'unknown';
  const details = (typeof e.details === 'object' && e.details !== null ? e.details : {}) as Record<string, unknown>;
  const reason = typeof details.reason === 'string' ? details.reason : code;
  // The SDK appends the HTTP status to error.message; the clean Polish text is repeated in details.
  let message = typeof details.message === 'string' ? details.message : '';
  if (!message) {
    if (code === 'unavailable' || code === 'deadline-exceeded') message = NETWORK;
    else if (code === 'PERMISSION_DENIED' || code === 'permission-denied')
      message = 'Nie masz uprawnień do tej operacji.';
    else message = GENERIC;
  }
  return {
    code,
    reason,
    // Server texts quote names that may carry quotes of their own („Koszulka „Bałtyk” (M)”).
    message: nestQuotes(message),
    field: typeof details.field === 'string' ? details.field : undefined,
    item: typeof details.item === 'string' ? details.item : undefined,
  };
}
