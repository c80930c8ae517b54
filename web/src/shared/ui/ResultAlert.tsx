import { Alert } from '@mantine/core';

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
