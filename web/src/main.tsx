import 'virtual:mantine-styles';
import './app/global.css';
import { installChunkErrorReload } from './app/versionRefresh';

/**
 * Gives the main thread back to the browser (input, painting) between start-up steps: run in one
 * task with the libraries' module evaluation, they block a slow phone for a few hundred milliseconds
 * (Lighthouse's TBT).
 */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in three parts: React DOM; the session (./startSession.ts: configuration, store,
 * session); the UI (./app/renderApp.tsx: Mantine, the router, the first render). A graph of static
 * imports is evaluated in one task, and the app's took a slow phone ~170 ms (Lighthouse's TBT); each
 * `import()` here is evaluated in a task of its own, and each step runs after a yield. Every `import()`
 * of this module is such a part: index.html preloads them all with the entry
 * (web/vite-plugins/prerenderShell.ts), so no part waits for the network; each is one file
 * (web/vite-plugins/startupChunks.ts); scripts/bundle-size.mjs counts them with the entry.
 */
async function start() {
  installChunkErrorReload();
  const { createRoot } = await import('react-dom/client');
  const root = createRoot(document.getElementById('root')!);
  try {
    await yieldToMain();
    const { startSession } = await import('./startSession');
    await yieldToMain();
    const { store, session } = startSession();
    await yieldToMain();
    const { createAppRouter, renderApp } = await import('./app/renderApp');
    await yieldToMain();
    const router = createAppRouter(session);
    await yieldToMain();
    renderApp(root, { store, session, router });
  } catch (error) {
    const { renderStartupError } = await import('./app/renderApp');
    renderStartupError(root, error);
  }
}

/**
 * The last resort, when not even the error page loaded (a start-up part failed to download: the
 * connection dropped, or a deploy removed it and the guarded reload did not help). The prerendered
 * shell would stay, looking usable but inert; index.html's plain message with a reload button takes its
 * place.
 */
function showLoadFailure(): void {
  document.getElementById('shell')?.remove();
  const root = document.getElementById('root')!;
  root.replaceChildren((document.getElementById('load-failure') as HTMLTemplateElement).content);
  root.querySelector('button')!.onclick = () => window.location.reload();
  root.hidden = false;
}

start().catch((error: unknown) => {
  console.error('The app could not start', error);
  showLoadFailure();
});
