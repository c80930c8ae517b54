// The bank import's presentational parts; BankImport composes them over useStatementFile and useStatementBooking.
import { Alert, Button, FileInput, Group, List, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { CSV_PRESETS } from '@domain/bank/csv';
import type { ChosenEncoding } from '@domain/bank/encoding';
import type { StatementMatch } from '@domain/bank/matching';
import type { CsvLayout } from '@domain/bank/statement';
import type { ParsedStatement } from '@domain/bank/types';
import { formatCount } from '../../shared/format/pl';
import { choicesOf } from '../../shared/ui/choices';
import { ConfirmDialog } from '../../shared/ui/ConfirmAction';
import { bookingSummary, DEBITS, INCOMING, TRANSFERS } from './model';
import { bookingConfirmation } from './bookingWording';
import type { Booking } from './useStatementBooking';
import type { CsvLayoutChoice } from './useStatementFile';
import { ErrorText } from '../../shared/ui/ErrorText';

const FORMAT_NAMES = { mt940: 'MT940', camt053: 'XML camt.053', csv: 'CSV' } as const;
const ENCODING_NAMES = {
  'utf-8': 'UTF-8',
  'utf-16': 'UTF-16',
  'windows-1250': 'Windows-1250',
  'iso-8859-2': 'ISO-8859-2',
  cp852: 'CP852',
} as const;
/** What the admin may pick to read the file with: the single-byte encodings by name, or the guess. */
const ENCODING_CHOICES = choicesOf({
  auto: 'Rozpoznaj automatycznie',
  'utf-8': ENCODING_NAMES['utf-8'],
  'windows-1250': ENCODING_NAMES['windows-1250'],
  'iso-8859-2': ENCODING_NAMES['iso-8859-2'],
  cp852: `${ENCODING_NAMES.cp852} (DOS, MultiCash)`,
});
const SINGLE_BYTE_ENCODINGS = ['windows-1250', 'iso-8859-2', 'cp852'] as const;

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

/** The file and the character encoding to read it with. */
export function StatementFileBar({
  encoding,
  onFile,
  onEncoding,
}: {
  encoding: ChosenEncoding;
  onFile: (file: File | null) => void;
  onEncoding: (e: ChosenEncoding) => void;
}) {
  return (
    <Paper withBorder p="md">
      <Group align="flex-end" wrap="wrap" gap="md">
        <FileInput
          label="Plik wyciągu"
          placeholder="Wybierz plik .sta, .mt940, .xml lub .csv"
          accept=".sta,.mt940,.940,.txt,.xml,.csv"
          onChange={onFile}
          clearable
          style={{ flex: 1, minWidth: 260 }}
          data-testid="statement-file"
        />
        <Select
          label="Kodowanie znaków"
          value={encoding}
          onChange={(v) => onEncoding((v ?? 'auto') as ChosenEncoding)}
          data={ENCODING_CHOICES}
          allowDeselect={false}
          w={250}
        />
      </Group>
    </Paper>
  );
}

export function ReadingProgress({ reading }: { reading: { fileName: string; fraction: number } }) {
  const percent = Math.round(reading.fraction * 100);
  return (
    <Paper withBorder p="md" role="status" aria-live="polite" data-testid="statement-reading" data-percent={percent}>
      <Stack gap="xs">
        <Text size="sm">
          Wczytywanie pliku {reading.fileName}… {percent}%
        </Text>
        <Progress value={reading.fraction * 100} aria-label="Postęp wczytywania pliku" />
      </Stack>
    </Paper>
  );
}

export function CsvLayoutSelect({
  value,
  onChange,
}: {
  value: CsvLayoutChoice;
  onChange: (choice: CsvLayoutChoice) => void;
}) {
  return (
    <Select
      label="Układ pliku CSV"
      description="Bank, z którego pochodzi eksport; wybierz, jeśli nie został rozpoznany."
      value={value}
      onChange={(v) => onChange((v ?? 'auto') as CsvLayoutChoice)}
      data={[
        { value: 'auto', label: 'Rozpoznaj automatycznie' },
        ...CSV_PRESETS.map((p) => ({ value: p.id, label: p.bank })),
        { value: 'mapping', label: 'Własne mapowanie kolumn…' },
      ]}
      allowDeselect={false}
      maw={360}
      data-testid="csv-layout"
    />
  );
}

type Statement = ParsedStatement & { csv?: CsvLayout };

/** What was read: format, encoding, layout, the incoming transfers and what was skipped. */
export function StatementSummary({
  statement,
  match,
  onChangeMapping,
}: {
  statement: Statement;
  match: StatementMatch;
  onChangeMapping?: () => void;
}) {
  const csv = statement.csv;
  return (
    <Alert color="blue" data-testid="statement-summary">
      {`Wyciąg ${FORMAT_NAMES[statement.format]} (${ENCODING_NAMES[statement.encoding]})`}
      {csv?.bank
        ? `, układ: ${csv.bank}`
        : csv?.source === 'saved'
          ? ', zapamiętane mapowanie kolumn'
          : csv?.source === 'guess'
            ? ', kolumny rozpoznane po nagłówkach'
            : ''}
      {`: ${formatCount(match.items.length, INCOMING)}`}
      {match.skippedDebits ? `, pominięto ${formatCount(match.skippedDebits, DEBITS)}` : ''}
      {match.skippedOtherCurrency
        ? `, pominięto ${formatCount(match.skippedOtherCurrency, TRANSFERS)} w innej walucie niż PLN`
        : ''}
      .{statement.warnings.map((w) => ` ${w}`).join('')}
      {csv && onChangeMapping && (
        <Button variant="subtle" size="compact-xs" ml="xs" onClick={onChangeMapping}>
          Zmień mapowanie kolumn
        </Button>
      )}
    </Alert>
  );
}

/** An encoding guessed without certainty: a sample of the Polish letters and the other encodings to try. */
export function EncodingGuess({
  statement,
  onEncoding,
}: {
  statement: Statement;
  onEncoding: (e: ChosenEncoding) => void;
}) {
  const sample = polishSample(statement);
  return (
    <Alert color="yellow" title="Sprawdź polskie litery" data-testid="encoding-guess">
      <Stack gap="xs">
        <Text size="sm">
          Kodowanie znaków rozpoznano jako {ENCODING_NAMES[statement.encoding]}, ale nie na pewno.
          {sample ? ` Przykład z pliku: „${sample}”.` : ''} Jeśli litery są zniekształcone, wybierz inne kodowanie:
        </Text>
        <Group gap="xs">
          {SINGLE_BYTE_ENCODINGS.filter((e) => e !== statement.encoding).map((e) => (
            <Button key={e} size="compact-sm" variant="default" onClick={() => onEncoding(e)}>
              {ENCODING_NAMES[e]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Alert>
  );
}

/** Asked before booking: how many transfers, for how much, and that invoices cannot be taken back. */
export function BookingConfirmDialog({
  count,
  grosze,
  ...dialog
}: {
  opened: boolean;
  count: number;
  grosze: number;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog {...dialog} title="Księgowanie przelewów" confirmLabel="Zaksięguj" color="green">
      <Text>
        {bookingConfirmation(count, grosze)} Dla każdego opłaconego zamówienia zostanie wystawiona faktura VAT — tej
        operacji nie można cofnąć. Nadpłaty i podwójne wpłaty trafią na listę zwrotów.
      </Text>
    </ConfirmDialog>
  );
}

export function BookingProgress({ booking }: { booking: Booking }) {
  const failed = booking.results.filter((r) => r.outcome === 'failed');
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label="Wynik księgowania"
      data-testid="booking-result"
      data-running={booking.running}
    >
      <Stack gap="sm">
        {booking.running ? (
          <>
            <Text fw={600}>
              Księgowanie… {booking.done} z {booking.total}
            </Text>
            <Progress
              value={booking.total ? (100 * booking.done) / booking.total : 0}
              aria-label="Postęp księgowania"
            />
          </>
        ) : (
          <Text fw={600} role="status" data-testid="booking-summary">
            {bookingSummary(booking.results)}
          </Text>
        )}
        <ErrorText>{booking.error}</ErrorText>
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
