import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { takeOverShell } from './shellTakeover';
import { CrashPage, ErrorPage } from '../shared/ui/ErrorPage';
import { isChunkLoadError, reloadAfterChunkError } from './versionRefresh';

/** Router error boundary: maps thrown responses and exceptions onto the error page. */
export function RouteErrorPage() {
  const error = useRouteError();
  // An error page is never the prerendered shell's page: the shell goes.
  useLayoutEffect(() => takeOverShell(''), []);

  if (isRouteErrorResponse(error)) {
    const description = (error.data as { description?: string } | null)?.description;
    return (
      <ErrorPage status={error.status} message={error.statusText || `HTTP ${error.status}`} description={description} />
    );
  }

  // A page chunk that vanished with a new deploy: reload (at most once per 10 s) instead of erroring.
  if (isChunkLoadError(error) && reloadAfterChunkError()) return null;

  return (
    <CrashPage
      error={error}
      description={
        isChunkLoadError(error)
          ? 'Nie udało się pobrać części aplikacji. Sprawdź połączenie z internetem i odśwież stronę.'
          : undefined
      }
    />
  );
}
