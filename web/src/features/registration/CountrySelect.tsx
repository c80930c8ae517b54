import { Select, type SelectProps } from '@mantine/core';
import { useGetCountriesQuery } from './api';

/** Country picker fed live from /countries; searchable because the list is long. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const { data, isLoading, isError } = useGetCountriesQuery();
  return (
    <Select
      searchable
      nothingFoundMessage="Nie znaleziono kraju"
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={(data ?? []).map((c) => ({ value: c.code, label: c.name }))}
      disabled={props.disabled || isLoading}
      placeholder={isLoading ? 'Wczytywanie…' : props.placeholder}
      error={props.error ?? (isError ? 'Nie udało się wczytać listy krajów. Odśwież stronę.' : undefined)}
    />
  );
}
