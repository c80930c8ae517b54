import type { ReactNode } from 'react';
import { Stack, Text, type MantineSpacing } from '@mantine/core';
import { ConfirmButtons } from './ConfirmAction';

interface InlineConfirmProps {
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
}

/**
 * A confirmation asked inside a card (refund candidates) rather than in a dialog: the question, any
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
}: InlineConfirmProps) {
  return (
    <Stack gap="xs" mt={mt}>
      <Text size="sm">{question}</Text>
      {children}
      <ConfirmButtons busy={busy} error={error} onCancel={onCancel} confirmLabel={confirmLabel} onConfirm={onConfirm} />
    </Stack>
  );
}
