import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A form's or an action's failure as one red line where it happened, read out at once; nothing when there is none. */
export function ErrorText({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <Text size="sm" c="red" role="alert">
      {children}
    </Text>
  );
}
