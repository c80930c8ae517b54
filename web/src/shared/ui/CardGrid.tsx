import type { ReactNode } from 'react';
import { SimpleGrid, type MantineSpacing } from '@mantine/core';
import { UNSTYLED_LIST } from './PlainList';

// Its own module, apart from PlainList: the dashboard's lists are PlainLists, and this one's grid code
// (Mantine's SimpleGrid) would otherwise ride along into the dashboard's first load.
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
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing={spacing}
      component="ul"
      style={UNSTYLED_LIST}
      aria-label={label}
    >
      {children}
    </SimpleGrid>
  );
}
