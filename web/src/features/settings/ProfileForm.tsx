import { useState } from 'react';
import { SimpleGrid, Switch } from '@mantine/core';
import { updateProfileInput } from '@domain/callables';
import type { Profile } from '@domain/schemas';
import { NameFields, PhoneField, type PersonDetailsValues } from '../../shared/ui/PersonFields';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { ResultAlert, type ActionResult } from '../../shared/ui/ResultAlert';
import { CountrySelect } from '../registration';
import type { ProfileEdit } from './api';
import { InvoiceDataFields, invoiceFromValues, invoiceValuesFrom, type InvoiceValues } from './InvoiceDataFields';
import { StackedForm } from '../../shared/ui/StackedForm';
import { SubmitRow } from '../../shared/ui/SubmitRow';
import { Hint } from '../../shared/ui/Hint';
import { ErrorText } from '../../shared/ui/ErrorText';

interface Values extends PersonDetailsValues, Record<string, unknown> {
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

/** A save that failed: the message, and the field it is about when the server named one ("invoice.nip"). */
export interface SaveFailure {
  message: string;
  field?: string;
}

/** Profile and invoice data: only the fields the owner may write (profileEditSchema = the rules). */
export function ProfileForm({
  profile,
  onSave,
}: {
  profile: Profile;
  onSave: (edit: ProfileEdit) => Promise<SaveFailure | null>;
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  const { form, submitWith } = useSchemaForm<Values>({
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone,
      country: profile.country,
      withInvoice: Boolean(profile.invoice),
      invoice: invoiceValuesFrom(profile.invoice, {
        name: `${profile.firstName} ${profile.lastName}`,
        country: profile.country,
      }),
    },
    schema: updateProfileInput,
    toPayload: payloadOf,
    onValuesChange: () => setResult(null),
  });

  const submit = submitWith(async (values) => {
    setBusy(true);
    const failure = await onSave(payloadOf(values));
    setBusy(false);
    // The server's refusal stays next to its field until the form changes.
    if (failure?.field) form.setFieldError(failure.field, failure.message);
    setResult(
      failure
        ? { ok: false, message: failure.field ? 'Nie zapisano: popraw zaznaczone pole.' : failure.message }
        : { ok: true, message: 'Zapisano dane.' },
    );
  });
  const withInvoice = form.getValues().withInvoice;

  return (
    <StackedForm label="Dane profilu" onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NameFields form={form} own disabled={busy} />
        <PhoneField disabled={busy} {...form.getInputProps('phone')} />
        <CountrySelect label="Kraj" name="country" required disabled={busy} {...form.getInputProps('country')} />
      </SimpleGrid>
      <Hint>
        Adres e-mail: <b>{profile.email}</b> (służy do logowania; nie można go tu zmienić).
      </Hint>
      <Switch
        label="Zapisz dane do faktury (podpowiemy je przy kolejnych zamówieniach)"
        disabled={busy}
        {...form.getInputProps('withInvoice', { type: 'checkbox' })}
      />
      {withInvoice && <InvoiceDataFields form={form} path="invoice" names="settings" disabled={busy} />}
      <ErrorText>{form.errors._form}</ErrorText>
      <ResultAlert result={result} testId="profile-result" />
      <SubmitRow label="Zapisz dane" busy={busy} />
    </StackedForm>
  );
}
