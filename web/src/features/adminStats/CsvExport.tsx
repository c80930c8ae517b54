import { useState } from 'react';
import { Button, Group, Select, Stack } from '@mantine/core';
import { warsawDate } from '@domain/numbering';
import { formatCount, NOUNS } from '../../shared/format/pl';
import { choicesOf } from '../../shared/ui/choices';
import { refusalOf } from '../../shared/ui/formErrors';
import { MalformedRecordError } from '../../shared/api/realtime';
import { fetchAllOrders, fetchRefundsForExport } from './api';
import { downloadCsv } from '../admin';
import { ordersCsv, refundsCsv } from './csv';
import { CORRECTIONS } from './parts';
import { Hint } from '../../shared/ui/Hint';
import { ResultAlert, useActionResult } from '../../shared/ui/ResultAlert';

const EXPORTS = choicesOf({
  all: 'Wszystkie zamówienia',
  paid: 'Tylko opłacone',
  pending: 'Tylko oczekujące',
  cancelled: 'Tylko anulowane',
  refunds: 'Zwroty (faktury korygujące)',
});

/** The orders or the refunds as a CSV file for the accountant. */
export function CsvExport() {
  const [which, setWhich] = useState('all');
  // A malformed stored order names itself; anything else is the callable-style refusal text.
  const { result, busy, perform } = useActionResult({
    messageOf: (e) => (e instanceof MalformedRecordError ? e.message : refusalOf(e).message),
  });
  const exportCsv = () =>
    perform(async () => {
      // The day in Poland: an export just after midnight names the new day, not UTC's.
      const day = warsawDate(Date.now());
      if (which === 'refunds') {
        const { refunds, corrections } = await fetchRefundsForExport();
        downloadCsv(refundsCsv(corrections, refunds), `zwroty-${day}.csv`);
        return `Pobrano plik CSV (${formatCount(corrections.length, CORRECTIONS)}).`;
      }
      const [all, { refunds }] = await Promise.all([fetchAllOrders(), fetchRefundsForExport()]);
      const orders = all.filter((o) => which === 'all' || o.status === which);
      downloadCsv(ordersCsv(orders, refunds), `zamowienia-${which === 'all' ? 'wszystkie' : which}-${day}.csv`);
      return `Pobrano plik CSV (${formatCount(orders.length, NOUNS.order)}).`;
    });
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Eksport do CSV"
          data={EXPORTS}
          value={which}
          onChange={(v) => setWhich(v ?? 'all')}
          allowDeselect={false}
          w={260}
        />
        <Button onClick={() => void exportCsv()} loading={busy !== null} variant="light" data-testid="export-csv">
          Pobierz CSV
        </Button>
      </Group>
      <Hint size="xs">
        Dla księgowości: separator „;”, kodowanie UTF-8, kwoty w formacie 1234,50 — plik otwiera się wprost w Excelu.
      </Hint>
      <ResultAlert result={result} testId="csv-export-result" />
    </Stack>
  );
}
