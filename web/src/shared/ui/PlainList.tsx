import type { ReactNode } from 'react';
import { SimpleGrid, Stack, type MantineSpacing, type StackProps } from '@mantine/core';

const UNSTYLED = { listStyle: 'none', padding: 0, margin: 0 } as const;

interface PlainListProps {
  /** The list's name for screen readers („Moje zamówienia”); a list under its own heading needs none. */
  label?: string;
  gap?: StackProps['gap'];
  children: ReactNode;
}

/**
 * A list of cards or lines, one under another: a real list for screen readers (they say how many
 * there are), with no bullets or indent on screen. Its children are `li` elements.
 */
export function PlainList({ label, gap = 'md', children }: PlainListProps) {
  return (
    <Stack gap={gap} component="ul" style={UNSTYLED} aria-label={label}>
      {children}
    </Stack>
  );
}

/** The same list laid out as a grid of cards: one column on a phone, two on a tablet, three on a wide screen. */
export function CardGrid({
  label,
  spacing,
  children,
}: {
  label: string;
  spacing?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={spacing} component="ul" style={UNSTYLED} aria-label={label}>
      {children}
    </SimpleGrid>
  );
}
