import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';

// Page frames of this area; their content arrives with the area's own issue.

export function TicketBasketPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/uczestnicy/basket/TicketsStepOne" variant="filled">
              Przejdź do zamówienia
            </Button>
          </Group>
        }
      >
        Tutaj zobaczysz bilety wybrane dla uczestników, zanim przejdziesz do zamówienia.
      </Placeholder>
    </PageFrame>
  );
}

export function TicketsStepOne() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/uczestnicy/TicketBasket" variant="default">
              Wstecz
            </Button>
            <Button component={Link} to="/dashboard/uczestnicy/basket/TicketsStepTwo" variant="filled">
              Dalej: dane nabywcy
            </Button>
          </Group>
        }
      >
        Tutaj sprawdzisz wybrane bilety i przypiszesz je do uczestników.
      </Placeholder>
    </PageFrame>
  );
}

export function TicketsStepTwo() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/uczestnicy/basket/TicketsStepOne" variant="filled">
              Wstecz
            </Button>
          </Group>
        }
      >
        Tutaj podasz dane nabywcy — osoby prywatnej lub firmy z numerem NIP — i złożysz zamówienie.
      </Placeholder>
    </PageFrame>
  );
}
