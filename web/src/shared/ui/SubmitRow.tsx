import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';

interface SubmitRowProps {
  label: ReactNode;
  /** The form is saving: the button spins and cannot be pressed again. */
  busy: boolean;
  /** At the start of the row, across from the button (e.g. when the data last changed). */
  note?: ReactNode;
}

/** A form's closing row: its submit button at the end, an optional note across from it. */
export function SubmitRow({ label, busy, note }: SubmitRowProps) {
  return (
    <Group justify={note ? 'space-between' : 'flex-end'}>
      {note}
      <Button type="submit" loading={busy}>
        {label}
      </Button>
    </Group>
  );
}
