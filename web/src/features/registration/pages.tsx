import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';

// Page frames of this area; their content arrives with the area's own issue.

export function RegistrationPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/rejestracja/registration_steps/StepOne" variant="default">
              Rozpocznij rejestrację
            </Button>
            <Button component={Link} to="/" variant="filled">
              Masz już konto? Zaloguj się
            </Button>
          </Group>
        }
      >
        Rejestracja przebiega w czterech krokach: dane logowania, dane osobowe, zgody i potwierdzenie. Kreator pojawi się tutaj.
      </Placeholder>
    </PageFrame>
  );
}

export function StepOne() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/rejestracja/registration_steps/StepTwo" variant="filled">
              Dalej: dane osobowe
            </Button>
          </Group>
        }
      >
        Tutaj podasz adres e-mail i dwukrotnie hasło do nowego konta.
      </Placeholder>
    </PageFrame>
  );
}

export function StepTwo() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/rejestracja/registration_steps/StepOne" variant="default">
              Wstecz
            </Button>
            <Button component={Link} to="/rejestracja/registration_steps/StepThree" variant="filled">
              Dalej: zgody
            </Button>
          </Group>
        }
      >
        Tutaj podasz imię, nazwisko, numer telefonu i kraj.
      </Placeholder>
    </PageFrame>
  );
}

export function StepThree() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/rejestracja/registration_steps/StepTwo" variant="default">
              Wstecz
            </Button>
            <Button component={Link} to="/rejestracja/registration_steps/SuccessStep" variant="filled">
              Załóż konto
            </Button>
          </Group>
        }
      >
        Tutaj zaakceptujesz regulamin i politykę prywatności (RODO) oraz opcjonalnie zgodę marketingową.
      </Placeholder>
    </PageFrame>
  );
}

export function SuccessStep() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/" variant="filled">
              Przejdź do logowania
            </Button>
          </Group>
        }
      >
        Tutaj zobaczysz potwierdzenie założenia konta.
      </Placeholder>
    </PageFrame>
  );
}

export function RemindPasswordPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/" variant="filled">
              Wróć do logowania
            </Button>
          </Group>
        }
      >
        Tutaj podasz adres e-mail, a wyślemy na niego link do ustawienia nowego hasła.
      </Placeholder>
    </PageFrame>
  );
}
