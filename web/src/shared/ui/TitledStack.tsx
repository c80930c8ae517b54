import type { ReactNode } from 'react';
import { Group, Stack, Title, type MantineFontSize, type StackProps } from '@mantine/core';

interface TitledStackProps extends Omit<StackProps, 'title'> {
  title: ReactNode;
  /** Heading level: 2 for a part of the page, 3 for a part inside one. */
  order?: 2 | 3;
  titleSize?: MantineFontSize;
  /** At the far end of the heading's row (an „add” button, an export, a filter). */
  aside?: ReactNode;
  /** How the aside lines up with the heading; centred unless said. */
  asideAlign?: 'flex-end';
  /** Makes the stack a <section> named by its heading, which gets this id. */
  sectionId?: string;
  children: ReactNode;
}

/** A part of a page: its heading, then its content, stacked (inside a Paper or Card when it is a panel). */
export function TitledStack({
  title,
  order = 2,
  titleSize = 'lg',
  aside,
  asideAlign,
  sectionId,
  gap = 'md',
  children,
  ...stack
}: TitledStackProps) {
  const heading = (
    <Title order={order} fz={titleSize} id={sectionId}>
      {title}
    </Title>
  );
  return (
    <Stack gap={gap} component={sectionId ? 'section' : undefined} aria-labelledby={sectionId} {...stack}>
      {aside ? (
        <Group justify="space-between" align={asideAlign}>
          {heading}
          {aside}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}
