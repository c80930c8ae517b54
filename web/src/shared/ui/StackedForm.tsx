import type { FormEvent, ReactNode } from 'react';
import { Stack, type StackProps } from '@mantine/core';

interface StackedFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  gap?: StackProps['gap'];
  maw?: StackProps['maw'];
  testId?: string;
  children: ReactNode;
}

/**
 * A form laid out the way the app's forms are: named for assistive technology, fields one under the
 * other, and the browser's own validation off, because the form's schema answers, in Polish, next to
 * the field.
 */
export function StackedForm({ label, onSubmit, gap = 'md', maw, testId, children }: StackedFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} data-testid={testId}>
      <Stack gap={gap} maw={maw}>
        {children}
      </Stack>
    </form>
  );
}
