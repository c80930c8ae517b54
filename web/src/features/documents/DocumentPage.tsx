import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';

export const INVOICES_PATH = '/dashboard/faktury';

export function BackToInvoices() {
  return (
    <Group data-print-hide>
      <Button component={Link} to={INVOICES_PATH} variant="subtle">
        ← Wszystkie faktury
      </Button>
    </Group>
  );
}

/**
 * The page around an invoice or a correction invoice: „Pobierz PDF” (`downloadPdf` loads the PDF
 * builder on click, so jsPDF never weighs on the page), the FA(3) XML button, „Drukuj”, the sheet and
 * the way back to the list. A PDF that cannot be built leaves the printout as the way to a file.
 */
export function DocumentPage({
  title,
  downloadPdf,
  xmlButton,
  children,
}: {
  title: string;
  downloadPdf: () => Promise<void>;
  xmlButton: ReactNode;
  children: ReactNode;
}) {
  const [pdfState, setPdfState] = useState<'idle' | 'busy' | 'error'>('idle');
  async function download() {
    setPdfState('busy');
    try {
      await downloadPdf();
      setPdfState('idle');
    } catch {
      setPdfState('error');
    }
  }
  return (
    <PageFrame
      title={title}
      actions={
        <Group gap="xs" data-print-hide>
          <Button onClick={() => void download()} loading={pdfState === 'busy'}>
            Pobierz PDF
          </Button>
          {xmlButton}
          <Button variant="default" onClick={() => window.print()}>
            Drukuj
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        {pdfState === 'error' && (
          <Alert color="red" variant="light" role="alert" data-print-hide>
            Nie udało się przygotować pliku PDF. Możesz użyć przycisku „Drukuj” i wybrać „Zapisz jako PDF”.
          </Alert>
        )}
        {children}
        <BackToInvoices />
      </Stack>
    </PageFrame>
  );
}
