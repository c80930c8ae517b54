import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import type { Session } from '../../features/auth';
import { SignInPage } from '../../features/auth/pages';
import { App } from '../App';
import { DashboardLayout } from '../layouts/DashboardLayout';
import { DefaultLayout } from '../layouts/DefaultLayout';
import { routeMetaOf } from '../router/createRouter';
import { createStore } from '../store/store';

/**
 * The pages painted from the HTML before any JavaScript runs (vite-plugins/prerenderShell.ts renders
 * them at build time; app/shellTakeover.ts hands them over to the app). Rendered as on a visit whose
 * session is not known yet, with the cookie bar and the page's lazy parts.
 */
const noSessionYet = () => Promise.reject(new Error('The prerendered shell has no session'));
const noSession: Session = {
  whenKnown: noSessionYet,
  whenConfirmed: noSessionYet,
  refresh: noSessionYet,
  signIn: noSessionYet,
  signOut: noSessionYet,
};

function pageTree(path: string, page: ReactNode) {
  const layout = routeMetaOf(path).layout === 'dashboard' ? DashboardLayout : DefaultLayout;
  const router = createMemoryRouter(
    [{ Component: layout, children: [{ path, element: page, handle: { ...routeMetaOf(path), transition: 'none' } }] }],
    { initialEntries: [path] },
  );
  return <App store={createStore()} session={noSession} router={router} />;
}

/** A Suspense boundary renderToString could not fill (a lazy part still loading) leaves this marker. */
const SUSPENDED = '<!--$!-->';

async function renderPage(path: string, page: ReactNode): Promise<string> {
  // The first pass starts the page's lazy imports; once they have resolved, React.lazy renders them
  // synchronously, so a later pass gives the whole page.
  for (let pass = 0; pass < 20; pass++) {
    const html = renderToString(pageTree(path, page));
    if (!html.includes(SUSPENDED)) return html;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The prerendered page ${path} still waits for a lazy part`);
}

export interface Shell {
  /** The page's markup; null for a page that is not prerendered, only preloaded. */
  html: string | null;
  /**
   * Source modules (paths from web/) the page loads lazily on a page load, fetched from the shell
   * (`<link rel="modulepreload">`, their stylesheets `rel="preload"`) while the entry script still
   * downloads instead of after it ran.
   */
  preload: string[];
}

/**
 * Path → the page's prerendered shell. The sign-in page is drawn: its LCP element (the cookie bar's
 * text) is in the shell. The dashboard is only preloaded (its frame and its home page's chunks start
 * downloading beside the entry script): its frame could be prerendered too (`renderPage` draws any
 * route of the table in its layout), but its LCP element is data, and on a cold load without a last
 * user (as Lighthouse measures it) the frame would wait for the stored-session check and its chunk's
 * CSS, painting little earlier than the app (docs/benchmarks.md, bench:web).
 */
export async function renderShells(): Promise<Record<string, Shell>> {
  return {
    '/': { html: await renderPage('/', <SignInPage />), preload: ['src/features/auth/pages.tsx'] },
    '/dashboard': { html: null, preload: ['src/app/layouts/DashboardLayout.tsx', 'src/features/home/pages.tsx'] },
  };
}
