import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALLABLE_INPUTS, CALLABLES, REGION } from './callables.js';
import { REFUSALS } from './errors.js';
import { parseWith, polishIssue } from './issues.js';
import { z } from 'zod';

const FUNCTIONS_ERROR_CODES = [
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'unauthenticated',
];

describe('callable contract', () => {
  it('has an input schema for every callable, which refuses a payload that is not an object', () => {
    expect(Object.keys(CALLABLE_INPUTS).sort()).toEqual(Object.keys(CALLABLES).sort());
    for (const [name, schema] of Object.entries(CALLABLE_INPUTS)) {
      for (const junk of ['text', 42, null, [1]])
        expect(schema.safeParse(junk).success, `${name} ← ${JSON.stringify(junk)}`).toBe(false);
    }
  });
  it('is exported by the functions under the name the web app calls', () => {
    // The client calls CALLABLES[name]; the Functions runtime names a function after its export in index.ts.
    const index = readFileSync(new URL('../index.ts', import.meta.url), 'utf8');
    const exported = new Set(
      [...index.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) => m[1]!.split(',').map((n) => n.trim())),
    );
    for (const [name, calledAs] of Object.entries(CALLABLES)) expect(exported, name).toContain(calledAs);
  });
  it('is deployed in the region the web app calls', () => {
    const webConfig = readFileSync(new URL('../../../web/src/shared/firebase/config.ts', import.meta.url), 'utf8');
    expect(webConfig).toContain(`FUNCTIONS_REGION = '${REGION}'`);
  });
  it('maps every refusal to a real Functions error code with a Polish message', () => {
    for (const [reason, r] of Object.entries(REFUSALS)) {
      expect(FUNCTIONS_ERROR_CODES, reason).toContain(r.code);
      expect(r.message, reason).toMatch(/^[A-ZŁŚŻŹĆ]/);
    }
    expect(REFUSALS['try-again'].message).toContain('spróbuj ponownie');
  });
  it('words unworded issues in Polish, never in English', () => {
    const schema = z.strictObject({ a: z.string().max(3), b: z.array(z.int()).min(1), c: z.int().min(5) });
    const r = parseWith(schema, { a: 'abcdef', b: [], c: 1, d: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.all).toEqual([
      { field: 'a', message: 'Za długi tekst (najwyżej 3 znaki)' },
      { field: 'b', message: 'Lista nie może być pusta' },
      { field: 'c', message: 'Wartość za mała (co najmniej 5)' },
      { field: 'd', message: 'Niedozwolone pole: d' },
    ]);
    expect(polishIssue({ code: 'invalid_type', expected: 'string', input: undefined } as never)).toBe(
      'To pole jest wymagane',
    );
  });
});
