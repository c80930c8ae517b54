import { Alert, Button, Group } from '@mantine/core';
import { DataGate } from '../../shared/ui/DataState';
import { queriesTogether } from '../../shared/ui/queriesTogether';
import { TitledStack } from '../../shared/ui/TitledStack';
import { CsvMappingForm } from './CsvMappingForm';
import { StatementPreview } from './StatementPreview';
import { bookingSummaryLine } from './bookingWording';
import {
  BookingConfirmDialog,
  BookingProgress,
  CsvLayoutSelect,
  EncodingGuess,
  ReadingProgress,
  StatementFileBar,
  StatementSummary,
} from './StatementParts';
import { useStatementImport } from './useStatementImport';
import { Hint } from '../../shared/ui/Hint';

/**
 * The statement is parsed here, in the browser: the file never leaves the admin's computer and
 * only the transfers being booked are sent, 25 per call (docs/bank-import.md).
 */
export default function BankImport() {
  const { orders, settled, mappings, encoding, stage, setStage, fileError, confirming, setConfirming, ...rest } =
    useStatementImport();
  const { savingMapping, booking, reading, currentFile, layoutChoice, pendingOrders, match, sendable, ...act } = rest;
  const statement = stage.kind === 'preview' ? stage.statement : null;
  const reads = queriesTogether(orders, settled, mappings);
  const sendableGrosze = sendable.reduce((t, i) => t + i.tx.amountGrosze, 0);
  const csvLayout =
    stage.kind === 'mapping'
      ? 'mapping'
      : statement?.csv
        ? (statement.csv.presetId ?? (statement.csv.source === 'guess' ? 'auto' : 'mapping'))
        : layoutChoice;

  return (
    <TitledStack title="Wyciąg bankowy" titleSize="xl">
      <Hint>
        Wczytaj wyciąg z bankowości internetowej (MT940, XML camt.053 albo CSV). Przelewy zostaną dopasowane do zamówień
        po numerze w tytule i kwocie; po sprawdzeniu podglądu zaksięgujesz je jednym kliknięciem — z fakturą, odbiorami
        i statystykami, jak przy ręcznym potwierdzeniu. Plik nie jest wysyłany na serwer.
      </Hint>
      <DataGate
        query={reads}
        loadingLabel="Wczytywanie zamówień i wcześniejszych importów"
        errorText="Nie udało się wczytać zamówień lub wcześniejszych importów."
        onRetry={reads.refetch}
      >
        <StatementFileBar
          encoding={encoding}
          onFile={(file) => void act.choose(file)}
          onEncoding={act.changeEncoding}
        />
      </DataGate>
      {reading && <ReadingProgress reading={reading} />}
      {fileError && (
        <Alert color="red" role="alert" title="Nie można wczytać wyciągu" data-testid="statement-error">
          {fileError} Nic nie zostało zapisane.
        </Alert>
      )}
      {(stage.kind === 'mapping' || statement?.csv || (fileError && currentFile && layoutChoice !== 'auto')) && (
        <CsvLayoutSelect value={csvLayout} onChange={act.changeCsvLayout} />
      )}
      {stage.kind === 'mapping' && (
        <CsvMappingForm
          key={`${stage.layout.fingerprint}|${stage.layout.mapping.delimiter}`}
          layout={stage.layout}
          busy={savingMapping}
          onSubmit={(m, bank) => void act.saveMapping(m, bank)}
          onCancel={() => setStage({ kind: 'idle' })}
          onDelimiterChange={(d) => void act.parse(stage.file, { csvDelimiter: d })}
        />
      )}
      {statement && match && stage.kind === 'preview' && (
        <>
          <StatementSummary
            statement={statement}
            match={match}
            {...(statement.csv
              ? { onChangeMapping: () => setStage({ kind: 'mapping', file: stage.file, layout: statement.csv! }) }
              : {})}
          />
          {statement.encodingUncertain && <EncodingGuess statement={statement} onEncoding={act.changeEncoding} />}
          <StatementPreview match={match} pendingOrders={pendingOrders} onDecide={act.decide} />
          <Group justify="space-between" wrap="wrap">
            <Hint>{bookingSummaryLine(sendable.length, sendableGrosze)}</Hint>
            <Button
              color="green"
              disabled={sendable.length === 0 || booking?.running}
              loading={booking?.running}
              onClick={() => setConfirming(true)}
              data-testid="bank-book"
            >
              Zaksięguj ({sendable.length})
            </Button>
          </Group>
        </>
      )}
      {booking && <BookingProgress booking={booking} />}
      <BookingConfirmDialog
        opened={confirming}
        count={sendable.length}
        grosze={sendableGrosze}
        onClose={() => setConfirming(false)}
        onConfirm={() => void act.book()}
      />
    </TitledStack>
  );
}
