// Reads and validates a whole seed file before anything is written, collecting every problem with
// the JSON path of the offending value (organisers fix the file in one go, not one error per run).
import { readFile } from 'node:fs/promises';
import { keyProblems, seedFileSchema } from './schema.js';

/** @typedef {{ path: string, message: string }} Problem */

/** @param {readonly PropertyKey[]} path */
function formatPath(path) {
  if (path.length === 0) return '(cały plik)';
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** Polish text for the zod issues a schema did not word itself. @param {any} issue */
function polishMessage(issue) {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'Brak wymaganego pola'
        : `Nieprawidłowy typ wartości (oczekiwano: ${issue.expected})`;
    case 'too_big':
      return `Wartość za duża (najwyżej ${issue.maximum})`;
    case 'too_small':
      return `Wartość za mała (najmniej ${issue.minimum})`;
    case 'invalid_value':
      return 'Niedozwolona wartość';
    case 'invalid_format':
      return 'Nieprawidłowy format';
    default:
      return 'Nieprawidłowa wartość';
  }
}

/**
 * What a value of these fields looks like in the file. The schemas' messages are the admin form's,
 * where the field shows the format; a hand-written file needs it said.
 * @type {Record<string, string>}
 */
const FORMAT_HINTS = {
  nip: '10 cyfr z sumą kontrolną',
  bankAccount: '26 cyfr z sumą kontrolną IBAN',
  priceGrosze: 'liczba całkowita groszy',
  vatRate: 'jedna z: 23, 8, 5, 0',
  quota: 'liczba całkowita od 0',
  stock: 'liczba całkowita od 0',
  active: 'true albo false',
};

/** @param {string} message @param {readonly PropertyKey[]} path */
function withFormatHint(message, path) {
  const hint = FORMAT_HINTS[String(path.at(-1))];
  return hint && !message.includes('(') ? `${message} (${hint})` : message;
}

/**
 * Every problem of a failed parse. Unknown keys become one problem per key (at the key's own path)
 * and bad record keys name the key, so each line of the report points at one place in the file.
 * @param {import('zod').ZodError} error
 * @returns {Problem[]}
 */
function problemsOf(error) {
  /** @type {Problem[]} */
  const problems = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        problems.push({ path: formatPath([...issue.path, key]), message: `Nieznane pole „${key}”` });
    } else if (issue.code === 'invalid_key') {
      const inner = issue.issues?.[0];
      problems.push({ path: formatPath(issue.path), message: inner?.message ?? 'Nieprawidłowy klucz' });
    } else {
      const generic = /^(Invalid|Too|Expected)/.test(issue.message);
      const message = generic ? polishMessage(issue) : issue.message;
      problems.push({ path: formatPath(issue.path), message: withFormatHint(message, issue.path) });
    }
  }
  return problems;
}

/**
 * Line and column of a JSON.parse failure, from the position V8 puts in its message.
 * @param {string} text @param {string} message
 */
function jsonErrorLocation(text, message) {
  const position = /position (\d+)/.exec(message);
  if (!position) return '';
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return ` (wiersz ${line}, kolumna ${column})`;
}

/**
 * @param {unknown} json
 * @returns {{ ok: true, data: import('zod').output<typeof seedFileSchema> } | { ok: false, problems: Problem[] }}
 */
export function validateSeed(json) {
  const keys = keyProblems(json).map((p) => ({ path: formatPath(p.path), message: p.message }));
  const result = seedFileSchema.safeParse(json);
  if (result.success && keys.length === 0) return { ok: true, data: result.data };
  const problems = [...keys, ...(result.success ? [] : problemsOf(result.error))];
  // Sorted by path, so the report reads in the order of the file's sections.
  problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: false, problems };
}

/** @param {string} file */
export async function loadSeedFile(file) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    return {
      ok: /** @type {const} */ (false),
      problems: [
        {
          path: '(plik)',
          message: code === 'ENOENT' ? `Nie ma pliku ${file}` : `Nie można odczytać pliku ${file}: ${code}`,
        },
      ],
    };
  }
  let json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const message = /** @type {Error} */ (error).message;
    return {
      ok: /** @type {const} */ (false),
      problems: [
        { path: '(plik)', message: `To nie jest poprawny JSON${jsonErrorLocation(text, message)}: ${message}` },
      ],
    };
  }
  return validateSeed(json);
}
