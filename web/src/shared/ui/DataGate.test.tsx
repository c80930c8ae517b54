import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderWithTheme } from '../../test/render';
import { DataGate } from './DataState';

const idle = { isLoading: false, isError: false };
const framed = (state: ReactNode) => <section data-testid="frame">{state}</section>;

function gate(query: { isLoading: boolean; isError: boolean; error?: unknown }, isEmpty = false) {
  return renderWithTheme(
    <DataGate
      query={query}
      loadingLabel="Wczytywanie faktury"
      errorText="Nie udało się wczytać faktury."
      isEmpty={isEmpty}
      empty={<p>Nie znaleziono faktury</p>}
      frame={framed}
    >
      <p>Faktura</p>
    </DataGate>,
  );
}

describe('DataGate with a frame', () => {
  it('shows the loading rows on their own', () => {
    gate({ isLoading: true, isError: false });
    expect(screen.getByRole('status', { name: 'Wczytywanie faktury' })).toBeTruthy();
    expect(screen.queryByTestId('frame')).toBeNull();
  });

  it('puts the error in the frame', () => {
    gate({ isLoading: false, isError: true, error: { code: 'unknown', message: 'x' } });
    expect(screen.getByTestId('frame').textContent).toContain('Nie udało się wczytać faktury.');
  });

  it('puts the empty state in the frame', () => {
    gate(idle, true);
    expect(screen.getByTestId('frame').textContent).toBe('Nie znaleziono faktury');
  });

  it('leaves the data to draw its own page', () => {
    gate(idle);
    expect(screen.getByText('Faktura')).toBeTruthy();
    expect(screen.queryByTestId('frame')).toBeNull();
  });
});

describe('DataGate texts', () => {
  it('names the loading rows and the error after what is read', () => {
    renderWithTheme(
      <>
        <DataGate query={{ isLoading: true, isError: false }} what="zwrotów">
          <p>Zwroty</p>
        </DataGate>
        <DataGate query={{ isLoading: false, isError: true }} what="zwrotów">
          <p>Zwroty</p>
        </DataGate>
      </>,
    );
    expect(screen.getByRole('status', { name: 'Wczytywanie zwrotów' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Nie udało się wczytać zwrotów.');
  });

  it('keeps a loading label given in full beside the error named after what is read', () => {
    renderWithTheme(
      <DataGate
        query={{ isLoading: true, isError: false }}
        what="ustawień wydarzenia"
        loadingLabel="Wczytywanie ustawień"
      >
        <p>Ustawienia</p>
      </DataGate>,
    );
    expect(screen.getByRole('status', { name: 'Wczytywanie ustawień' })).toBeTruthy();
  });
});
