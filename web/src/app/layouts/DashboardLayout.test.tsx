import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { createStore, ThemeProviders } from '../../test/app';
import { SessionContext, type Session } from '../../features/auth';
import { DashboardLayout } from './DashboardLayout';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The frame around a page that shows its address, before the session is known (no data is read). */
function renderFrame(path = '/dashboard') {
  const router = createMemoryRouter(
    [{ path: '/dashboard', element: <DashboardLayout />, children: [{ path: '*', element: <Where /> }] }],
    { initialEntries: [path] },
  );
  render(
    <Provider store={createStore()}>
      <SessionContext.Provider value={{} as Session}>
        <ThemeProviders>
          <RouterProvider router={router} />
        </ThemeProviders>
      </SessionContext.Provider>
    </Provider>,
  );
}

describe('DashboardLayout', () => {
  it('has a banner, the main navigation and the main region the skip link jumps to', () => {
    renderFrame('/dashboard/faktury');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Przejdź do treści' }).getAttribute('href')).toBe('#tresc');
    const navigation = screen.getByRole('navigation', { name: 'Nawigacja główna' });
    expect(screen.getByRole('main').id).toBe('tresc');
    // Only the current page's entry is marked as current; „Panel” only on the dashboard itself.
    const current = [...navigation.querySelectorAll('[aria-current="page"]')].map((link) => link.textContent);
    expect(current).toEqual(['Faktury']);
  });

  it('opens the menu with its button; Escape closes it and gives the focus back to the button', () => {
    renderFrame();
    const button = screen.getByRole('button', { name: 'Otwórz menu' });
    expect(button.getAttribute('aria-controls')).toBe(screen.getByRole('navigation').id);
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Zamknij menu' }).getAttribute('aria-expanded')).toBe('true');
    screen.getByRole('link', { name: 'Faktury' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Otwórz menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes the menu once a page is picked', async () => {
    renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'Otwórz menu' }));
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Zamówienia' })));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/zamowienia');
    expect(screen.getByRole('button', { name: 'Otwórz menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});
