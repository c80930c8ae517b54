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
import { useStatementBooking } from './useStatementBooking';
import { useStatementFile } from './useStatementFile';
import { Hint } from '../../shared/ui/Hint';

/**
 * The statement is parsed here, in the browser: the file never leaves the admin's computer and
 * only the transfers being booked are sent, 25 per call (docs/bank-import.md).
 */
export default function BankImport() {
  const file = useStatementFile();
  const { preview, mappingLayout } = file;
  const booking = useStatementBooking(preview);
  const { match, sendable, sendableGrosze } = booking;
  const reads = queriesTogether(booking.orders, booking.settled, file.mappings);

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
          encoding={file.encoding}
          onFile={(f) => void file.choose(f)}
          onEncoding={file.changeEncoding}
        />
      </DataGate>
      {file.reading && <ReadingProgress reading={file.reading} />}
      {file.fileError && (
        <Alert color="red" role="alert" title="Nie można wczytać wyciągu" data-testid="statement-error">
          {file.fileError} Nic nie zostało zapisane.
        </Alert>
      )}
      {file.offersCsvLayout && <CsvLayoutSelect value={file.csvLayout} onChange={file.changeCsvLayout} />}
      {mappingLayout && (
        <CsvMappingForm
          key={`${mappingLayout.fingerprint}|${mappingLayout.mapping.delimiter}`}
          layout={mappingLayout}
          busy={file.savingMapping}
          onSubmit={(m, bank) => void file.saveMapping(m, bank)}
          onCancel={file.closeMapping}
          onDelimiterChange={file.changeDelimiter}
        />
      )}
      {preview && match && (
        <>
          <StatementSummary
            statement={preview.statement}
            match={match}
            {...(preview.statement.csv ? { onChangeMapping: () => file.changeCsvLayout('mapping') } : {})}
          />
          {preview.statement.encodingUncertain && (
            <EncodingGuess statement={preview.statement} onEncoding={file.changeEncoding} />
          )}
          <StatementPreview match={match} pendingOrders={booking.pendingOrders} onDecide={booking.decide} />
          <Group justify="space-between" wrap="wrap">
            <Hint>{bookingSummaryLine(sendable.length, sendableGrosze)}</Hint>
            <Button
              color="green"
              disabled={sendable.length === 0 || booking.progress?.running}
              loading={booking.progress?.running}
              onClick={() => booking.setConfirming(true)}
              data-testid="bank-book"
            >
              Zaksięguj ({sendable.length})
            </Button>
          </Group>
        </>
      )}
      {booking.progress && <BookingProgress booking={booking.progress} />}
      <BookingConfirmDialog
        opened={booking.confirming}
        count={sendable.length}
        grosze={sendableGrosze}
        onClose={() => booking.setConfirming(false)}
        onConfirm={() => void booking.book()}
      />
    </TitledStack>
  );
}
