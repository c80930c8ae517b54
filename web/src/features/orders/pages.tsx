import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';

// Page frames of this area; their content arrives with the area's own issue.

export function OrdersPage() {
  return (
    <PageFrame>
      <Placeholder>Tutaj zobaczysz swoje zamówienia: numer, datę, pozycje, kwotę i status, a także dane do przelewu dla zamówień oczekujących na płatność.</Placeholder>
    </PageFrame>
  );
}
