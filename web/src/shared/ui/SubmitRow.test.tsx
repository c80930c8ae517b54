import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { SubmitRow } from './SubmitRow';

describe('SubmitRow', () => {
  it('ends the form with its submit button, the note before it', () => {
    renderWithTheme(
      <form aria-label="Ustawienia">
        <SubmitRow label="Zapisz ustawienia" busy={false} note={<span>Ostatnia zmiana: wczoraj</span>} />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Zapisz ustawienia' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.parentElement?.textContent).toBe('Ostatnia zmiana: wczorajZapisz ustawienia');
  });

  it('keeps a saving form from being sent twice', () => {
    renderWithTheme(<SubmitRow label="Dodaj bilet" busy />);
    expect(screen.getByRole('button', { name: 'Dodaj bilet' }).hasAttribute('disabled')).toBe(true);
  });
});
