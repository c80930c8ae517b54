import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

/** A failed action's message where it happened, read out at once (role="alert"); nothing when there is none. */
export function ErrorAlert({ children, testId, title }: { children: ReactNode; testId?: string; title?: string }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title} data-testid={testId}>
      {children}
    </Alert>
  );
}
