import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { profileEditSchema, type InvoiceData, type Profile } from '@domain/schemas';
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

function payloadOf(v: Values) {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    phone: v.phone.trim(),
    country: v.country,
    ...(v.withInvoice ? { invoice: invoiceFromValues(v.invoice) } : {}),
  };
}

export function profileErrors(v: Values): Record<string, string> {
  return schemaErrors(profileEditSchema, payloadOf(v));
}

/** Profile and invoice data: only the fields the owner may write (profileEditSchema = the rules). */
export function ProfileForm({ profile, onSave }: { profile: Profile; onSave: (edit: ProfileEdit) => Promise<string | null> }) {
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
  const errors = profileErrors(values);
  const show = (f: string) => (submitted ? errors[f] : undefined);
  const invoiceShown: Record<string, string | undefined> = {};
  for (const [k, m] of Object.entries(errors)) if (submitted && k.startsWith('invoice.')) invoiceShown[k.slice('invoice.'.length)] = m;
  if (submitted && errors.invoice) invoiceShown.name = errors.invoice;
  const set = (patch: Partial<Values>) => {
    setResult(null);
    setValues((v) => ({ ...v, ...patch }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    const p = payloadOf(values);
    const failure = await onSave({ ...p, invoice: values.withInvoice ? (p.invoice as InvoiceData) : null });
    setBusy(false);
    setResult(failure ? { ok: false, message: failure } : { ok: true, message: 'Zapisano dane.' });
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
