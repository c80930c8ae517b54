import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { ColorModeSwitch } from './ColorModeSwitch';
import { COLOR_SCHEME_STORAGE_KEY } from './theme';

describe('ColorModeSwitch', () => {
  it('cycles light → dark → auto, persisting each choice in localStorage', () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'light');
    renderWithTheme(<ColorModeSwitch />);
    const button = screen.getByTestId('color-mode-switch');
    expect(button.getAttribute('data-scheme')).toBe('light');

    fireEvent.click(button);
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(button.getAttribute('aria-label')).toBe('Motyw: ciemny. Przełącz na automatyczny (jak w systemie)');

    fireEvent.click(button);
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('auto');

    fireEvent.click(button);
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });

  it('starts from the stored choice', () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    renderWithTheme(<ColorModeSwitch />);
    expect(screen.getByTestId('color-mode-switch').getAttribute('data-scheme')).toBe('dark');
  });
});
