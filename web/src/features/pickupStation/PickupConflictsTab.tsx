import { lazy, Suspense } from 'react';
import { LoadingRows } from '../../shared/ui/DataState';

// The tab loads only when an admin opens it, not with the admin page.
const ConflictsTab = lazy(() => import('./ConflictsTab'));

export function PickupConflictsTab() {
  return (
    <Suspense fallback={<LoadingRows label="Wczytywanie konfliktów wydań" rows={4} />}>
      <ConflictsTab />
    </Suspense>
  );
}
