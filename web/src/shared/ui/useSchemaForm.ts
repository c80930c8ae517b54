import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { refusalOf, schemaValidator } from './formErrors';

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
  /** The form field a refusal's payload field („product.priceGrosze”) is shown on; by default the field of that name, if the form has one. */
  refusalField?: (field: string, values: Values) => string | undefined;
}

interface SchemaForm<Values> {
  form: UseFormReturnType<Values>;
  /** Wraps a handler as the form's submit handler: like `form.onSubmit`, and from the first attempt on every change re-validates (messages follow the typing). */
  submitWith: (handler: (values: Values) => unknown) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Submit was tried at least once: field messages show, and a summary may say to fix them. */
  attempted: boolean;
  /**
   * Sends what the form submits (a callable): `sending` while it runs; a refusal is shown on the field
   * it names, or as the form's own error (`_form`). Resolves with the answer, or undefined when refused.
   */
  send: <T>(call: () => Promise<T>) => Promise<T | undefined>;
  sending: boolean;
}

/** The form has a value at this dotted path („invoice.nip”). */
function hasField(values: unknown, field: string): boolean {
  let at = values;
  for (const key of field.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

function withExtraErrors<Values>(
  validate: (values: Values) => Record<string, string>,
  extra?: (values: Values) => Record<string, string>,
) {
  // The schema's message wins where both have one for a field.
  return extra ? (values: Values) => ({ ...extra(values), ...validate(values) }) : validate;
}

/**
 * A message on a field the form does not have (one `toPayload` adds, such as the order's id) would
 * block the submit with nothing on screen: it is shown above the form (`_form`) instead.
 */
function onFormFields<Values>(validate: (values: Values) => Record<string, string>) {
  return (values: Values) => {
    const errors: Record<string, string> = {};
    let formError: string | undefined;
    for (const [field, message] of Object.entries(validate(values))) {
      if (field === '_form' || hasField(values, field)) errors[field] = message;
      else formError ??= message;
    }
    if (formError !== undefined) errors._form ??= formError;
    return errors;
  };
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
  refusalField = (field, values) => (hasField(values, field) ? field : undefined),
}: SchemaFormOptions<Values>): SchemaForm<Values> {
  const submitted = useRef(false);
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const validateAll = useRef<() => void>(() => undefined);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: onFormFields(withExtraErrors(schemaValidator(schema, toPayload), extraErrors)),
    validateInputOnBlur,
    onValuesChange: (values) => {
      if (submitted.current) validateAll.current();
      onValuesChange?.(values);
    },
  });
  useEffect(() => {
    validateAll.current = () => void form.validate();
  });
  async function send<T>(call: () => Promise<T>): Promise<T | undefined> {
    setSending(true);
    form.clearFieldError('_form');
    try {
      return await call();
    } catch (error) {
      const refusal = refusalOf(error);
      form.setFieldError((refusal.field && refusalField(refusal.field, form.getValues())) || '_form', refusal.message);
      return undefined;
    } finally {
      setSending(false);
    }
  }
  return {
    form,
    attempted,
    send,
    sending,
    submitWith: (handler) => (event) => {
      submitted.current = true;
      setAttempted(true);
      form.onSubmit((values) => void handler(values))(event);
    },
  };
}
