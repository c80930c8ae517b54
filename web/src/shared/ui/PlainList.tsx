import type { ReactNode } from 'react';
import { Stack, type StackProps } from '@mantine/core';

/** No bullets or indent: the list is for screen readers, the layout is the cards'. */
export const UNSTYLED_LIST = { listStyle: 'none', padding: 0, margin: 0 } as const;

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
    <Stack gap={gap} component="ul" style={UNSTYLED_LIST} aria-label={label}>
      {children}
    </Stack>
  );
}
