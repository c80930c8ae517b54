import { useState } from 'react';
import { Alert } from '@mantine/core';
import { refusalOf, type Refusal } from './formErrors';

export type ActionResult =
  | { ok: true; message: string }
  /** `partial`: done only in part (some documents skipped or refused) — a warning, not a failure. */
  | { ok: false; message: string; partial?: boolean };

interface ResultAlertProps {
  result: ActionResult | null;
  /** With it the alert has a close button. */
  onClose?: () => void;
  testId?: string;
}

/** The outcome of the last action (saved, sent, refused), shown beside what it changed. */
export function ResultAlert({ result, onClose, testId = 'admin-result' }: ResultAlertProps) {
  if (!result) return null;
  return (
    <Alert
      color={result.ok ? 'green' : result.partial ? 'orange' : 'red'}
      role={result.ok || result.partial ? 'status' : 'alert'}
      withCloseButton={onClose !== undefined}
      closeButtonLabel="Zamknij komunikat"
      onClose={onClose}
      data-testid={testId}
      data-ok={result.ok}
    >
      {result.message}
    </Alert>
  );
}

interface PerformOptions<Key> {
  /** Which of the screen's actions runs (its button spins); one key when the screen has one action. */
  key?: Key;
  /** Sees a refusal before it is shown (to put it beside its field too). */
  onRefusal?: (refusal: Refusal) => void;
}

/**
 * The state behind a screen's ResultAlert: `perform(action)` clears the last outcome, is busy (under the
 * action's key) while the action runs, then shows the success message the action resolves with, or the
 * callable's Polish refusal (or `messageOf`'s text for the error).
 */
export function useActionResult<Key extends string = 'action'>({
  messageOf,
}: { messageOf?: (error: unknown) => string } = {}) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [busy, setBusy] = useState<Key | null>(null);
  async function perform(action: () => Promise<string>, { key, onRefusal }: PerformOptions<Key> = {}) {
    setBusy(key ?? ('action' as Key));
    setResult(null);
    try {
      setResult({ ok: true, message: await action() });
    } catch (error) {
      const refusal = refusalOf(error);
      onRefusal?.(refusal);
      setResult({ ok: false, message: messageOf ? messageOf(error) : refusal.message });
    } finally {
      setBusy(null);
    }
  }
  return { result, setResult, busy, perform };
}
