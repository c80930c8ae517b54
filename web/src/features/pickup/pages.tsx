import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';

// Page frames of this area; their content arrives with the area's own issue.

export function PickupPage() {
  return (
    <PageFrame>
      <Placeholder>Tutaj zobaczysz opłacone przedmioty czekające na odbiór oraz kod QR, który pokażesz w punkcie odbioru.</Placeholder>
    </PageFrame>
  );
}

export function PickupUserPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/odbierz" variant="filled">
              Wróć
            </Button>
          </Group>
        }
      >
        Tutaj obsługa punktu odbioru wyszuka osobę: zeskanuje kod QR, wpisze kod odbioru albo wyszuka po e-mailu lub nazwisku.
      </Placeholder>
    </PageFrame>
  );
}

export function PickupAddPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/odbierz" variant="filled">
              Wróć
            </Button>
          </Group>
        }
      >
        Tutaj obsługa wyda przedmioty i potwierdzi odbiór.
      </Placeholder>
    </PageFrame>
  );
}
