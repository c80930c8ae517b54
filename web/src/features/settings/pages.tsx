import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';

// Page frames of this area; their content arrives with the area's own issue.

export function SettingsPage() {
  return (
    <PageFrame>
      <Placeholder>Tutaj zmienisz dane profilu i dane do faktury, motyw kolorystyczny i hasło, a także usuniesz konto.</Placeholder>
    </PageFrame>
  );
}
