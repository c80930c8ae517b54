import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSources } from './test/sources';

// useSchemaForm puts a schema message that names no field of the form (an object-level rule, a value
// `toPayload` adds) under `_form`, and a message there blocks the submit. A form that never shows
// `_form` would then refuse to submit with nothing on screen, so every such form must show it.

/** The module builds a form with useSchemaForm but nowhere reads the form's own error. */
function hidesFormError(source: string): boolean {
  const buildsForm = /\buseSchemaForm\s*(<[^(]*>)?\s*\(/.test(source);
  return buildsForm && !/errors\._form\b|['"]_form['"]/.test(source);
}

describe('forms built on useSchemaForm', () => {
  it('tells a form that reads `_form` from one that does not', () => {
    const form = 'const { form } = useSchemaForm<Values>({ initialValues, schema });\nreturn <form />;';
    expect(hidesFormError(form)).toBe(true);
    expect(hidesFormError(`${form}\n<ErrorText>{form.errors._form}</ErrorText>`)).toBe(false);
    expect(hidesFormError("import { useSchemaForm } from './useSchemaForm';")).toBe(false);
  });

  it('each show the form-level error somewhere', () => {
    const hook = path.join('shared', 'ui', 'useSchemaForm.ts');
    const silent = appSources()
      .filter(({ file, source }) => file !== hook && hidesFormError(source))
      .map(({ file }) => file);
    expect(silent).toEqual([]);
  });
});
