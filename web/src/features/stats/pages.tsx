import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';

// Page frames of this area; their content arrives with the area's own issue.

export function StatsPage() {
  return (
    <PageFrame>
      <Placeholder>Tutaj zobaczysz liczbę zapisanych uczestników i pozostałe bilety, a administrator także sprzedaż, przychody i postęp odbiorów na wykresach.</Placeholder>
    </PageFrame>
  );
}
