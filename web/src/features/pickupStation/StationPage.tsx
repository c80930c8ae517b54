import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { ErrorPage } from '../../shared/ui/ErrorPage';
import { useIsStaff } from '../auth';
import { useStationItemsQuery, useStationPersonQuery, type DirectoryEntry, type StationItem } from './api';

export const USER_PAGE = '/dashboard/odbierz/User';
export const ADD_PAGE = '/dashboard/odbierz/Add';
export const withUid = (page: string, uid: string) => `${page}?${new URLSearchParams({ uid })}`;

/** The station's big buttons wrap their label instead of cutting it (a tablet column is narrow). */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 8 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 },
} as const;

/** A pickup station page: staff (or admins) only; everyone else gets the error view and the page subscribes to nothing. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const isStaff = useIsStaff();
  if (!isStaff)
    return (
      <ErrorPage
        status={403}
        title="Brak dostępu"
        message="Tylko dla obsługi: punkt odbioru"
        description="Punkt odbioru jest dostępny tylko dla obsługi wydarzenia."
        homeHref="/dashboard/odbierz"
      />
    );
  return <>{children}</>;
}

/**
 * A person and their items, both live. Until both have arrived (or when either fails, or no one has
 * this uid) the station's loading, error or "no such person" view stands in for `children`.
 */
export function StationPerson({ uid, what, children }: { uid: string; what: { loading: string; error: string }; children: (person: DirectoryEntry, items: StationItem[]) => ReactNode }) {
  const person = useStationPersonQuery(uid);
  const items = useStationItemsQuery(uid);
  const retry = () => {
    void person.refetch();
    void items.refetch();
  };
  const query = { isLoading: person.isLoading || items.isLoading, isError: person.isError || items.isError, error: person.error ?? items.error };
  return (
    <DataGate
      query={query}
      loadingLabel={what.loading}
      rows={4}
      errorText={what.error}
      onRetry={retry}
      isEmpty={!person.data}
      empty={<EmptyState title="Nie ma takiej osoby" action={<Button component={Link} to={USER_PAGE} size="lg">Szukaj ponownie</Button>} />}
    >
      {person.data && children(person.data, items.data ?? [])}
    </DataGate>
  );
}
