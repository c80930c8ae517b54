import type { ReactNode } from 'react';
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorAlert } from './ErrorAlert';
import { Hint } from './Hint';

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

/** The endpoint's error names a malformed stored record (shared/api/realtime.ts): its Polish message says which. */
function malformedMessage(error: unknown): string | null {
  const e = error as { code?: unknown; message?: unknown } | null | undefined;
  return e?.code === 'malformed-record' && typeof e.message === 'string' ? e.message : null;
}

/**
 * Error state for data that could not be read; offers a retry when the caller can re-subscribe.
 * Given the endpoint's `error`, a malformed record is named under the page's own text.
 */
export function LoadError({
  children,
  onRetry,
  error,
}: {
  children: ReactNode;
  onRetry?: () => void;
  error?: unknown;
}) {
  const malformed = malformedMessage(error);
  return (
    <ErrorAlert title="Nie udało się wczytać danych">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{children}</Text>
        {malformed && (
          <Text size="sm" data-testid="malformed-record">
            {malformed}
          </Text>
        )}
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Spróbuj ponownie
          </Button>
        )}
      </Stack>
    </ErrorAlert>
  );
}

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  /** The next step as a link button: where it goes and what it says. */
  next?: { to: string; label: string };
  /** Any other next step (several buttons, an action). */
  action?: ReactNode;
}

/** Empty state: what is missing and the next step. */
export function EmptyState({ title, children, next, action }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="empty-state">
      <Stack gap={6} align="center" ta="center">
        <Text fw={600}>{title}</Text>
        {children && <Hint maw={480}>{children}</Hint>}
        {next && (
          <Button component={Link} to={next.to}>
            {next.label}
          </Button>
        )}
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * The texts of data on its way: `what` is read, in the genitive („zamówień”), and names both the loading
 * rows („Wczytywanie zamówień”) and the error („Nie udało się wczytać zamówień.”); either may be given
 * in full instead.
 */
export interface ReadTexts {
  what?: string;
  /** What is loading, for screen readers: „Wczytywanie zamówień”. */
  loadingLabel?: string;
  /** What could not be read: „Nie udało się wczytać zamówień.” */
  errorText?: ReactNode;
}

export function readTexts({ what = 'danych', loadingLabel, errorText }: ReadTexts) {
  return {
    loadingLabel: loadingLabel ?? `Wczytywanie ${what}`,
    errorText: errorText ?? `Nie udało się wczytać ${what}.`,
  };
}

export interface DataGateProps extends ReadTexts {
  /** The endpoint's state (an RTK Query result has these fields). */
  query: { isLoading: boolean; isError: boolean; error?: unknown };
  rows?: number;
  onRetry?: () => void;
  /** Shown instead of `children` when there is nothing to show. */
  empty?: ReactNode;
  isEmpty?: boolean;
  /** Puts the error and empty states in the page they stand for (its frame, a way back); loading rows stand alone. */
  frame?: (state: ReactNode) => ReactNode;
  children: ReactNode;
}

/** The loading / error / empty scaffolding around data read from the database, in that order. */
export function DataGate({
  query,
  rows = 3,
  onRetry,
  empty,
  isEmpty = false,
  frame = (state) => state,
  children,
  ...texts
}: DataGateProps) {
  const { loadingLabel, errorText } = readTexts(texts);
  if (query.isLoading) return <LoadingRows rows={rows} label={loadingLabel} />;
  if (query.isError)
    return frame(
      <LoadError onRetry={onRetry} error={query.error}>
        {errorText}
      </LoadError>,
    );
  return <>{isEmpty ? frame(empty) : children}</>;
}
