import { lazy, Suspense } from 'react';
import { LoadingRows } from '../../shared/ui/DataState';

// The tab (with the FA(3) generator) loads only when an admin opens it, not with the admin page.
const KsefAdminTab = lazy(() => import('./KsefAdminTab'));

export function KsefTab() {
  return (
    <Suspense fallback={<LoadingRows label="Wczytywanie faktur" rows={5} />}>
      <KsefAdminTab />
    </Suspense>
  );
}
