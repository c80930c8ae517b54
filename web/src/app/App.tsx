import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { SessionContext, type Session } from '../features/auth';
import { CookieConsent } from '../shared/ui/CookieConsent';
import type { createAppRouter } from './router/createRouter';
import type { AppStore } from './store/store';
import { ThemeProviders } from './providers';

interface AppProps {
  store: AppStore;
  session: Session;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ store, session, router }: AppProps) {
  return (
    <ThemeProviders>
      <Provider store={store}>
        <SessionContext.Provider value={session}>
          <RouterProvider router={router} />
          <CookieConsent />
        </SessionContext.Provider>
      </Provider>
    </ThemeProviders>
  );
}
