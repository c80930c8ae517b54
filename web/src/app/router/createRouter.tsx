import { createElement, lazy as lazyComponent, type ComponentType } from 'react';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { Session } from '../../features/auth';
import type { Crumb, LayoutName, RouteMeta } from '../../shared/routing/meta';
import { AppLoading } from '../../shared/ui/AppLoading';
import { DefaultLayout } from '../layouts/DefaultLayout';
import { RootShell } from '../RootShell';
import { RouteErrorPage } from '../RouteErrorPage';
import { attachRealtimeApi } from '../store/store';
import { getGuard, runGuards } from './guards';
import { areas, routeTable, type RouteDef } from './routeTable';

function notFound(pathname: string): never {
  throw data({ description: undefined }, { status: 404, statusText: `Page not found: ${pathname}` });
}

function crumbsOf(def: RouteDef, byPath: Map<string, RouteDef>): Crumb[] {
  const chain: Crumb[] = [];
  for (let cur: RouteDef | undefined = def; cur; cur = cur.parent ? byPath.get(cur.parent) : undefined) {
    chain.unshift({ title: cur.title, path: cur.path });
    if (chain.length > 10) throw new Error(`Breadcrumb cycle at ${def.path}`);
  }
  return chain;
}

function metaOf(def: RouteDef, byPath: Map<string, RouteDef>): RouteMeta {
  return {
    id: def.path,
    title: def.title,
    layout: def.layout,
    transition: def.transition ?? 'fade',
    guards: def.guards ?? [],
    crumbs: crumbsOf(def, byPath),
  };
}

/** The metadata of the route table's page at `path` (the prerendered shells draw pages outside the router). */
export function routeMetaOf(path: string): RouteMeta {
  const byPath = new Map(routeTable.map((def) => [def.path, def]));
  const def = byPath.get(path);
  if (!def) throw new Error(`No route ${path} in the route table`);
  return metaOf(def, byPath);
}

/**
 * Turns the route table into router objects: route metadata picks the layout, guards run in the
 * loader before the page's chunk is needed, and each page loads lazily from its area's chunk.
 * Unknown guard names throw here, at start-up, so a typo can never silently skip a check.
 */
async function loadPage(def: RouteDef): Promise<ComponentType> {
  // Every area but sign-in reads realtime data: its api joins the store before the page renders.
  const [module] = (await Promise.all([areas[def.area](), def.area === 'auth' ? null : attachRealtimeApi()])) as [
    Record<string, ComponentType>,
    unknown,
  ];
  const Component = module[def.page];
  if (!Component) throw new Error(`Area "${def.area}" has no page "${def.page}"`);
  return Component;
}

/**
 * The page as a component that renders it directly once its chunk has arrived, and suspends (inside
 * the layout's Suspense) only while it has not. React.lazy alone would suspend on its first render
 * even when the chunk came first (its promise is read asynchronously), and React holds the content
 * back behind a shown fallback for ~300 ms: on a second visit the page, drawn from the device's copy,
 * would paint that much after the frame (`npm run bench:web`, second-visit row).
 */
function pageWhenReady(page: Promise<ComponentType>): ComponentType {
  let ready: ComponentType | null = null;
  void page.then(
    (Component) => (ready = Component),
    () => undefined,
  );
  const Lazy = lazyComponent(() => page.then((Component) => ({ default: Component })));
  return function FirstLoadPage() {
    return createElement(ready ?? Lazy);
  };
}

interface BuildOptions {
  /** True while the router's first navigation (the page load) runs. */
  isFirstLoad?: () => boolean;
}

export function buildRoutes(
  table: readonly RouteDef[],
  session: Pick<Session, 'whenKnown' | 'whenConfirmed' | 'refresh'>,
  { isFirstLoad = () => false }: BuildOptions = {},
): RouteObject[] {
  const byPath = new Map(table.map((def) => [def.path, def]));
  for (const def of table) {
    for (const name of def.guards ?? []) getGuard(name);
    if (def.parent && !byPath.has(def.parent))
      throw new Error(`Unknown breadcrumb parent ${def.parent} of ${def.path}`);
  }

  const toRoute = (def: RouteDef): RouteObject => {
    const guards = def.guards ?? [];
    const needsLoader = guards.length > 0 || def.validParams;
    return {
      path: def.path,
      handle: metaOf(def, byPath),
      loader: needsLoader
        ? async ({ request, params }: LoaderFunctionArgs) => {
            if (def.validParams && !def.validParams(params)) notFound(new URL(request.url).pathname);
            await runGuards(guards, { request, session });
            return null;
          }
        : undefined,
      lazy: async () => {
        const page = loadPage(def);
        if (def.layout === 'dashboard' && isFirstLoad()) {
          // On the page load a dashboard page renders inside the layout's Suspense: the frame (header,
          // navigation) paints once its own chunk and the session are there, while the page's chunk and
          // what it needs for its data (database SDK, RTK Query, schemas) still arrive, in parallel.
          // Later navigations wait for the page instead, so the old page stays until the new one can render.
          page.catch(() => undefined); // a failure surfaces when the page renders (route error page)
          return { Component: pageWhenReady(page) };
        }
        return { Component: await page };
      },
    };
  };

  const pagesOf = (layout: LayoutName) => table.filter((def) => def.layout === layout).map(toRoute);

  return [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: AppLoading,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          Component: DefaultLayout,
          children: [
            {
              ErrorBoundary: RouteErrorPage,
              children: [
                ...pagesOf('default'),
                {
                  path: '*',
                  loader: ({ request }: LoaderFunctionArgs) => notFound(new URL(request.url).pathname),
                },
              ],
            },
          ],
        },
        {
          // The dashboard frame (header, navigation) is itself a chunk: the sign-in page never needs it.
          lazy: async () => ({ Component: (await import('../layouts/DashboardLayout')).DashboardLayout }),
          children: [{ ErrorBoundary: RouteErrorPage, children: pagesOf('dashboard') }],
        },
      ],
    },
  ];
}

export function createAppRouter(session: Pick<Session, 'whenKnown' | 'whenConfirmed' | 'refresh'>) {
  // Through a holder: the first navigation may start before createBrowserRouter returns.
  const created: { router?: ReturnType<typeof createBrowserRouter> } = {};
  created.router = createBrowserRouter(
    buildRoutes(routeTable, session, { isFirstLoad: () => !created.router?.state.initialized }),
  );
  return created.router;
}
