// Test-only wrapper for form component tests: theme, router and a store whose countries list is
// filled in advance (no Firebase in component tests).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { attachRealtimeApi, createStore } from '../app/store/store';
import { ThemeProviders } from '../app/providers';
import { countriesApi } from '../features/registration/api';

export async function renderForm(ui: ReactElement) {
  await attachRealtimeApi();
  const store = createStore();
  // The lazily attached api is not part of the store's static dispatch type.
  const dispatch = store.dispatch as unknown as (action: unknown) => unknown;
  dispatch(
    countriesApi.util.upsertQueryData('getCountries', undefined, [
      { code: 'PL', name: 'Polska' },
      { code: 'DE', name: 'Niemcy' },
    ]),
  );
  return render(
    <Provider store={store}>
      <ThemeProviders>
        <MemoryRouter>{ui}</MemoryRouter>
      </ThemeProviders>
    </Provider>,
  );
}
