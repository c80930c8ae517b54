import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { schemaValidator } from './formErrors';

interface SchemaFormOptions<Values> {
  initialValues: Values;
  /** The shared domain schema of what the form submits (usually the callable's input schema). */
  schema: z.core.$ZodType;
  /** The form's values as the payload the schema parses (e.g. a person's NIP left out). */
  toPayload?: (values: Values) => unknown;
  onValuesChange?: (values: Values) => void;
  /** Rules no schema holds (e.g. a password typed twice, checked only in the browser): their messages join the schema's. */
  extraErrors?: (values: Values) => Record<string, string>;
  /** Validate a field when it loses focus (default). Off for a form whose only field is focused on arrival, where leaving it empty is no mistake yet. */
  validateInputOnBlur?: boolean;
}

interface SchemaForm<Values> {
  form: UseFormReturnType<Values>;
  /** Wraps a handler as the form's submit handler: like `form.onSubmit`, and from the first attempt on every change re-validates (messages follow the typing). */
  submitWith: (handler: (values: Values) => void | Promise<void>) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Submit was tried at least once: field messages show, and a summary may say to fix them. */
  attempted: boolean;
}

function withExtraErrors<Values>(
  validate: (values: Values) => Record<string, string>,
  extra?: (values: Values) => Record<string, string>,
) {
  // The schema's message wins where both have one for a field.
  return extra ? (values: Values) => ({ ...extra(values), ...validate(values) }) : validate;
}

/**
 * A `@mantine/form` form validated by a shared zod schema, so the form accepts exactly what the
 * callable accepts and shows the same Polish messages. Messages appear on blur or after the first
 * submit; from then on they follow every change.
 */
export function useSchemaForm<Values extends Record<string, any>>({
  initialValues,
  schema,
  toPayload,
  extraErrors,
  onValuesChange,
  validateInputOnBlur = true,
}: SchemaFormOptions<Values>): SchemaForm<Values> {
  const submitted = useRef(false);
  const [attempted, setAttempted] = useState(false);
  const validateAll = useRef<() => void>(() => undefined);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: withExtraErrors(schemaValidator(schema, toPayload), extraErrors),
    validateInputOnBlur,
    onValuesChange: (values) => {
      if (submitted.current) validateAll.current();
      onValuesChange?.(values);
    },
  });
  useEffect(() => {
    validateAll.current = () => void form.validate();
  });
  return {
    form,
    attempted,
    submitWith: (handler) => (event) => {
      submitted.current = true;
      setAttempted(true);
      form.onSubmit((values) => void handler(values))(event);
    },
  };
}
