import type { ReactNode } from 'react';
import { DataGate, EmptyState } from '../../shared/ui/DataState';

interface CheckoutGateProps {
  isLoading: boolean;
  isError: boolean;
  /** The endpoint's error: a malformed stored record is named. */
  error?: unknown;
  isEmpty: boolean;
  retry?: () => void;
  /** What is loading, for screen readers: „Wczytywanie koszyka”. */
  loadingLabel?: string;
  errorText?: string;
  /** The empty basket's message and the way to fill it. */
  empty: { title: string; text: string; action: ReactNode };
  /** Shown above the empty state too (e.g. what made the basket empty). */
  notice?: ReactNode;
  children: ReactNode;
}

/** The loading / error / empty-basket scaffolding every checkout step shares. */
export function CheckoutGate({
  isLoading,
  isError,
  error,
  isEmpty,
  retry,
  loadingLabel = 'Wczytywanie koszyka',
  errorText = 'Nie udało się wczytać koszyka.',
  empty,
  notice,
  children,
}: CheckoutGateProps) {
  const emptyBasket = (
    <>
      {notice}
      <EmptyState title={empty.title} action={empty.action}>
        {empty.text}
      </EmptyState>
    </>
  );
  return (
    <DataGate
      query={{ isLoading, isError, error }}
      loadingLabel={loadingLabel}
      rows={2}
      errorText={errorText}
      onRetry={retry}
      isEmpty={isEmpty}
      empty={emptyBasket}
    >
      {children}
    </DataGate>
  );
}
