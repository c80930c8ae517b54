import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import { ErrorAlert } from './ErrorAlert';
import { refusalOf } from './formErrors';
import type { ActionResult } from './ResultAlert';

/** What a confirmation dialog asks before an action that cannot be taken back. */
export interface ConfirmQuestion {
  title: ReactNode;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirm button's colour (`ConfirmButtons`); the theme's primary colour when not given. */
  color?: string;
  /** Does the action; resolves with the success message for the screen's result line (if it has one). */
  run: () => Promise<string | void>;
}

interface ConfirmOptions {
  /**
   * Where the outcome goes when the screen has a result line (`ResultAlert`, the admin tabs): the dialog
   * closes either way. Without it a failure stays inside the dialog and the action can be tried again.
   */
  onResult?: (result: ActionResult) => void;
  /** The message of a failure; the callable's Polish refusal by default. */
  messageOf?: (error: unknown) => string;
}

const refusalMessage = (error: unknown) => refusalOf(error).message;

/**
 * The one confirmation primitive. `ask(question)` opens `dialog` (render it once in the screen);
 * `run(action)` is the same busy / failure state for a confirmation the screen lays out itself (inline
 * in a card with `ConfirmButtons`, or a `ConfirmDialog` holding a form). While an action runs the
 * confirmation waits (busy) and cannot be closed.
 */
export function useConfirm({ onResult, messageOf = refusalMessage }: ConfirmOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);

  async function attempt<T>(
    action: () => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
    setBusy(true);
    setError(null);
    try {
      return { ok: true, value: await action() };
    } catch (err) {
      return { ok: false, message: messageOf(err) };
    } finally {
      setBusy(false);
    }
  }

  /** Runs the action; on failure keeps its message in `error` and resolves false. */
  async function run(action: () => Promise<unknown>): Promise<boolean> {
    const outcome = await attempt(action);
    if (!outcome.ok) setError(outcome.message);
    return outcome.ok;
  }

  async function confirm() {
    if (!question) return;
    const outcome = await attempt(question.run);
    if (onResult) onResult(outcome.ok ? { ok: true, message: outcome.value ?? '' } : outcome);
    else if (!outcome.ok) return setError(outcome.message);
    setQuestion(null);
  }

  function ask(next: ConfirmQuestion) {
    setError(null);
    setQuestion(next);
  }

  const dialog = (
    <ConfirmDialog
      opened={question !== null}
      title={question?.title}
      onClose={() => setQuestion(null)}
      busy={busy}
      error={error}
      cancelLabel={question?.cancelLabel}
      confirmLabel={question?.confirmLabel ?? ''}
      color={question?.color ?? 'primary'}
      onConfirm={() => void confirm()}
    >
      <Text component="div">{question?.body}</Text>
    </ConfirmDialog>
  );
  return { ask, dialog, busy, error, setError, run };
}

export interface ConfirmButtonsProps {
  /** The action runs: the confirm button spins and nothing can be cancelled. */
  busy?: boolean;
  error?: ReactNode;
  cancelLabel?: string;
  onCancel: () => void;
  confirmLabel: string;
  /** Without it the confirm button submits the dialog's form. */
  onConfirm?: () => void;
  confirmDisabled?: boolean;
  /** Red unless said otherwise (a confirmation guards what cannot be taken back); `primary`: the theme's. */
  color?: string;
  confirmTestId?: string;
  /** `md` at the pickup station, where it is pressed standing, often on a phone. */
  buttonSize?: 'sm' | 'md';
}

/** The end of a confirmation: the failure (if any), then „cancel” and the confirm button. */
export function ConfirmButtons({
  busy = false,
  error,
  cancelLabel = 'Anuluj',
  onCancel,
  confirmLabel,
  onConfirm,
  confirmDisabled = false,
  color = 'red',
  confirmTestId = 'confirm-action',
  buttonSize = 'sm',
}: ConfirmButtonsProps) {
  return (
    <>
      <ErrorAlert>{error}</ErrorAlert>
      <Group justify="flex-end">
        <Button variant="default" size={buttonSize} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          color={color === 'primary' ? undefined : color}
          size={buttonSize}
          type={onConfirm ? 'button' : 'submit'}
          onClick={onConfirm}
          loading={busy}
          disabled={confirmDisabled}
          data-testid={confirmTestId}
        >
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}

interface ConfirmDialogProps extends Omit<ConfirmButtonsProps, 'onCancel'> {
  opened: boolean;
  title: ReactNode;
  /** Not called while the action runs. */
  onClose: () => void;
  /** With it the dialog is a form and the confirm button submits it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's accessible name. */
  formLabel?: string;
  size?: ModalProps['size'];
  testId?: string;
  children: ReactNode;
}

/** A confirmation as a dialog: what will happen (or a form), then `ConfirmButtons`. */
export function ConfirmDialog({
  opened,
  title,
  onClose,
  onSubmit,
  formLabel,
  size,
  testId,
  children,
  ...buttons
}: ConfirmDialogProps) {
  const close = () => !buttons.busy && onClose();
  const content = (
    <Stack gap="md">
      {children}
      <ConfirmButtons {...buttons} onCancel={close} />
    </Stack>
  );
  return (
    <Modal opened={opened} onClose={close} title={title} size={size} centered data-testid={testId}>
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
          {content}
        </form>
      ) : (
        content
      )}
    </Modal>
  );
}
