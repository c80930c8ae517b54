import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';

// Page frames of this area; their content arrives with the area's own issue.

export function ShopPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/sklepik/MerchBasket" variant="filled">
              Koszyk
            </Button>
          </Group>
        }
      >
        Tutaj zobaczysz gadżety wydarzenia z cenami i dostępnością.
      </Placeholder>
    </PageFrame>
  );
}

export function ShopItemPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/sklepik" variant="filled">
              Wróć do sklepiku
            </Button>
          </Group>
        }
      >
        Tutaj wybierzesz wariant (np. rozmiar) i liczbę sztuk oraz opcjonalnie przypiszesz produkt do uczestnika.
      </Placeholder>
    </PageFrame>
  );
}

export function MerchBasketPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/sklepik/merch/MerchStepOne" variant="filled">
              Przejdź do zamówienia
            </Button>
          </Group>
        }
      >
        Tutaj zobaczysz produkty w koszyku i ich łączną cenę.
      </Placeholder>
    </PageFrame>
  );
}

export function MerchStepOne() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/sklepik/MerchBasket" variant="default">
              Wstecz
            </Button>
            <Button component={Link} to="/dashboard/sklepik/merch/MerchStepTwo" variant="filled">
              Dalej: dane nabywcy
            </Button>
          </Group>
        }
      >
        Tutaj sprawdzisz zamawiane produkty.
      </Placeholder>
    </PageFrame>
  );
}

export function MerchStepTwo() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/sklepik/merch/MerchStepOne" variant="default">
              Wstecz
            </Button>
            <Button component={Link} to="/dashboard/sklepik/merch/MerchStepThree" variant="filled">
              Dalej: potwierdzenie
            </Button>
          </Group>
        }
      >
        Tutaj podasz dane nabywcy do faktury.
      </Placeholder>
    </PageFrame>
  );
}

export function MerchStepThree() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/zamowienia" variant="filled">
              Moje zamówienia
            </Button>
          </Group>
        }
      >
        Tutaj zobaczysz potwierdzenie zamówienia z danymi do przelewu.
      </Placeholder>
    </PageFrame>
  );
}
