import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { describeFa3Problems } from '@domain/ksef/fa3';
import { BUYER_TYPE_LABELS, KSEF_STATUS_LABELS, ksefFileFor, ksefFileForCorrection, ksefRequired, type KsefFile, type KsefRecord, type KsefStatus } from '@domain/ksef/record';
import type { InvoiceData } from '@domain/schemas';
import { parseKsefNumber } from '@domain/ksef/ksefNumber';
import { warsawDate } from '@domain/numbering';
import { recordKsefSubmissionInput } from '@domain/callables';
import { z } from 'zod';
import { formatCount, formatMoney } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { refusalOf } from '../../shared/ui/formErrors';

import { isoToPolishDate } from '../../shared/format/pl';
import { useAdminAllCorrectionsQuery, useAdminAllInvoicesQuery, useAdminKsefRecordsQuery, type StoredCorrection, type StoredInvoice } from './api';
import { saveBytes, saveXml, zipXmlFiles } from './files';
import { callFunction } from '../../shared/firebase';

const MONTHS = ['styczeń', 'luty', 'marzec', 'kwiecień', 'maj', 'czerwiec', 'lipiec', 'sierpień', 'wrzesień', 'październik', 'listopad', 'grudzień'];
const FILES = ['plik', 'pliki', 'plików'] as const;
const INVOICES = ['fakturę', 'faktury', 'faktur'] as const;
const WAITING_CORRECTIONS = ['korektę czekającą', 'korekty czekające', 'korekt czekających'] as const;

/** `2026-02` → `luty 2026`. */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

export interface KsefRow {
  /** `uid/documentId`, the key of its `/ksef` record. */
  key: string;
  uid: string;
  /** `FV-…` or `KOR-…`: the id the record is stored under. */
  documentId: string;
  kind: 'invoice' | 'correction';
  number: string;
  issueDate: string;
  buyer: InvoiceData | undefined;
  gross: number;
  /** For a correction: the invoice it corrects. */
  corrected?: { invoiceId: string; number: string };
  record: KsefRecord | null;
  status: KsefStatus;
  required: boolean;
  file: KsefFile;
  /**
   * A correction of an invoice that must be in KSeF, while that invoice has no KSeF number recorded:
   * the correction's file must name it, so it waits (no download, not in the ZIP). The invoice's number.
   */
  waitsFor: string | null;
}

/** Invoices and corrections as one list, newest first; a correction's file names the corrected invoice's KSeF number. */
export function ksefRows(invoices: readonly StoredInvoice[], corrections: readonly StoredCorrection[], records: Record<string, KsefRecord>): KsefRow[] {
  const rows: KsefRow[] = invoices.map((s) => {
    const key = `${s.uid}/${s.invoiceId}`;
    const record = records[key] ?? null;
    const inv = s.invoice;
    return {
      key,
      uid: s.uid,
      documentId: s.invoiceId,
      kind: 'invoice',
      number: inv.number,
      issueDate: inv.issueDate,
      buyer: inv.buyer,
      gross: inv.totals?.gross ?? 0,
      record,
      status: record ? 'sent' : 'pending',
      required: ksefRequired(inv.buyer),
      file: ksefFileFor(inv, record),
      waitsFor: null,
    };
  });
  for (const s of corrections) {
    const key = `${s.uid}/${s.correctionId}`;
    const record = records[key] ?? null;
    const c = s.correction;
    const correctedRecord = records[`${s.uid}/${c.corrected?.invoiceId}`] ?? null;
    const required = ksefRequired(c.buyer);
    rows.push({
      key,
      uid: s.uid,
      documentId: s.correctionId,
      kind: 'correction',
      number: c.number,
      issueDate: c.issueDate,
      buyer: c.buyer,
      gross: c.totals?.gross ?? 0,
      corrected: c.corrected ? { invoiceId: c.corrected.invoiceId, number: c.corrected.number } : undefined,
      record,
      status: record ? 'sent' : 'pending',
      required,
      file: ksefFileForCorrection(c, correctedRecord, record),
      waitsFor: !record && required && !correctedRecord ? (c.corrected?.number ?? '') : null,
    });
  }
  // Newest day first; within a day the higher number first (the series carry the year and a gapless sequence).
  return rows.sort((a, b) => b.issueDate.localeCompare(a.issueDate) || b.number.localeCompare(a.number));
}

