import { startTransition, StrictMode, type ComponentProps } from 'react';
import type { Root } from 'react-dom/client';
import { StartupError } from '../shared/firebase/config';
import { CrashPage } from '../shared/ui/ErrorPage';
import { App } from './App';
import { ThemeProviders } from './providers';
import { createAppRouter } from './router/createRouter';
import { takeOverShell } from './shellTakeover';

/**
 * main.tsx's last start-up part, the app's UI (Mantine, the router, the layouts): the router, which
 * starts the first navigation as it is made (the page's route matching, guards and chunks), and the
 * first render.
 */
export { createAppRouter };

export function renderApp(root: Root, props: ComponentProps<typeof App>): void {
  // A transition lets React render the first screen in slices and give the main thread back between
  // them, instead of one long task that blocks input on a slow phone (Lighthouse's TBT).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App {...props} />
      </StrictMode>,
    ),
  );
}

/** The error page in place of the app when it could not start (configuration, a part that did not load). */
export function renderStartupError(root: Root, error: unknown): void {
  console.error(error);
  takeOverShell('');
  root.render(
    <ThemeProviders>
      <CrashPage
        error={error}
        description={
          error instanceof StartupError
            ? error.description
            : 'Nie udało się uruchomić aplikacji. Odśwież stronę za chwilę.'
        }
      />
    </ThemeProviders>,
  );
}
