import { useMemo, useState } from 'react';
import { Button, Group, SegmentedControl, Select } from '@mantine/core';
import { warsawDate } from '@domain/numbering';
import { formatCount, NOUNS } from '../../shared/format/pl';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { choicesOf } from '../../shared/ui/choices';
import { TitledStack } from '../../shared/ui/TitledStack';
import { queriesTogether } from '../../shared/ui/queriesTogether';
import { DataTable } from '../../shared/ui/DataTable';
import { callFunction } from '../../shared/firebase';
import {
  useAdminAllCorrectionsQuery,
  useAdminAllInvoicesQuery,
  useAdminKsefLastRunQuery,
  useAdminKsefOutageQuery,
  useAdminKsefOutboxQuery,
  useAdminKsefRecordsQuery,
} from './api';
import { KsefOutageSwitch } from './KsefOutageSwitch';
import { KsefAlarms } from './KsefAlarms';
import { ksefColumns } from './ksefColumns';
import {
  BOARD_STATE_LABELS,
  BOARD_STATES,
  filterKsefRows,
  ksefRows,
  monthLabel,
  offlineAlarms,
  type KsefRow,
} from './ksefRows';
import { RecordKsefDialog } from './RecordKsefDialog';
import { useMonthZip } from './useMonthZip';
import { Hint } from '../../shared/ui/Hint';
import { ResultAlert, type ActionResult } from '../../shared/ui/ResultAlert';

export { monthLabel };
const BUYERS = choicesOf({ all: 'Wszyscy', company: 'Firmy', person: 'Konsumenci' });
const STATES = [
  { value: 'all', label: 'Wszystkie' },
  ...BOARD_STATES.map((s) => ({ value: s, label: BOARD_STATE_LABELS[s] })),
];

/**
 * Admin „KSeF”: a status board of every invoice and correction — accepted (number, UPO), sent, queued, offline24
 * (deadline, alarm), waiting for the original, rejected (the Ministry's code and message, „Wyślij ponownie” after
 * fixing the data) — by month, with the month's FA(3) files as a ZIP. Sending is automatic (docs/ksef.md).
 */
