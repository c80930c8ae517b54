import type { ReactNode } from 'react';
import { DataGate, EmptyState, type ReadTexts } from '../../shared/ui/DataState';

interface CheckoutGateProps extends ReadTexts {
  isLoading: boolean;
  isError: boolean;
  /** The endpoint's error: a malformed stored record is named. */
  error?: unknown;
  isEmpty: boolean;
  retry?: () => void;
  /** The empty basket's message and the way to fill it. */
  empty: { title: string; text: string; next: { to: string; label: string } };
  /** Shown above the empty state too (e.g. what made the basket empty). */
  notice?: ReactNode;
  children: ReactNode;
}

/** The loading / error / empty-basket scaffolding every checkout step shares: what it reads is the basket. */
export function CheckoutGate({
  isLoading,
  isError,
  error,
  isEmpty,
  retry,
  empty,
  notice,
  children,
  what = 'koszyka',
  ...texts
}: CheckoutGateProps) {
  const emptyBasket = (
    <>
      {notice}
      <EmptyState title={empty.title} next={empty.next}>
        {empty.text}
      </EmptyState>
    </>
  );
  return (
    <DataGate
      query={{ isLoading, isError, error }}
      what={what}
      {...texts}
      rows={2}
      onRetry={retry}
      isEmpty={isEmpty}
      empty={emptyBasket}
    >
      {children}
    </DataGate>
  );
}
