import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { TitledPanel } from './TitledPanel';
import { TitledStack } from './TitledStack';

describe('TitledStack and TitledPanel', () => {
  it('puts the aside in the heading row, after the heading', () => {
    renderWithTheme(
      <TitledStack title="Produkty" titleSize="xl" aside={<button type="button">Dodaj produkt</button>}>
        <p>Lista</p>
      </TitledStack>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Produkty' });
    const row = heading.parentElement as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Dodaj produkt' })).toBeTruthy();
    expect(row.textContent).toBe('ProduktyDodaj produkt');
  });

  it('names the panel as a section by its h3 when given an id, and keeps its test id on the bordered frame', () => {
    renderWithTheme(
      <TitledPanel title="Poczta" sectionId="mail-title" testId="mail-panel">
        <p>Nic nie czeka.</p>
      </TitledPanel>,
    );
    const section = screen.getByRole('region', { name: 'Poczta' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Poczta' }).id).toBe('mail-title');
    expect(screen.getByTestId('mail-panel').contains(section)).toBe(true);
  });
});
