import { safeParse, type z } from 'zod/mini';
import { pluralForm } from './words.js';

const ZNAK = ['znak', 'znaki', 'znaków'] as const;
const POZYCJA = ['pozycja', 'pozycje', 'pozycji'] as const;

/**
 * Polish fallback messages for zod issues that a schema did not word itself. Passed per parse
 * (`schema.safeParse(data, { error: polishIssue })`) so that importing the domain never changes
 * zod's global configuration (the module stays free of side effects).
 */
export function polishIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'To pole jest wymagane' : 'Nieprawidłowy typ wartości';
    case 'too_big':
      return issue.origin === 'string'
        ? `Za długi tekst (najwyżej ${String(issue.maximum)} ${pluralForm(Number(issue.maximum), ZNAK)})`
        : issue.origin === 'array'
          ? `Za dużo pozycji (najwyżej ${String(issue.maximum)} ${pluralForm(Number(issue.maximum), POZYCJA)})`
          : `Wartość za duża (najwyżej ${String(issue.maximum)})`;
    case 'too_small':
      return issue.origin === 'string'
        ? 'To pole jest wymagane'
        : issue.origin === 'array'
          ? 'Lista nie może być pusta'
          : `Wartość za mała (co najmniej ${String(issue.minimum)})`;
    case 'unrecognized_keys':
      return `Niedozwolone pole: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return 'Niedozwolona wartość';
    case 'invalid_format':
      return 'Nieprawidłowy format';
    case 'invalid_union':
      return 'Nieprawidłowe dane';
    default:
      return 'Nieprawidłowe dane';
  }
}

interface FieldError {
  /** Dotted path of the offending field ("buyer.nip"); "" for the whole payload. */
  field: string;
  message: string;
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** The first problem of a failed parse, in the shape callables return and forms display. */
function firstFieldError(error: z.core.$ZodError): FieldError {
  const issue = error.issues[0];
  if (!issue) return { field: '', message: 'Nieprawidłowe dane' };
  const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const path = unknownKey === undefined ? issue.path : [...issue.path, unknownKey];
  return { field: issuePath(path), message: issue.message };
}

type ParseResult<T> = { ok: true; data: T } | { ok: false; error: FieldError; all: FieldError[] };

/**
 * Parses with Polish messages; returns every field error too, for forms. Takes classic and `zod/mini`
 * schemas alike (both are zod core schemas), and loads only zod's core parse.
 */
export function parseWith<S extends z.core.$ZodType>(schema: S, data: unknown): ParseResult<z.output<S>> {
  const result = safeParse(schema, data, { error: polishIssue });
  if (result.success) return { ok: true, data: result.data };
  const all = result.error.issues.map((issue) => ({
    field: issuePath(issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path),
    message: issue.message,
  }));
  return { ok: false, error: firstFieldError(result.error), all };
}

/**
 * The Polish message for a record read from the database that does not match its schema (written
 * by hand, by an old version or by a bug): what it is, which field and what is wrong.
 */
export function storedRecordMessage(what: string, error: FieldError): string {
  return `Zapisane dane (${what}) są nieprawidłowe: ${error.field ? `${error.field} — ` : ''}${error.message}. Operacja nie została wykonana.`;
}
