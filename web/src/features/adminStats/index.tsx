import { lazy, Suspense } from 'react';
import { useIsAdmin } from '../auth';
import { LoadingRows } from '../../shared/ui/DataState';

const AdminStats = lazy(() => import('./AdminStats'));

/**
 * The admin part of the statistics page. Its code (and the chart library) is downloaded only for
 * admins, and nothing is subscribed for anyone else.
 */
export function AdminStatsSlot() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return null;
  return (
    <Suspense fallback={<LoadingRows label="Wczytywanie statystyk sprzedaży" rows={4} />}>
      <AdminStats />
    </Suspense>
  );
}
