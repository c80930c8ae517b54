import type { ReactNode } from 'react';
import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';

/** Skeleton rows announced to screen readers while a list's first value is on its way. */
export function LoadingRows({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={52} radius="md" />
      ))}
    </Stack>
  );
}

/** Error state for data that could not be read; offers a retry when the caller can re-subscribe. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title="Nie udało się wczytać danych">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{children}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Spróbuj ponownie
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Empty state: what is missing and the next step. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="empty-state">
      <Stack gap={6} align="center" ta="center">
        <Text fw={600}>{title}</Text>
        {children && (
          <Text size="sm" c="dimmed" maw={480}>
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
