import { Alert } from '@mantine/core';

export type ActionResult = { ok: true; message: string } | { ok: false; message: string };

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
      color={result.ok ? 'green' : 'red'}
      role={result.ok ? 'status' : 'alert'}
      withCloseButton={onClose !== undefined}
      onClose={onClose}
      data-testid={testId}
      data-ok={result.ok}
    >
      {result.message}
    </Alert>
  );
}
