import type { ReactNode } from 'react';
import { Stack, Title, type MantineFontSize, type StackProps } from '@mantine/core';

interface TitledStackProps extends Omit<StackProps, 'title'> {
  title: ReactNode;
  /** Heading level: 2 for a part of the page, 3 for a part inside one. */
  order?: 2 | 3;
  titleSize?: MantineFontSize;
  /** Makes the stack a <section> named by its heading, which gets this id. */
  sectionId?: string;
  children: ReactNode;
}

/** A part of a page: its heading, then its content, stacked (inside a Paper or Card when it is a panel). */
export function TitledStack({
  title,
  order = 2,
  titleSize = 'lg',
  sectionId,
  gap = 'md',
  children,
  ...stack
}: TitledStackProps) {
  return (
    <Stack gap={gap} component={sectionId ? 'section' : undefined} aria-labelledby={sectionId} {...stack}>
      <Title order={order} fz={titleSize} id={sectionId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