export default function KsefAdminTab() {
  const invoices = useAdminAllInvoicesQuery();
  const corrections = useAdminAllCorrectionsQuery();
  const records = useAdminKsefRecordsQuery();
  const outbox = useAdminKsefOutboxQuery();
  const { data: lastRun } = useAdminKsefLastRunQuery();
  const { data: outage } = useAdminKsefOutageQuery();
  // Read once: the tab opens on the current month when it has invoices, else on the newest month.
  const [today] = useState(() => warsawDate(Date.now()));
  const rows = useMemo(
    () => ksefRows(invoices.data ?? [], corrections.data ?? [], records.data ?? {}, outbox.data ?? {}, today),
    [invoices.data, corrections.data, records.data, outbox.data, today],
  );
  const months = useMemo(() => [...new Set(rows.map((r) => r.issueDate.slice(0, 7)))].sort().reverse(), [rows]);
  const [monthChoice, setMonth] = useState<string | null>(null);
  const month =
    monthChoice && months.includes(monthChoice)
      ? monthChoice
      : (months.find((m) => m === today.slice(0, 7)) ?? months[0] ?? '');
  const [buyer, setBuyer] = useState('all');
  const [state, setState] = useState('all');
  const [recording, setRecording] = useState<KsefRow | null>(null);
  const [message, setMessage] = useState<ActionResult | null>(null);
  const shown = useMemo(() => filterKsefRows(rows, month, buyer, state), [rows, month, buyer, state]);
  const zip = useMonthZip(shown, month, setMessage);
  const alarms = useMemo(() => offlineAlarms(rows), [rows]);
  const reads = queriesTogether(invoices, corrections, records, outbox);

  const columns = ksefColumns({
    record: setRecording,
    fail: (message) => setMessage({ ok: false, message }),
    resend: async (r) => {
      try {
        const out = await callFunction('submitKsef', { documentIds: [r.documentId] });
        if (r.state === 'accepted') {
          const got = out.upos?.includes(r.documentId) ?? false;
          const message = got
            ? `UPO faktury ${r.number} pobrane z KSeF.`
            : `UPO faktury ${r.number} nadal niedostępne — aplikacja pobierze je sama.`;
          setMessage(got ? { ok: true, message } : { ok: false, partial: true, message });
          return;
        }
        const verdict = out.accepted.includes(r.documentId)
          ? 'przyjęta przez KSeF'
          : out.rejected.includes(r.documentId)
            ? 'odrzucona — szczegóły w tabeli'
            : out.busy
              ? 'wysyłka trwa — spróbuj za chwilę'
              : 'KSeF nie odpowiedział — aplikacja ponowi wysyłkę sama';
        const message = `Faktura ${r.number}: ${verdict}.`;
        setMessage(out.accepted.includes(r.documentId) ? { ok: true, message } : { ok: false, partial: true, message });
      } catch {
        setMessage({ ok: false, message: `Nie udało się wysłać faktury ${r.number}. Spróbuj ponownie.` });
      }
    },
  });

  return (
    <DataGate query={reads} what="faktur" rows={5} onRetry={reads.refetch}>
      <TitledStack title="KSeF — faktury ustrukturyzowane FA(3)" titleSize="xl">
        <Hint maw={760}>
          Faktury dla firm i ich korekty aplikacja wysyła do KSeF sama, zaraz po wystawieniu; numer KSeF i kod QR (KOD
          I) pojawiają się na fakturze uczestnika. Gdy KSeF nie działa, faktura jest wystawiana w trybie offline24 i
          wysyłana, gdy KSeF wróci — najpóźniej w następnym dniu roboczym.
        </Hint>
        <KsefOutageSwitch outage={outage} />
        <KsefAlarms alarms={alarms} lastRun={lastRun} />
        {months.length === 0 ? (
          <EmptyState title="Brak faktur">Faktury pojawią się tutaj po potwierdzeniu pierwszej płatności.</EmptyState>
        ) : (
          <>
            <Group gap="sm" wrap="wrap" align="flex-end">
              <Select
                label="Miesiąc"
                data={months.map((m) => ({ value: m, label: monthLabel(m) }))}
                value={month}
                onChange={(v) => v && setMonth(v)}
                allowDeselect={false}
                w={180}
                data-testid="ksef-month"
              />
              <SegmentedControl value={buyer} onChange={setBuyer} aria-label="Nabywca" data={BUYERS} />
              <Select
                label="Status w KSeF"
                data={STATES}
                value={state}
                onChange={(v) => v && setState(v)}
                allowDeselect={false}
                w={230}
                data-testid="ksef-state-filter"
              />
              <Button
                onClick={() => void zip.download()}
                loading={zip.busy}
                disabled={zip.count === 0}
                data-testid="ksef-zip"
              >
                Pobierz ZIP ({formatCount(zip.count, NOUNS.file)})
              </Button>
            </Group>
            <ResultAlert result={message} onClose={() => setMessage(null)} testId="ksef-result" />
            {shown.length === 0 ? (
              <EmptyState title="Brak faktur">Żadna faktura z tego miesiąca nie pasuje do filtrów.</EmptyState>
            ) : (
              <DataTable
                label="Faktury w KSeF"
                columns={columns}
                rows={shown}
                rowKey={(r) => r.key}
                rowProps={(r) => ({
                  'data-testid': 'ksef-row',
                  'data-number': r.number,
                  'data-kind': r.kind,
                  'data-status': r.state,
                })}
                minWidth={900}
              />
            )}
          </>
        )}
        <RecordKsefDialog
          key={recording?.key ?? 'none'}
          row={recording}
          onClose={() => setRecording(null)}
          onDone={(text) => (setRecording(null), setMessage({ ok: true, message: text }))}
        />
      </TitledStack>
    </DataGate>
  );
}
