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
          {/* Not inside React transitions: a transition keeps the old page on screen, and clickable,
              while the address already names the new one (issue: registration steps under load). */}
          <RouterProvider router={router} useTransitions={false} />
          <CookieConsent />
        </SessionContext.Provider>
      </Provider>
    </ThemeProviders>
  );
}
