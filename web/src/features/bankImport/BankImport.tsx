import { useMemo, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { CSV_PRESETS, type CsvDelimiter, type CsvMapping, type CsvPresetId } from '@domain/bank/csv';
import type { ChosenEncoding } from '@domain/bank/encoding';
import { matchStatement, type BookingAction } from '@domain/bank/matching';
import type { BankBookingResult } from '@domain/bank/schemas';
import { checkStatementSize, type CsvLayout, type ReadStatementResult } from '@domain/bank/statement';
import { StatementError, type ParsedStatement } from '@domain/bank/types';
import { formatCount } from '../../shared/format/pl';
import { LoadError, LoadingRows } from '../../shared/ui/DataState';
import { refusalOf } from '../../shared/ui/formErrors';
import { useGetAllOrdersQuery } from '../orders';
import { useBankCsvMappingsQuery, useBankSettledTransactionsQuery } from './api';
import { CsvMappingForm } from './CsvMappingForm';
import { BOOKING_CHUNK, DEBITS, INCOMING, TRANSFERS, assignableOrders, bookingItem, bookingSummary, chunks, ordersForMatching, toBook } from './model';
import { readStatementOffThread, type StatementReading } from './readStatement';
import { StatementPreview } from './StatementPreview';
import { bookingConfirmation, bookingSummaryLine } from './bookingWording';
import { callFunction } from '../../shared/firebase';

const FORMAT_NAMES = { mt940: 'MT940', camt053: 'XML camt.053', csv: 'CSV' } as const;
const ENCODING_NAMES = { 'utf-8': 'UTF-8', 'utf-16': 'UTF-16', 'windows-1250': 'Windows-1250', 'iso-8859-2': 'ISO-8859-2', cp852: 'CP852' } as const;
const SINGLE_BYTE_ENCODINGS = ['windows-1250', 'iso-8859-2', 'cp852'] as const;
/** „auto”, a bank's layout, or the admin's own column mapping. */
type CsvLayoutChoice = 'auto' | CsvPresetId | 'mapping';

/** A line of the statement with non-ASCII letters, to show what the guessed encoding made of them. */
function polishSample(statement: ParsedStatement): string | null {
  for (const t of statement.transactions) {
    for (const text of [t.payerName ?? '', t.title]) {
      const at = text.search(/[\u0080-\uffff]/);
      if (at >= 0) return text.slice(Math.max(0, at - 20), at + 40).trim();
    }
  }
  return null;
}

type Loaded = { fileName: string; bytes: Uint8Array };
type Stage =
  | { kind: 'idle' }
  | { kind: 'mapping'; file: Loaded; layout: CsvLayout }
  | { kind: 'preview'; file: Loaded; statement: ParsedStatement & { csv?: CsvLayout } };

interface Booking {
  running: boolean;
  done: number;
  total: number;
  results: BankBookingResult[];
  error: string | null;
}

/**
 * The statement is parsed here, in the browser: the file never leaves the admin's computer and
 * only the transfers being booked are sent, 25 per call (docs/bank-import.md).
 */
export default function BankImport() {
  const orders = useGetAllOrdersQuery();
  const settled = useBankSettledTransactionsQuery();
  const mappings = useBankCsvMappingsQuery();
  const [encoding, setEncoding] = useState<ChosenEncoding>('auto');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [decisions, setDecisions] = useState<Record<string, BookingAction>>({});
  const [confirming, setConfirming] = useState(false);
  const [savingMapping, setSavingMapping] = useState(false);
  const [booking, setBooking] = useState<Booking | null>(null);
  const [reading, setReading] = useState<{ fileName: string; fraction: number } | null>(null);
  // The file last chosen, kept when it is refused, so another encoding or layout can be tried on it.
  const [currentFile, setCurrentFile] = useState<Loaded | null>(null);
  const [layoutChoice, setLayoutChoice] = useState<CsvLayoutChoice>('auto');
  const currentReading = useRef<StatementReading | null>(null);

  const matchable = useMemo(() => ordersForMatching(orders.data ?? []), [orders.data]);
  const pendingOrders = useMemo(() => assignableOrders(matchable), [matchable]);
  const match = useMemo(
    () => (stage.kind === 'preview' ? matchStatement({ transactions: stage.statement.transactions, orders: matchable, settled: settled.data ?? {}, decisions }) : null),
    [stage, matchable, settled.data, decisions],
  );
  const sendable = useMemo(() => (match ? toBook(match) : []), [match]);

  const savedMappings = useMemo(() => Object.fromEntries(Object.entries(mappings.data ?? {}).map(([k, v]) => [k, v.mapping])), [mappings.data]);

  async function parse(file: Loaded, options: { csvMapping?: CsvMapping; csvPreset?: CsvPresetId; csvDelimiter?: CsvDelimiter; encoding?: ChosenEncoding } = {}) {
    setFileError(null);
    // A file chosen while another is still being read replaces it.
    currentReading.current?.cancel();
    const job = readStatementOffThread(
      file.bytes,
      {
        encoding: options.encoding ?? encoding,
        savedCsvMappings: savedMappings,
        ...(options.csvMapping ? { csvMapping: options.csvMapping } : {}),
        ...(options.csvPreset ? { csvPreset: options.csvPreset } : {}),
        ...(options.csvDelimiter ? { csvDelimiter: options.csvDelimiter } : {}),
      },
      (fraction) => setReading((r) => (r && currentReading.current === job ? { ...r, fraction } : r)),
    );
    currentReading.current = job;
    setCurrentFile(file);
    setLayoutChoice(options.csvPreset ?? (options.csvMapping || options.csvDelimiter ? 'mapping' : 'auto'));
    setReading({ fileName: file.fileName, fraction: 0 });
    let result: ReadStatementResult;
    try {
      result = await job.result;
    } catch (error) {
      if (currentReading.current !== job) return;
      currentReading.current = null;
      setReading(null);
      setStage({ kind: 'idle' });
      setFileError(error instanceof StatementError ? error.message : 'Nie udało się odczytać pliku.');
      return;
    }
    if (currentReading.current !== job) return;
    currentReading.current = null;
    setReading(null);
    setDecisions({});
    setBooking(null);
    setStage(result.ok ? { kind: 'preview', file, statement: result.statement } : { kind: 'mapping', file, layout: result.needsCsvMapping });
  }

  async function choose(file: File | null) {
    setStage({ kind: 'idle' });
    setBooking(null);
    if (!file) {
      currentReading.current?.cancel();
      currentReading.current = null;
      setReading(null);
      setCurrentFile(null);
      return setFileError(null);
    }
    setCurrentFile(null);
    try {
      // Checked before reading: a 50 MB file is refused without loading it into memory.
      checkStatementSize(file.size);
    } catch (error) {
      return setFileError((error as StatementError).message);
    }
    await parse({ fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  }

  async function saveMapping(mapping: CsvMapping, bank: string) {
    if (stage.kind !== 'mapping') return;
    setSavingMapping(true);
    try {
      await callFunction('saveBankCsvMapping', { fingerprint: stage.layout.fingerprint, bank, mapping });
      await parse(stage.file, { csvMapping: mapping });
    } catch (error) {
      setFileError(refusalOf(error).message);
    } finally {
      setSavingMapping(false);
    }
  }

  function changeEncoding(next: ChosenEncoding) {
    setEncoding(next);
    if (currentFile) void parse(currentFile, { encoding: next, ...(layoutChoice !== 'auto' && layoutChoice !== 'mapping' ? { csvPreset: layoutChoice } : {}) });
  }

  function changeCsvLayout(choice: CsvLayoutChoice) {
    if (choice === 'mapping') {
      const layout = stage.kind === 'mapping' ? stage.layout : stage.kind === 'preview' ? stage.statement.csv : undefined;
      if (layout && stage.kind !== 'idle') setStage({ kind: 'mapping', file: stage.file, layout });
      return;
    }
    if (currentFile) void parse(currentFile, choice === 'auto' ? {} : { csvPreset: choice });
  }

  function decide(key: string, action: BookingAction | null) {
    setDecisions((current) => {
      const next = { ...current };
      if (action) next[key] = action;
      else delete next[key];
      return next;
    });
  }

  async function book() {
    if (stage.kind !== 'preview') return;
    setConfirming(false);
    const items = sendable.map(bookingItem);
    const state: Booking = { running: true, done: 0, total: items.length, results: [], error: null };
    setBooking({ ...state });
    const source = { format: stage.statement.format, fileName: stage.file.fileName.slice(0, 200) };
    for (const part of chunks(items, BOOKING_CHUNK)) {
      try {
        const { results } = await callFunction('bookBankTransactions', { items: part, source });
        state.results.push(...results);
      } catch (error) {
        // The rest is not sent; what was booked stays booked, and running again finishes the rest.
        state.error = `${refusalOf(error).message} Zaksięgowane przelewy pozostają zaksięgowane — uruchom księgowanie ponownie, aby dokończyć.`;
        break;
      }
      state.done += part.length;
      setBooking({ ...state, results: [...state.results] });
    }
    setDecisions({});
    setBooking({ ...state, running: false, results: [...state.results] });
  }

  const statement = stage.kind === 'preview' ? stage.statement : null;
  const loading = orders.isLoading || settled.isLoading || mappings.isLoading;

  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Wyciąg bankowy
      </Title>
      <Text size="sm" c="dimmed">
        Wczytaj wyciąg z bankowości internetowej (MT940, XML camt.053 albo CSV). Przelewy zostaną dopasowane do zamówień po numerze w tytule i kwocie; po
        sprawdzeniu podglądu zaksięgujesz je jednym kliknięciem — z fakturą, odbiorami i statystykami, jak przy ręcznym potwierdzeniu. Plik nie jest wysyłany na
        serwer.
      </Text>
      {loading ? (
        <LoadingRows label="Wczytywanie zamówień i wcześniejszych importów" rows={3} />
      ) : orders.isError || settled.isError || mappings.isError ? (
        <LoadError onRetry={() => (orders.refetch(), settled.refetch(), mappings.refetch())}>Nie udało się wczytać zamówień lub wcześniejszych importów.</LoadError>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Group align="flex-end" wrap="wrap" gap="md">
            <FileInput
              label="Plik wyciągu"
              placeholder="Wybierz plik .sta, .mt940, .xml lub .csv"
              accept=".sta,.mt940,.940,.txt,.xml,.csv"
              onChange={(file) => void choose(file)}
              clearable
              style={{ flex: 1, minWidth: 260 }}
              data-testid="statement-file"
            />
            <Select
              label="Kodowanie znaków"
              value={encoding}
              onChange={(v) => changeEncoding((v ?? 'auto') as ChosenEncoding)}
              data={[
                { value: 'auto', label: 'Rozpoznaj automatycznie' },
                { value: 'utf-8', label: 'UTF-8' },
                { value: 'windows-1250', label: 'Windows-1250' },
                { value: 'iso-8859-2', label: 'ISO-8859-2' },
                { value: 'cp852', label: 'CP852 (DOS, MultiCash)' },
              ]}
              allowDeselect={false}
              w={250}
            />
          </Group>
        </Paper>
      )}
      {reading && (
        <Paper withBorder radius="md" p="md" role="status" aria-live="polite" data-testid="statement-reading" data-percent={Math.round(reading.fraction * 100)}>
          <Stack gap="xs">
            <Text size="sm">
              Wczytywanie pliku {reading.fileName}… {Math.round(reading.fraction * 100)}%
            </Text>
            <Progress value={reading.fraction * 100} aria-label="Postęp wczytywania pliku" />
          </Stack>
        </Paper>
      )}
      {fileError && (
        <Alert color="red" variant="light" role="alert" title="Nie można wczytać wyciągu" data-testid="statement-error">
          {fileError} Nic nie zostało zapisane.
        </Alert>
      )}
      {(stage.kind === 'mapping' || statement?.csv || (fileError && currentFile && layoutChoice !== 'auto')) && (
        <Select
          label="Układ pliku CSV"
          description="Bank, z którego pochodzi eksport; wybierz, jeśli nie został rozpoznany."
          value={stage.kind === 'mapping' ? 'mapping' : statement?.csv ? (statement.csv.presetId ?? (statement.csv.source === 'guess' ? 'auto' : 'mapping')) : layoutChoice}
          onChange={(v) => changeCsvLayout((v ?? 'auto') as CsvLayoutChoice)}
          data={[
            { value: 'auto', label: 'Rozpoznaj automatycznie' },
            ...CSV_PRESETS.map((p) => ({ value: p.id, label: p.bank })),
            { value: 'mapping', label: 'Własne mapowanie kolumn…' },
          ]}
          allowDeselect={false}
          maw={360}
          data-testid="csv-layout"
        />
      )}
      {stage.kind === 'mapping' && (
        <CsvMappingForm
          key={`${stage.layout.fingerprint}|${stage.layout.mapping.delimiter}`}
          layout={stage.layout}
          busy={savingMapping}
          onSubmit={(m, bank) => void saveMapping(m, bank)}
          onCancel={() => setStage({ kind: 'idle' })}
          onDelimiterChange={(d) => void parse(stage.file, { csvDelimiter: d })}
        />
      )}
      {statement && match && (
        <>
          <Alert color="blue" variant="light" data-testid="statement-summary">
            {`Wyciąg ${FORMAT_NAMES[statement.format]} (${ENCODING_NAMES[statement.encoding]})`}
            {statement.csv?.bank ? `, układ: ${statement.csv.bank}` : statement.csv?.source === 'saved' ? ', zapamiętane mapowanie kolumn' : statement.csv?.source === 'guess' ? ', kolumny rozpoznane po nagłówkach' : ''}
            {`: ${formatCount(match.items.length, INCOMING)}`}
            {match.skippedDebits ? `, pominięto ${formatCount(match.skippedDebits, DEBITS)}` : ''}
            {match.skippedOtherCurrency ? `, pominięto ${formatCount(match.skippedOtherCurrency, TRANSFERS)} w innej walucie niż PLN` : ''}.
            {statement.warnings.map((w) => ` ${w}`).join('')}
            {statement.csv && stage.kind === 'preview' && (
              <Button variant="subtle" size="compact-xs" ml="xs" onClick={() => setStage({ kind: 'mapping', file: stage.file, layout: statement.csv! })}>
                Zmień mapowanie kolumn
              </Button>
            )}
          </Alert>
          {statement.encodingUncertain && (
            <Alert color="yellow" variant="light" title="Sprawdź polskie litery" data-testid="encoding-guess">
              <Stack gap="xs">
                <Text size="sm">
                  Kodowanie znaków rozpoznano jako {ENCODING_NAMES[statement.encoding]}, ale nie na pewno.
                  {polishSample(statement) ? ` Przykład z pliku: „${polishSample(statement)}”.` : ''} Jeśli litery są zniekształcone, wybierz inne kodowanie:
                </Text>
                <Group gap="xs">
                  {SINGLE_BYTE_ENCODINGS.filter((e) => e !== statement.encoding).map((e) => (
                    <Button key={e} size="compact-sm" variant="default" onClick={() => changeEncoding(e)}>
                      {ENCODING_NAMES[e]}
                    </Button>
                  ))}
                </Group>
              </Stack>
            </Alert>
          )}
          <StatementPreview match={match} pendingOrders={pendingOrders} onDecide={decide} />
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {bookingSummaryLine(sendable.length, sendable.reduce((t, i) => t + i.tx.amountGrosze, 0))}
            </Text>
            <Button color="green" disabled={sendable.length === 0 || booking?.running} loading={booking?.running} onClick={() => setConfirming(true)} data-testid="bank-book">
              Zaksięguj ({sendable.length})
            </Button>
          </Group>
        </>
      )}
      {booking && <BookingProgress booking={booking} />}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Księgowanie przelewów" centered>
        <Stack gap="md">
          <Text>
            {bookingConfirmation(sendable.length, sendable.reduce((t, i) => t + i.tx.amountGrosze, 0))} Dla każdego opłaconego zamówienia zostanie wystawiona faktura VAT — tej operacji nie można
            cofnąć. Nadpłaty i podwójne wpłaty trafią na listę zwrotów.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Wróć
            </Button>
            <Button color="green" onClick={() => void book()} data-testid="confirm-action">
              Zaksięguj
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function BookingProgress({ booking }: { booking: Booking }) {
  const failed = booking.results.filter((r) => r.outcome === 'failed');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Wynik księgowania" data-testid="booking-result" data-running={booking.running}>
      <Stack gap="sm">
        {booking.running ? (
          <>
            <Text fw={600}>
              Księgowanie… {booking.done} z {booking.total}
            </Text>
            <Progress value={booking.total ? (100 * booking.done) / booking.total : 0} aria-label="Postęp księgowania" />
          </>
        ) : (
          <Text fw={600} role="status" data-testid="booking-summary">
            {bookingSummary(booking.results)}
          </Text>
        )}
        {booking.error && (
          <Text c="red" role="alert">
            {booking.error}
          </Text>
        )}
        {booking.results.length > 0 && (
          <List size="sm" spacing={4}>
            {[...failed, ...booking.results.filter((r) => r.outcome !== 'failed')].slice(0, 100).map((r) => (
              <List.Item key={r.txKey} c={r.outcome === 'failed' ? 'red' : undefined}>
                {r.message}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
