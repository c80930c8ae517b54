import type { ReactNode } from 'react';
import { Stack, Text, type MantineSpacing } from '@mantine/core';
import { ConfirmButtons, type ConfirmButtonsProps } from './ConfirmAction';

interface InlineConfirmProps extends Pick<ConfirmButtonsProps, 'color' | 'buttonSize'> {
  /** What will happen, asked in place of the card's buttons. */
  question: ReactNode;
  /** A field the answer needs (a date, a reason), between the question and the buttons. */
  children?: ReactNode;
  busy: boolean;
  error: ReactNode;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  mt?: MantineSpacing;
  testId?: string;
}

/**
 * A confirmation asked inside a card (refund candidates, a return at the pickup station) rather than in a dialog: the question, any
 * field it needs, then `ConfirmButtons` with „Anuluj”.
 */
export function InlineConfirm({
  question,
  children,
  busy,
  error,
  confirmLabel,
  onCancel,
  onConfirm,
  mt,
  testId,
  ...buttons
}: InlineConfirmProps) {
  return (
    <Stack gap="xs" mt={mt} data-testid={testId}>
      <Text size="sm">{question}</Text>
      {children}
      <ConfirmButtons
        busy={busy}
        error={error}
        onCancel={onCancel}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
        {...buttons}
      />
    </Stack>
  );
}
