import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { ErrorAlert } from './ErrorAlert';

/**
 * A destructive action behind a confirmation: while it runs the dialog waits (busy); when it fails
 * the message stays in the dialog and the action can be tried again.
 */
export function useConfirmAction(messageOf: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (err) {
      setError(messageOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}

export interface ConfirmButtonsProps {
  busy: boolean;
  error?: string | null;
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  /** Without it the confirm button submits the dialog's form. */
  onConfirm?: () => void;
  confirmDisabled?: boolean;
}

/** The end of a confirmation dialog: the failure (if any), then „cancel” and the red confirm button. */
export function ConfirmButtons({ busy, error, cancelLabel, onCancel, confirmLabel, onConfirm, confirmDisabled = false }: ConfirmButtonsProps) {
  return (
    <>
      <ErrorAlert>{error}</ErrorAlert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color="red" type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} loading={busy} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}
