import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';

// Page frames of this area; their content arrives with the area's own issue.

export function AdminPage() {
  return (
    <PageFrame>
      <Placeholder>Tutaj administrator zarządzi rodzajami biletów i produktami, potwierdzi płatności, anuluje zamówienia i nada role.</Placeholder>
    </PageFrame>
  );
}
