import { useState, type ChangeEvent, type FormEvent } from 'react';

type Rules<Values> = { [K in keyof Values]: (value: Values[K]) => string | null };

/**
 * The sign-in page's forms (e-mail + password, e-mail for a link): the part of `@mantine/form`
 * they use — values, a message per field after the first submit, the field's message cleared as it
 * is edited — without its 6.5 KB gzip, because the sign-in page is what every first visit downloads
 * (docs/architecture.md, "Forms"). `getInputProps` fits Mantine's inputs like `useForm`'s does.
 */
export function useLightForm<Values extends Record<string, string>>(initialValues: Values, validate: Rules<Values>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  return {
    values,
    getInputProps: (field: keyof Values) => ({
      value: values[field],
      error: errors[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [field]: value }));
        setErrors((current) => ({ ...current, [field]: undefined }));
      },
    }),
    onSubmit: (handler: (values: Values) => void | Promise<void>) => (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      const found: Partial<Record<keyof Values, string>> = {};
      for (const field of Object.keys(validate) as (keyof Values)[]) {
        const message = validate[field](values[field]);
        if (message) found[field] = message;
      }
      setErrors(found);
      if (Object.keys(found).length === 0) void handler(values);
    },
  };
}
