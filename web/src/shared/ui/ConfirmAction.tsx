import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from './ErrorAlert';
import { refusalOf } from './formErrors';
import type { ActionResult } from './ResultAlert';

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
export function ConfirmButtons({
  busy,
  error,
  cancelLabel,
  onCancel,
  confirmLabel,
  onConfirm,
  confirmDisabled = false,
}: ConfirmButtonsProps) {
  return (
    <>
      <ErrorAlert>{error}</ErrorAlert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          color="red"
          type={onConfirm ? 'button' : 'submit'}
          onClick={onConfirm}
          loading={busy}
          disabled={confirmDisabled}
        >
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}

export interface PendingConfirm {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  color?: string;
  /** Resolves with the success message; a refusal is shown as the result. */
  run: () => Promise<string>;
}

/** One confirmation dialog per tab: what will happen, then the result of doing it. */
export function useConfirm(setResult: (r: ActionResult | null) => void) {
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      setResult({ ok: true, message: await pending.run() });
    } catch (error) {
      setResult({ ok: false, message: refusalOf(error).message });
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const dialog = (
    <Modal opened={pending !== null} onClose={() => !busy && setPending(null)} title={pending?.title} centered>
      <Stack gap="md">
        <Text component="div">{pending?.body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPending(null)} disabled={busy}>
            Wróć
          </Button>
          <Button color={pending?.color} onClick={confirm} loading={busy} data-testid="confirm-action">
            {pending?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask: setPending, dialog };
}
