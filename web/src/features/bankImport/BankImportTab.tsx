import { lazy, Suspense } from 'react';
import { LoadingRows } from '../../shared/ui/DataState';

// The statement parsers (CSV, XML) load only when an admin opens this tab, not with the admin page.
const BankImport = lazy(() => import('./BankImport'));

/** Admin „Wyciąg bankowy”: upload a statement, see the preview, book the matches. */
export function BankImportTab() {
  return (
    <Suspense fallback={<LoadingRows label="Wczytywanie importu wyciągu" rows={4} />}>
      <BankImport />
    </Suspense>
  );
}
