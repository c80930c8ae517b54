import type { ReactNode } from 'react';
import { Stack, Text, type MantineSpacing } from '@mantine/core';
import { ConfirmButtons, type ConfirmButtonsProps } from './ConfirmAction';

interface InlineConfirmProps extends ConfirmButtonsProps {
  /** What will happen, asked in place of the card's buttons. */
  question: ReactNode;
  /** A field the answer needs (a date, a reason), between the question and the buttons. */
  children?: ReactNode;
  /** The answer goes to the card's action (a field's value, a callable), not to a form submit. */
  onConfirm: () => void;
  mt?: MantineSpacing;
  testId?: string;
}

/**
 * A confirmation asked inside a card (refund candidates, a return at the pickup station) rather than
 * in a dialog: the question, any field it needs, then `ConfirmButtons` with „Anuluj”.
 */
export function InlineConfirm({ question, children, mt, testId, ...buttons }: InlineConfirmProps) {
  return (
    <Stack gap="xs" mt={mt} data-testid={testId}>
      <Text size="sm">{question}</Text>
      {children}
      <ConfirmButtons {...buttons} />
    </Stack>
  );
}
