import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { ErrorPage } from './ErrorPage';

describe('ErrorPage', () => {
  it('shows the not-found view for 404 with its Polish default title and the required message', () => {
    renderWithTheme(<ErrorPage status={404} message="Page not found: /nie-ma" showStack={false} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nie znaleziono strony');
    expect(screen.getByTestId('error-title').textContent).toBe('Nie znaleziono strony');
    expect(screen.getByTestId('error-message').textContent).toBe('Page not found: /nie-ma');
    expect(document.title).toBe('Nie znaleziono strony · Panel Uczestnika');
  });

  it('shows the server-error view for any other status', () => {
    renderWithTheme(<ErrorPage status={503} message="Service Unavailable" description="Serwer jest przeciążony." />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Wystąpił błąd');
    expect(screen.getByTestId('error-title').textContent).toBe('Wystąpił błąd');
    expect(screen.getByText('Serwer jest przeciążony.')).toBeTruthy();
    expect(screen.getByTestId('error-page').getAttribute('data-status')).toBe('503');
  });

  it('uses a given title instead of the default', () => {
    renderWithTheme(
      <ErrorPage status={403} title="Brak dostępu" message="Tylko dla administratorów: /dashboard/admin" />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Brak dostępu');
  });

  it('shows the stack only when asked to (development)', () => {
    const { unmount } = renderWithTheme(
      <ErrorPage status={500} message="boom" stack="Error: boom\n  at x" showStack />,
    );
    expect(screen.getByTestId('error-stack').textContent).toContain('at x');
    unmount();
    renderWithTheme(<ErrorPage status={500} message="boom" stack="Error: boom\n  at x" showStack={false} />);
    expect(screen.queryByTestId('error-stack')).toBeNull();
  });
});
