import 'virtual:mantine-styles';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ThemeProviders } from './app/providers';
import { createAppRouter } from './app/router/createRouter';
import { createStore } from './app/store/store';
import { registerServiceWorkerAfterLoad } from './app/serviceWorker';
import { takeOverShell } from './app/shellTakeover';
import { installChunkErrorReload } from './app/versionRefresh';
import { createSession } from './features/auth';
import { registerStationDirectoryDrop } from './features/pickupStation/offline/deviceOwner';
import { configureFirebase } from './shared/firebase';
import { readFirebaseConfig, StartupError } from './shared/firebase/config';
import { CrashPage } from './shared/ui/ErrorPage';

const root = createRoot(document.getElementById('root')!);

function renderStartupError(error: unknown) {
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

/**
 * Gives the main thread back to the browser (input, painting) between start-up steps: run in one
 * task with the libraries' module evaluation, they block a slow phone for a few hundred milliseconds
 * (Lighthouse's TBT).
 */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  installChunkErrorReload();
  configureFirebase(readFirebaseConfig(import.meta.env));
  const store = createStore();
  // Before the session starts: its first account check already drops another account's station directory.
  registerStationDirectoryDrop();
  const session = createSession(store);
  // After the session has adopted the stored one: the registration waits for the page's first data then
  // (whenSdkMayLoad), and the app may start after the page's load event (the prerendered shell's bootstrap).
  registerServiceWorkerAfterLoad();
  await yieldToMain();
  // The router starts the first navigation at once: the page's route matching, guards and chunks.
  const router = createAppRouter(session);
  await yieldToMain();
  // A transition lets React render the first screen in slices and give the main thread back between
  // them, instead of one long task that blocks input on a slow phone (Lighthouse's TBT).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={store} session={session} router={router} />
      </StrictMode>,
    ),
  );
}

start().catch(renderStartupError);
