import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { updateEventSettingsInput } from '@domain/callables';
import { DEFAULT_PAYMENT_DAYS, LIMITS, type EventSettings } from '@domain/schemas';
import { formatDateTime } from '../../shared/format/pl';
import { LoadError, LoadingRows } from '../../shared/ui/DataState';
import { refusalOf, schemaErrors } from '../../shared/ui/formErrors';
import { callAdmin, useAdminEventQuery } from './api';
import { LegalDocumentsFields } from './LegalDocumentsFields';
import { ResultAlert, type ActionResult } from './ui';

type Fields = Omit<EventSettings, 'updatedAt' | 'seller'> & { seller: EventSettings['seller'] };

const blank: Fields = {
  name: '',
  place: '',
  startDate: '',
  endDate: '',
  pickupInfo: '',
  seller: { name: '', street: '', postalCode: '', city: '', nip: '', bankName: '', bankAccount: '' },
};

function EventForm({ initial, updatedAt }: { initial: Fields; updatedAt?: number }) {
  const [draft, setDraft] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  const set = (key: keyof Omit<Fields, 'seller'>, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const setSeller = (key: keyof Fields['seller'], value: string) => setDraft((d) => ({ ...d, seller: { ...d.seller, [key]: value } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { event: draft };
    const found = schemaErrors(updateEventSettingsInput, input);
    setErrors(found);
    setResult(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await callAdmin('updateEventSettings', input);
      setResult({ ok: true, message: 'Zapisano ustawienia wydarzenia. Nowe faktury użyją tych danych sprzedawcy.' });
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors({ [refusal.field ?? '_form']: refusal.message });
      setResult({ ok: false, message: refusal.message });
    } finally {
      setBusy(false);
    }
  }

  const e = (field: string) => errors[`event.${field}`];
  return (
    <form onSubmit={submit} noValidate aria-label="Ustawienia wydarzenia">
      <Stack gap="md">
        <ResultAlert result={result} onClose={() => setResult(null)} />
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} fz="lg">
              Wydarzenie
            </Title>
            <TextInput label="Nazwa wydarzenia" required value={draft.name} onChange={(ev) => set('name', ev.currentTarget.value)} error={e('name')} />
            <TextInput label="Miejsce" required value={draft.place} onChange={(ev) => set('place', ev.currentTarget.value)} error={e('place')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput type="date" label="Data początku" required value={draft.startDate} onChange={(ev) => set('startDate', ev.currentTarget.value)} error={e('startDate')} />
              <TextInput type="date" label="Data końca" required value={draft.endDate} onChange={(ev) => set('endDate', ev.currentTarget.value)} error={e('endDate')} />
            </SimpleGrid>
            <Textarea label="Informacje o odbiorze (dla uczestników)" autosize minRows={2} value={draft.pickupInfo} onChange={(ev) => set('pickupInfo', ev.currentTarget.value)} error={e('pickupInfo')} />
            <NumberInput
              label="Termin płatności (dni)"
              description={`Tyle dni od złożenia zamówienia ma uczestnik na przelew; potem nieopłacone zamówienie jest anulowane. Puste = ${DEFAULT_PAYMENT_DAYS}.`}
              min={1}
              max={LIMITS.maxPaymentDays}
              allowDecimal={false}
              value={draft.paymentDays ?? ''}
              onChange={(v) => setDraft((d) => ({ ...d, paymentDays: typeof v === 'number' ? v : undefined }))}
              error={e('paymentDays')}
            />
          </Stack>
        </Paper>
        <LegalDocumentsFields value={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} errorOf={e} />
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} fz="lg">
              Sprzedawca i rachunek bankowy (na fakturach)
            </Title>
            <TextInput label="Nazwa sprzedawcy" required value={draft.seller.name} onChange={(ev) => setSeller('name', ev.currentTarget.value)} error={e('seller.name')} />
            <TextInput label="Ulica i numer" required value={draft.seller.street} onChange={(ev) => setSeller('street', ev.currentTarget.value)} error={e('seller.street')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Kod pocztowy" required placeholder="00-000" value={draft.seller.postalCode} onChange={(ev) => setSeller('postalCode', ev.currentTarget.value)} error={e('seller.postalCode')} />
              <TextInput label="Miejscowość" required value={draft.seller.city} onChange={(ev) => setSeller('city', ev.currentTarget.value)} error={e('seller.city')} />
              <TextInput label="NIP" required value={draft.seller.nip} onChange={(ev) => setSeller('nip', ev.currentTarget.value)} error={e('seller.nip')} />
            </SimpleGrid>
            <TextInput label="Nazwa banku" required value={draft.seller.bankName} onChange={(ev) => setSeller('bankName', ev.currentTarget.value)} error={e('seller.bankName')} />
            <TextInput label="Numer rachunku (26 cyfr)" required value={draft.seller.bankAccount} onChange={(ev) => setSeller('bankAccount', ev.currentTarget.value)} error={e('seller.bankAccount')} />
          </Stack>
        </Paper>
        {errors._form && <Text c="red" role="alert">{errors._form}</Text>}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {updatedAt ? `Ostatnia zmiana: ${formatDateTime(updatedAt)}` : ''}
          </Text>
          <Button type="submit" loading={busy}>
            Zapisz ustawienia
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EventTab() {
  const event = useAdminEventQuery();
  if (event.isLoading) return <LoadingRows label="Wczytywanie ustawień" rows={6} />;
  if (event.isError) return <LoadError onRetry={event.refetch}>Nie udało się wczytać ustawień wydarzenia.</LoadError>;
  const { updatedAt, ...fields } = event.data ?? { ...blank, updatedAt: undefined };
  // The form starts from the stored values once; a later change by someone else does not overwrite typing.
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Ustawienia wydarzenia
      </Title>
      <EventForm initial={{ ...blank, ...fields, seller: { ...blank.seller, ...fields.seller } }} updatedAt={updatedAt} />
    </Stack>
  );
}
