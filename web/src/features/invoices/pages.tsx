import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';
import { Placeholder } from '../../shared/ui/Placeholder';

// Page frames of this area; their content arrives with the area's own issue.

export function InvoicesPage() {
  return (
    <PageFrame>
      <Placeholder>Tutaj zobaczysz faktury VAT wystawione po zaksięgowaniu płatności.</Placeholder>
    </PageFrame>
  );
}

export function InvoiceDetailPage() {
  return (
    <PageFrame>
      <Placeholder
        note={
          <Group justify="center">
            <Button component={Link} to="/dashboard/faktury" variant="filled">
              Wróć do faktur
            </Button>
          </Group>
        }
      >
        Tutaj zobaczysz fakturę VAT gotową do wydruku oraz pobierzesz ją jako PDF.
      </Placeholder>
    </PageFrame>
  );
}
