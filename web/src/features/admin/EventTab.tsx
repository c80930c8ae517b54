import { Checkbox, NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { updateEventSettingsInput } from '@domain/callables';
import { DEFAULT_PAYMENT_DAYS, LIMITS, type EventSettings } from '@domain/schemas';
import { formatDateTime } from '../../shared/format/pl';
import { DataGate } from '../../shared/ui/DataState';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { useGetEventQuery } from '../catalogue';
import { LegalDocumentsFields } from './LegalDocumentsFields';
import { ResultAlert, useActionResult } from '../../shared/ui/ResultAlert';
import { StackedForm } from '../../shared/ui/StackedForm';
import { callFunction } from '../../shared/firebase';
import { TitledPanel } from '../../shared/ui/TitledPanel';
import { TitledStack } from '../../shared/ui/TitledStack';
import { SubmitRow } from '../../shared/ui/SubmitRow';
import { Hint } from '../../shared/ui/Hint';
import { ErrorText } from '../../shared/ui/ErrorText';

type Fields = Omit<EventSettings, 'updatedAt' | 'seller'> & { seller: EventSettings['seller'] };

export const blank: Fields = {
  name: '',
  place: '',
  startDate: '',
  endDate: '',
  pickupInfo: '',
  seller: { name: '', street: '', postalCode: '', city: '', nip: '', bankName: '', bankAccount: '' },
};

/** The form holds the callable's payload (`{ event }`), so the schema's error paths are the fields' own. */
type EventValues = { event: Omit<Fields, 'paymentDays'> & { paymentDays: number | string } };

const toEventPayload = ({ event }: EventValues) => ({
  event: { ...event, paymentDays: event.paymentDays === '' ? undefined : event.paymentDays },
});

export function EventForm({ initial, updatedAt }: { initial: Fields; updatedAt?: number }) {
  const { form, submitWith } = useSchemaForm<EventValues>({
    initialValues: { event: { ...initial, paymentDays: initial.paymentDays ?? '' } },
    schema: updateEventSettingsInput,
    toPayload: toEventPayload,
  });
  const { result, setResult, busy, perform } = useActionResult();
  const submit = submitWith((values) =>
    perform(
      async () => {
        await callFunction('updateEventSettings', toEventPayload(values));
        return 'Zapisano ustawienia wydarzenia. Nowe faktury użyją tych danych sprzedawcy.';
      },
      { onRefusal: (refusal) => form.setFieldError(refusal.field ?? '_form', refusal.message) },
    ),
  );

  const field = (path: string) => form.getInputProps(`event.${path}`);
  return (
    <StackedForm label="Ustawienia wydarzenia" onSubmit={submit}>
      <ResultAlert result={result} onClose={() => setResult(null)} />
      <TitledPanel title="Wydarzenie">
        <TextInput label="Nazwa wydarzenia" required {...field('name')} />
        <TextInput label="Miejsce" required {...field('place')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label="Data początku" required {...field('startDate')} />
          <TextInput type="date" label="Data końca" required {...field('endDate')} />
        </SimpleGrid>
        <Textarea label="Informacje o odbiorze (dla uczestników)" autosize minRows={2} {...field('pickupInfo')} />
        <NumberInput
          label="Termin płatności (dni)"
          description={
            'Wpłata musi dotrzeć do końca dnia (czasu polskiego), który przypada tyle dni po dniu złożenia ' +
            `zamówienia; potem nieopłacone zamówienie jest anulowane. Od 1 do ${LIMITS.maxPaymentDays}; ` +
            `puste pole = ${DEFAULT_PAYMENT_DAYS} dni.`
          }
          min={1}
          max={LIMITS.maxPaymentDays}
          // A number outside the range stays as typed and gets the schema's message; clamping would change it silently.
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...field('paymentDays')}
        />
      </TitledPanel>
      <LegalDocumentsFields
        value={form.values.event}
        onChange={(patch) => {
          for (const [kind, doc] of Object.entries(patch)) form.setFieldValue(`event.${kind}`, doc);
        }}
        errorOf={(path) => form.errors[`event.${path}`] as string | undefined}
      />
      <TitledPanel title="Sprzedawca i rachunek bankowy (na fakturach)">
        <TextInput label="Nazwa sprzedawcy" required {...field('seller.name')} />
        <TextInput label="Ulica i numer" required {...field('seller.street')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Kod pocztowy" required placeholder="00-000" {...field('seller.postalCode')} />
          <TextInput label="Miejscowość" required {...field('seller.city')} />
          <TextInput label="NIP" required {...field('seller.nip')} />
        </SimpleGrid>
        <TextInput label="Nazwa banku" required {...field('seller.bankName')} />
        <TextInput label="Numer rachunku (26 cyfr)" required {...field('seller.bankAccount')} />
        <Checkbox
          label="Wysyłaj do KSeF także faktury dla konsumentów"
          description="Faktury dla firm trafiają do KSeF zawsze. Włączone: także nowe faktury dla osób prywatnych (ich korekty pójdą za nimi)."
          {...form.getInputProps('event.ksefConsumerInvoices', { type: 'checkbox' })}
          data-testid="ksef-consumer-invoices"
        />
      </TitledPanel>
      <ErrorText>{form.errors._form}</ErrorText>
      <SubmitRow
        label="Zapisz ustawienia"
        busy={busy !== null}
        note={<Hint>{updatedAt ? `Ostatnia zmiana: ${formatDateTime(updatedAt)}` : ''}</Hint>}
      />
    </StackedForm>
  );
}

export function EventTab() {
  const event = useGetEventQuery();
  const { updatedAt, ...fields } = event.data ?? { ...blank, updatedAt: undefined };
  // The form starts from the stored values once (it mounts when they arrived); a later change by
  // someone else does not overwrite typing.
  return (
    <DataGate
      query={event}
      what="ustawień wydarzenia"
      loadingLabel="Wczytywanie ustawień"
      rows={6}
      onRetry={event.refetch}
    >
      <TitledStack title="Ustawienia wydarzenia" titleSize="xl">
        <EventForm
          initial={{ ...blank, ...fields, seller: { ...blank.seller, ...fields.seller } }}
          updatedAt={updatedAt}
        />
      </TitledStack>
    </DataGate>
  );
}
