import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { updateProfileInput } from '@domain/callables';
import type { Profile } from '@domain/schemas';
import { schemaErrors } from '../../shared/ui/formErrors';
import { CountrySelect } from '../registration';
import type { ProfileEdit } from './api';
import { InvoiceDataFields, invoiceFromValues, invoiceValuesFrom, type InvoiceValues } from './InvoiceDataFields';

interface Values {
  firstName: string;
  lastName: string;
  phone: string;
  country: string;
  withInvoice: boolean;
  invoice: InvoiceValues;
}

function payloadOf(v: Values): ProfileEdit {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    phone: v.phone,
    country: v.country,
    invoice: v.withInvoice ? (invoiceFromValues(v.invoice) as ProfileEdit['invoice']) : null,
  };
}

/** The callable's own schema: what passes here is what the server stores (a NIP with dashes included). */
export function profileErrors(v: Values): Record<string, string> {
  return schemaErrors(updateProfileInput, payloadOf(v));
}

/** A save that failed: the message, and the field it is about when the server named one ("invoice.nip"). */
export interface SaveFailure {
  message: string;
  field?: string;
}

/** Profile and invoice data: only the fields the owner may write (profileEditSchema = the rules). */
export function ProfileForm({ profile, onSave }: { profile: Profile; onSave: (edit: ProfileEdit) => Promise<SaveFailure | null> }) {
  const [values, setValues] = useState<Values>({
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone,
    country: profile.country,
    withInvoice: Boolean(profile.invoice),
    invoice: invoiceValuesFrom(profile.invoice, { name: `${profile.firstName} ${profile.lastName}`, country: profile.country }),
  });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [refusedField, setRefusedField] = useState<SaveFailure | null>(null);
  const errors = profileErrors(values);
  // The server's refusal stays next to its field until that part of the form changes.
  const shownErrors: Record<string, string> = submitted ? { ...errors } : {};
  if (refusedField?.field && !shownErrors[refusedField.field]) shownErrors[refusedField.field] = refusedField.message;
  const show = (f: string) => shownErrors[f];
  const invoiceShown: Record<string, string | undefined> = {};
  for (const [k, m] of Object.entries(shownErrors)) if (k.startsWith('invoice.')) invoiceShown[k.slice('invoice.'.length)] = m;
  if (shownErrors.invoice) invoiceShown.name = shownErrors.invoice;
  const set = (patch: Partial<Values>) => {
    setResult(null);
    setRefusedField(null);
    setValues((v) => ({ ...v, ...patch }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    const failure = await onSave(payloadOf(values));
    setBusy(false);
    setRefusedField(failure?.field ? failure : null);
    setResult(failure ? { ok: false, message: failure.field ? 'Nie zapisano: popraw zaznaczone pole.' : failure.message } : { ok: true, message: 'Zapisano dane.' });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Dane profilu">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Imię" name="firstName" autoComplete="given-name" required maxLength={60} value={values.firstName} onChange={(e) => set({ firstName: e.currentTarget.value })} error={show('firstName')} disabled={busy} />
          <TextInput label="Nazwisko" name="lastName" autoComplete="family-name" required maxLength={60} value={values.lastName} onChange={(e) => set({ lastName: e.currentTarget.value })} error={show('lastName')} disabled={busy} />
          <TextInput label="Telefon" name="phone" type="tel" autoComplete="tel" required value={values.phone} onChange={(e) => set({ phone: e.currentTarget.value })} error={show('phone')} disabled={busy} />
          <CountrySelect label="Kraj" name="country" required value={values.country || null} onChange={(v) => set({ country: v ?? '' })} error={show('country')} disabled={busy} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Adres e-mail: <b>{profile.email}</b> (służy do logowania; nie można go tu zmienić).
        </Text>
        <Switch label="Zapisz dane do faktury (podpowiemy je przy kolejnych zamówieniach)" checked={values.withInvoice} onChange={(e) => set({ withInvoice: e.currentTarget.checked })} disabled={busy} />
        {values.withInvoice && <InvoiceDataFields values={values.invoice} onChange={(patch) => set({ invoice: { ...values.invoice, ...patch } })} errors={invoiceShown} disabled={busy} />}
        {result && (
          <Alert color={result.ok ? 'teal' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'} data-testid="profile-result">
            {result.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Zapisz dane
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
