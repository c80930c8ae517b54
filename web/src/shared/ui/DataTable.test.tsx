import { useState, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { cellTexts } from '../../test/table';
import { ThemeProviders } from '../../app/providers';
import { renderWithTheme } from '../../test/render';
import { MalformedRecordError } from '../api/realtime';
import { DataTable, type DataColumn } from './DataTable';

interface Fruit {
  id: string;
  name: string;
  price: number;
}

const fruits: Fruit[] = [
  { id: 'a', name: 'Jabłko', price: 250 },
  { id: 'b', name: 'Gruszka', price: 310 },
  { id: 'c', name: 'Śliwka', price: 120 },
];

const columns: DataColumn<Fruit>[] = [
  { key: 'name', header: 'Nazwa', cell: (f) => f.name },
  { key: 'price', header: 'Cena', align: 'right', nowrap: true, cell: (f) => `${f.price} gr` },
  { key: 'actions', cell: (f) => <button type="button">Usuń {f.name}</button> },
];

/** The fruit table, named „Owoce”, with whatever a test sets on top. */
function FruitTable(props: Partial<ComponentProps<typeof DataTable<Fruit>>>) {
  return <DataTable label="Owoce" columns={columns} rows={fruits} rowKey={(f) => f.id} {...props} />;
}

describe('DataTable', () => {
  it('renders a named table with one row per record, its cells from the column config and the row attributes', () => {
    renderWithTheme(<FruitTable rowProps={(f) => ({ 'data-testid': 'fruit-row', 'data-id': f.id })} />);
    const table = screen.getByRole('table', { name: 'Owoce' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nazwa', 'Cena', '']);
    const rows = screen.getAllByTestId('fruit-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['a', 'b', 'c']);
    expect(cellTexts(rows[1]!)).toEqual(['Gruszka', '310 gr', 'Usuń Gruszka']);
    // The scroll wrapper is a named region a keyboard can focus, so a wide table can be scrolled without a mouse.
    const region = screen.getByRole('region', { name: 'Owoce' });
    expect(region.getAttribute('tabindex')).toBe('0');
  });

  it('shows the loading state, then the error state with retry and the malformed record named', () => {
    const refetch = vi.fn();
    const { rerender } = renderWithTheme(
      <FruitTable
        rows={[]}
        source={{ isLoading: true }}
        loadingLabel="Wczytywanie owoców"
        errorText="Nie udało się wczytać owoców."
      />,
    );
    expect(screen.getByRole('status', { name: 'Wczytywanie owoców' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    const error = new MalformedRecordError('fruits/a', 'price', 'Oczekiwano liczby');
    rerender(
      <ThemeProviders>
        <FruitTable
          rows={[]}
          source={{ isError: true, error: { code: error.code, message: error.message }, refetch }}
          errorText="Nie udało się wczytać owoców."
        />
      </ThemeProviders>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Nie udało się wczytać owoców.');
    expect(screen.getByTestId('malformed-record').textContent).toContain('fruits/a/price');
    fireEvent.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state instead of an empty table', () => {
    renderWithTheme(<FruitTable rows={[]} empty={{ title: 'Brak owoców', children: 'Dodaj pierwszy owoc.' }} />);
    expect(screen.getByTestId('empty-state').textContent).toBe('Brak owocówDodaj pierwszy owoc.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('renders at most `limit` rows and says how many were left out', () => {
    renderWithTheme(
      <FruitTable
        rowProps={() => ({ 'data-testid': 'fruit-row' })}
        limit={2}
        overflow={(shown, total) => `Pokazano ${shown} z ${total}.`}
      />,
    );
    expect(screen.getAllByTestId('fruit-row')).toHaveLength(2);
    expect(screen.getByText('Pokazano 2 z 3.')).toBeTruthy();
  });

  it('fits its frame without a scroll region when asked, with a footer row under the body', () => {
    renderWithTheme(
      <FruitTable
        fit
        tableProps={{ 'data-testid': 'fruit-table' }}
        foot={
          <tr>
            <th>Razem</th>
            <th>680 gr</th>
            <th />
          </tr>
        }
      />,
    );
    const table = screen.getByRole('table', { name: 'Owoce' });
    expect(table.getAttribute('data-testid')).toBe('fruit-table');
    expect(screen.queryByRole('region', { name: 'Owoce' })).toBeNull();
    const foot = table.querySelector('tfoot')!;
    expect(
      within(foot)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Razem', '680 gr', '']);
  });

  it('selects single rows and all shown rows with named checkboxes', () => {
    function Selectable() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <>
          <FruitTable
            selection={{
              selected,
              onChange: setSelected,
              rowLabel: (f) => `Zaznacz: ${f.name}`,
              allLabel: 'Zaznacz wszystkie owoce',
            }}
          />
          <output data-testid="selected">{[...selected].sort().join(',')}</output>
        </>
      );
    }
    renderWithTheme(<Selectable />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Zaznacz: Gruszka' }));
    expect(screen.getByTestId('selected').textContent).toBe('b');
    const all = screen.getByRole('checkbox', { name: 'Zaznacz wszystkie owoce' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    fireEvent.click(all);
    expect(screen.getByTestId('selected').textContent).toBe('a,b,c');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Zaznacz wszystkie owoce' }));
    expect(screen.getByTestId('selected').textContent).toBe('');
  });
});
