import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';

/** Stand-in for a page's content until its feature issue fills it; says plainly what will be here. */
export function Placeholder({ children, note }: { children: ReactNode; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="page-placeholder">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M3 17c3-3 5-3 8 0s5 3 8 0M3 11c3-3 5-3 8 0s5 3 8 0" strokeLinecap="round" />
          </svg>
        </ThemeIcon>
        <Text fw={600}>Ta część panelu jest w przygotowaniu</Text>
        <Text c="dimmed" size="sm" maw={520}>
          {children}
        </Text>
        {note}
      </Stack>
    </Paper>
  );
}
