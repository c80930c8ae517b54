import type { ReactNode } from 'react';
import { Paper, type MantineSpacing } from '@mantine/core';
import { TitledStack } from './TitledStack';

interface TitledPanelProps {
  title: ReactNode;
  /** Makes the panel's stack a <section> named by its heading, which gets this id. */
  sectionId?: string;
  gap?: MantineSpacing;
  testId?: string;
  children: ReactNode;
}

/** A bordered panel of a tab or a form: its h3, then what belongs under it. */
export function TitledPanel({ title, sectionId, gap = 'sm', testId, children }: TitledPanelProps) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <TitledStack title={title} order={3} gap={gap} sectionId={sectionId}>
        {children}
      </TitledStack>
    </Paper>
  );
}
