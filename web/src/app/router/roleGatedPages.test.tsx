import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore, ThemeProviders } from '../../test/app';
import { signedIn } from '../../features/auth';
import { AdminStatsSlot } from '../../features/adminStats';
import { PickupAddPage, PickupUserPage } from '../../features/pickupStation/pages';
import { AdminPage } from '../admin/pages';

function renderAs(claims: { admin: boolean; staff: boolean }, ui: React.ReactElement) {
  const store = createStore();
  store.dispatch(
    signedIn({ user: { uid: 'u1', email: 'u1@example.com', displayName: null, emailVerified: true }, claims }),
  );
  render(
    <Provider store={store}>
      <ThemeProviders>
        <MemoryRouter initialEntries={['/dashboard/odbierz/Add?uid=someone']}>{ui}</MemoryRouter>
      </ThemeProviders>
    </Provider>,
  );
  return store;
}

describe('role-gated pages', () => {
  it('a participant opening the admin page gets the error view and no admin data is requested', () => {
    const store = renderAs({ admin: false, staff: false }, <AdminPage />);
    expect(screen.getByTestId('error-page').getAttribute('data-status')).toBe('403');
    expect(screen.getByText('Ta strona jest dostępna tylko dla administratorów wydarzenia.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    // The realtime api is not even attached: not a single listener was opened.
    expect((store.getState() as { realtime?: unknown }).realtime).toBeUndefined();
  });

  it('staff without admin rights are refused the admin page too', () => {
    renderAs({ admin: false, staff: true }, <AdminPage />);
    expect(screen.getByTestId('error-page')).toBeTruthy();
  });

  it('the pickup station refuses participants on both pages', () => {
    renderAs({ admin: false, staff: false }, <PickupUserPage />);
    expect(screen.getByText('Punkt odbioru jest dostępny tylko dla obsługi wydarzenia.')).toBeTruthy();
    expect(screen.queryByTestId('pickup-code-input')).toBeNull();
  });

  it('the hand-out page refuses participants before reading anything', () => {
    const store = renderAs({ admin: false, staff: false }, <PickupAddPage />);
    expect(screen.getByTestId('error-page')).toBeTruthy();
    expect((store.getState() as { realtime?: unknown }).realtime).toBeUndefined();
  });

  it('admin sales statistics render nothing for a participant', () => {
    renderAs(
      { admin: false, staff: false },
      <div data-testid="host">
        <AdminStatsSlot />
      </div>,
    );
    expect(screen.getByTestId('host').childElementCount).toBe(0);
  });
});
