import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';

// Page frames of this area; their content arrives with the area's own issue.

export function MembersPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/uczestnicy/member/addMember" variant="default">
              Dodaj uczestnika
            </Button>
            <Button component={Link} to="/dashboard/uczestnicy/TicketBasket" variant="filled">
              Koszyk biletów
            </Button>
          </Group>
        }
      >
        Tutaj zobaczysz osoby, które zapisujesz na wydarzenie — siebie, rodzinę i załogę — wraz ze statusem ich biletów.
      </Placeholder>
    </PageFrame>
  );
}

export function AddMemberPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/uczestnicy" variant="filled">
              Wróć do listy
            </Button>
          </Group>
        }
      >
        Tutaj dodasz nowego uczestnika: imię, nazwisko i datę urodzenia.
      </Placeholder>
    </PageFrame>
  );
}

export function DetailMemberPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/uczestnicy" variant="filled">
              Wróć do listy
            </Button>
          </Group>
        }
      >
        Tutaj zobaczysz dane uczestnika, jego bilety i przedmioty do odbioru.
      </Placeholder>
    </PageFrame>
  );
}

export function DeleteMemberPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/uczestnicy" variant="filled">
              Wróć do listy
            </Button>
          </Group>
        }
      >
        Tutaj potwierdzisz usunięcie uczestnika. Uczestnika z opłaconym biletem nie można usunąć.
      </Placeholder>
    </PageFrame>
  );
}