export function filterKsefRows(rows: readonly KsefRow[], month: string, buyer: string, status: string): KsefRow[] {
  return rows.filter((r) => r.issueDate.startsWith(`${month}-`) && (buyer === 'all' || r.buyer?.kind === buyer) && (status === 'all' || r.status === status));
}

const options = (pairs: [value: string, label: string][]) => pairs.map(([value, label]) => ({ value, label }));
const FILTERS: { key: 'buyer' | 'status'; label: string; options: { value: string; label: string }[] }[] = [
  { key: 'buyer', label: 'Nabywca', options: options([['all', 'Wszyscy'], ['company', 'Firmy'], ['person', 'Konsumenci']]) },
  { key: 'status', label: 'Status w KSeF', options: options([['all', 'Wszystkie'], ['pending', 'Do wysłania'], ['sent', 'Wysłane']]) },
];

function ksefColumns(record: (row: KsefRow) => void): DataColumn<KsefRow>[] {
  return [
    {
      key: 'number',
      header: 'Faktura',
      cell: (r) => (
        <>
          <Text ff="monospace" fw={600} size="sm">
            {r.number}
          </Text>
          <Text size="xs" c="dimmed">
            {isoToPolishDate(r.issueDate)}
          </Text>
          {r.corrected && (
            <Text size="xs" c="dimmed">
              korekta faktury {r.corrected.number}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'buyer',
      header: 'Nabywca',
      cell: (r) => (
        <>
          <Text size="sm">{r.buyer?.name}</Text>
          <Badge variant="light" color={r.buyer?.kind === 'company' ? 'blue' : 'gray'} size="sm">
            {r.buyer?.kind === 'company' ? BUYER_TYPE_LABELS.company : BUYER_TYPE_LABELS.person}
          </Badge>
        </>
      ),
    },
    {
      key: 'required',
      header: 'KSeF',
      cell: (r) =>
        r.required ? (
          <Text size="sm" fw={600}>
            obowiązkowy
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            dobrowolny
          </Text>
        ),
    },
    { key: 'gross', header: 'Brutto', align: 'right', nowrap: true, cell: (r) => formatMoney(r.gross) },
    { key: 'status', header: 'Status', cell: (r) => <KsefStatusCell row={r} /> },
    {
      key: 'actions',
      cell: (r) =>
        r.file.ok &&
        !r.waitsFor && (
          <Group gap={6} wrap="nowrap" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => r.file.ok && saveXml(r.file.fileName, r.file.xml)} aria-label={`Pobierz XML faktury ${r.number}`}>
              XML
            </Button>
            {r.status === 'pending' && (
              <Button size="xs" onClick={() => record(r)} aria-label={`Zapisz numer KSeF faktury ${r.number}`}>
                Zapisz numer KSeF
              </Button>
            )}
          </Group>
        ),
    },
  ];
}

function KsefStatusCell({ row: r }: { row: KsefRow }) {
  return (
    <>
      <Badge color={r.status === 'sent' ? 'green' : 'orange'} variant="light" data-testid="ksef-status">
        {KSEF_STATUS_LABELS[r.status]}
      </Badge>
      {r.record && (
        <Text size="xs" ff="monospace" c="dimmed">
          {r.record.ksefNumber}, {isoToPolishDate(r.record.submittedOn)}
        </Text>
      )}
      {!r.file.ok && (
        <Text size="xs" c="red" maw={320} data-testid="ksef-problem">
          {describeFa3Problems(r.file.problems)}
        </Text>
      )}
      {r.file.ok && r.waitsFor && (
        <Text size="xs" c="orange.8" maw={320} data-testid="ksef-waits">
          Najpierw wyślij fakturę {r.waitsFor} i zapisz jej numer KSeF — korekta musi go podać.
        </Text>
      )}
    </>
  );
}

/**
 * Admin „KSeF”: the month's invoices with buyer type, whether KSeF is mandatory (a buyer with a NIP)
 * and the status; download one FA(3) file or the month's files as a ZIP; record the KSeF number after
 * sending a file through the Ministry's application or accounting software.
 */
export default function KsefAdminTab() {
  const invoices = useAdminAllInvoicesQuery();
  const corrections = useAdminAllCorrectionsQuery();
  const records = useAdminKsefRecordsQuery();
  const rows = useMemo(() => ksefRows(invoices.data ?? [], corrections.data ?? [], records.data ?? {}), [invoices.data, corrections.data, records.data]);
  const months = useMemo(() => [...new Set(rows.map((r) => r.issueDate.slice(0, 7)))].sort().reverse(), [rows]);
  const [monthChoice, setMonth] = useState<string | null>(null);
  // Read once: the tab opens on the current month when it has invoices, else on the newest month.
  const [thisMonth] = useState(() => warsawDate(Date.now()).slice(0, 7));
  const month = monthChoice && months.includes(monthChoice) ? monthChoice : (months.find((m) => m === thisMonth) ?? months[0] ?? '');
  const [buyer, setBuyer] = useState('all');
  const [status, setStatus] = useState('all');
  const [recording, setRecording] = useState<KsefRow | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [zipping, setZipping] = useState(false);
  const shown = useMemo(() => filterKsefRows(rows, month, buyer, status), [rows, month, buyer, status]);
  const valid = shown.filter((r) => r.file.ok && !r.waitsFor);
  const waitingCount = shown.filter((r) => r.file.ok && r.waitsFor).length;
  const invalidCount = shown.length - valid.length - waitingCount;

  async function downloadZip() {
    setZipping(true);
    try {
      const files = valid.map((r) => r.file as Extract<KsefFile, { ok: true }>);
      const bytes = await zipXmlFiles(files, new Date(`${month}-01T12:00:00Z`));
      saveBytes(`KSeF-${month}.zip`, bytes, 'application/zip');
      const skipped = [
        invalidCount ? `${formatCount(invalidCount, INVOICES)} z błędami danych` : '',
        waitingCount ? `${formatCount(waitingCount, WAITING_CORRECTIONS)} na numer KSeF faktury korygowanej` : '',
      ].filter(Boolean);
      setMessage(
        skipped.length
          ? { ok: false, text: `Pobrano ${formatCount(valid.length, FILES)} XML. Pominięto ${skipped.join(' oraz ')} — szczegóły w tabeli.` }
          : { ok: true, text: `Pobrano ${formatCount(valid.length, FILES)} XML z miesiąca ${monthLabel(month)}.` },
      );
    } catch {
      setMessage({ ok: false, text: 'Nie udało się przygotować pliku ZIP. Spróbuj ponownie.' });
    } finally {
      setZipping(false);
    }
  }

  if (invoices.isLoading || corrections.isLoading || records.isLoading) return <LoadingRows label="Wczytywanie faktur" rows={5} />;
  if (invoices.isError || corrections.isError || records.isError)
    return (
      <LoadError
        error={invoices.error ?? corrections.error ?? records.error}
        onRetry={() => {
          void invoices.refetch();
          void corrections.refetch();
          void records.refetch();
        }}
      >
        Nie udało się wczytać faktur.
      </LoadError>
    );

  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        KSeF — faktury ustrukturyzowane FA(3)
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        Faktury dla firm (nabywca z NIP) trzeba wystawić w KSeF; dla konsumentów jest to dobrowolne. Pobierz plik XML, prześlij go przez Aplikację Podatnika KSeF albo
        program księgowy, a potem zapisz tutaj nadany numer KSeF — faktura pokaże go z kodem QR (KOD I).
      </Text>
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
            {FILTERS.map((f) => (
              <SegmentedControl key={f.label} value={f.key === 'buyer' ? buyer : status} onChange={f.key === 'buyer' ? setBuyer : setStatus} aria-label={f.label} data={f.options} />
            ))}
            <Button onClick={() => void downloadZip()} loading={zipping} disabled={valid.length === 0} data-testid="ksef-zip">
              Pobierz ZIP ({formatCount(valid.length, FILES)})
            </Button>
          </Group>
          {message && (
            <Alert color={message.ok ? 'green' : 'orange'} variant="light" withCloseButton closeButtonLabel="Zamknij komunikat" onClose={() => setMessage(null)} data-testid="ksef-result">
              {message.text}
            </Alert>
          )}
          {shown.length === 0 ? (
            <EmptyState title="Brak faktur">Żadna faktura z tego miesiąca nie pasuje do filtrów.</EmptyState>
          ) : (
            <DataTable
              label="Faktury do KSeF"
              columns={ksefColumns(setRecording)}
              rows={shown}
              rowKey={(r) => r.key}
              rowProps={(r) => ({ 'data-testid': 'ksef-row', 'data-number': r.number, 'data-kind': r.kind, 'data-status': r.status })}
              minWidth={900}
            />
          )}
        </>
      )}
      <RecordKsefDialog
        key={recording?.key ?? 'none'}
        row={recording}
        onClose={() => setRecording(null)}
        onDone={(text) => {
          setRecording(null);
          setMessage({ ok: true, text });
        }}
      />
    </Stack>
  );
}

