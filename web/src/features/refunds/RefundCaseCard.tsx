import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, type MantineSpacing } from '@mantine/core';

interface RefundCaseCardProps {
  /** What and how much: „Zamówienie ZAM/… · 129,00 zł”. */
  title: ReactNode;
  /** Where the case stands, beside the title. */
  badge: ReactNode;
  /** The details, and a confirmation in progress. */
  children: ReactNode;
  /** The buttons that decide the case, at the card's end; none while a confirmation asks. */
  actions?: ReactNode;
  /** Between the card's lines. */
  gap: MantineSpacing | number;
  /** Above the actions, where the lines sit closer than the buttons should. */
  actionsTop?: MantineSpacing;
  radius?: MantineSpacing;
  /** The card's test id and data attributes. */
  data: Record<`data-${string}`, string | number | undefined>;
}

/** One case on the admin's refund lists (a participant's request, an online payment, a bank transfer). */
export function RefundCaseCard({
  title,
  badge,
  children,
  actions,
  gap,
  actionsTop,
  radius,
  data,
}: RefundCaseCardProps) {
  return (
    <Paper withBorder radius={radius} p="md" {...data}>
      <Stack gap={gap}>
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{title}</Text>
          {badge}
        </Group>
        {children}
        {actions && (
          <Group justify="flex-end" gap="xs" mt={actionsTop}>
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
