import { useSyncExternalStore } from 'react';
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

/**
 * Whether the router's state updates run inside React transitions: only until its first navigation
 * (the page load) has finished. That render draws a whole page (the dashboard's frame and page) and
 * as a transition React splits it into short slices instead of one long task that blocks input on a
 * slow phone (Lighthouse's TBT); nothing was on screen before it that could be clicked meanwhile.
 * From then on navigations render outside transitions: a transition keeps the old page on screen,
 * and clickable, while the address already names the new one (issue: registration steps under load).
 */
function useTransitionsUntilLoaded(router: AppProps['router']): false | undefined {
  const initialized = () => router.state.initialized;
  // The same on the server: the prerendered shell (app/prerender/shells.tsx) renders the app too.
  const loaded = useSyncExternalStore(router.subscribe, initialized, initialized);
  return loaded ? false : undefined;
}

export function App({ store, session, router }: AppProps) {
  const useTransitions = useTransitionsUntilLoaded(router);
  return (
    <ThemeProviders>
      <Provider store={store}>
        <SessionContext.Provider value={session}>
          <RouterProvider router={router} useTransitions={useTransitions} />
          <CookieConsent />
        </SessionContext.Provider>
      </Provider>
    </ThemeProviders>
  );
}
