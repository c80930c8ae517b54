import { useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { whenSdkMayLoad } from '../shared/firebase';
import { useRouteMeta } from '../shared/routing/meta';
import { takeOverShell } from './shellTakeover';
import { checkVersion } from './versionRefresh';

/** Top of every route: version check on each navigation, document title from route metadata. */
export function RootShell() {
  const location = useLocation();
  const meta = useRouteMeta();

  // Before the browser paints the first page: it replaces the prerendered shell in the same frame.
  useLayoutEffect(() => takeOverShell(location.pathname), [location.pathname]);

  useEffect(() => {
    // The page load's check waits, as the Firebase SDKs do, until the page's first data has drawn: its
    // request would otherwise compete with the first data's round trips on a slow network.
    void whenSdkMayLoad()
      .then(() => checkVersion())
      .then((result) => {
        // Observable outcome for end-to-end tests and support: how many checks ran and the last result
        // ("unchanged", "stored", "guarded", "failed").
        const root = document.documentElement.dataset;
        root.versionChecks = String(Number(root.versionChecks ?? 0) + 1);
        root.versionCheck = result;
        // One navigation can run several checks (a redirect is a navigation too), so keep the recent ones.
        root.versionResults = [...(root.versionResults?.split(' ') ?? []), result].slice(-10).join(' ');
      });
  }, [location.key]);

  useEffect(() => {
    if (meta) document.title = `${meta.title} · Panel Uczestnika`;
  }, [meta]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