/** The dialog's fields as the callable's schema checks them (uid and invoice id come from the row). */
// An empty date field asks for the date rather than calling '' a malformed one.
const recordFields = recordKsefSubmissionInput.pick({ ksefNumber: true, submittedOn: true }).extend({ submittedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Podaj datę wysłania') });
type RecordValues = { ksefNumber: string; submittedOn: string };

function RecordKsefDialog({ row, onClose, onDone }: { row: KsefRow | null; onClose: () => void; onDone: (message: string) => void }) {
  // Mounted afresh for each invoice (keyed by it), so the form starts empty with today's date.
  const [today] = useState(() => warsawDate(Date.now()));
  const { form, onSubmit } = useSchemaForm<RecordValues>({ initialValues: { ksefNumber: '', submittedOn: today }, schema: recordFields });
  const [busy, setBusy] = useState(false);

  const submit = onSubmit(async (values) => {
    if (!row) return;
    const parsed = recordFields.parse(values);
    setBusy(true);
    try {
      const out = await callFunction('recordKsefSubmission', { uid: row.uid, invoiceId: row.documentId, ...parsed });
      onDone(`Zapisano numer KSeF ${out.ksefNumber} dla faktury ${row.number}.`);
    } catch (error) {
      const refusal = refusalOf(error);
      form.setFieldError(refusal.field === 'ksefNumber' || refusal.field === 'submittedOn' ? refusal.field : '_form', refusal.message);
    } finally {
      setBusy(false);
    }
  });

  // The date in the number is the day KSeF accepted the file: offer it once a whole number is typed.
  const acceptedOn = parseKsefNumber(form.values.ksefNumber.replace(/\s/g, '').toUpperCase())?.acceptedOn;
  return (
    <Modal opened={row !== null} onClose={() => !busy && onClose()} title={row ? `Numer KSeF faktury ${row.number}` : ''} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Numer KSeF"
            description="35 znaków, np. 5265877635-20250826-0100001AF629-AF"
            {...form.getInputProps('ksefNumber')}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            data-testid="ksef-number-input"
          />
          <TextInput
            type="date"
            label="Data wysłania do KSeF"
            {...form.getInputProps('submittedOn')}
            description={acceptedOn && acceptedOn !== form.values.submittedOn ? `Data w numerze: ${isoToPolishDate(acceptedOn)}` : undefined}
            data-testid="ksef-date-input"
          />
          {form.errors._form && (
            <Alert color="red" variant="light" role="alert">
              {form.errors._form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Wróć
            </Button>
            <Button type="submit" loading={busy} data-testid="ksef-record-submit">
              Zapisz
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
