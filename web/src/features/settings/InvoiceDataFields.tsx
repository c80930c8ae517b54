import { Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { invoiceDataSchema, type InvoiceData } from '@domain/schemas';
import { CountrySelect } from '../registration';

/**
 * Buyer / invoice data (docs/data-model.md "Invoice data"): a private person or a company with a
 * NIP. The one form of it, used by both checkouts (the order's buyer) and by the settings page (the
 * profile's saved data); the owning `useForm` validates it with the domain schema, so the form and
 * the callable agree.
 */
export interface InvoiceValues {
  kind: 'person' | 'company';
  name: string;
  /** Kept while a person is chosen, so switching back and forth loses nothing; never sent for a person. */
  nip: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export const emptyInvoice: InvoiceValues = {
  kind: 'person',
  name: '',
  nip: '',
  street: '',
  postalCode: '',
  city: '',
  country: 'PL',
};

type InvoiceInput = z.input<typeof invoiceDataSchema>;

/** What the callables accept: the NIP only for a company (a person with a NIP is refused as an unknown key). */
export function invoiceFromValues(v: InvoiceValues): InvoiceInput {
  const base = { name: v.name, street: v.street, postalCode: v.postalCode, city: v.city, country: v.country };
  return v.kind === 'company' ? { kind: 'company', ...base, nip: v.nip } : { kind: 'person', ...base };
}

/** Prefills the form from saved invoice data, or from `fallback` (e.g. the account holder's name). */
export function invoiceValuesFrom(
  data: InvoiceData | undefined | null,
  fallback: Partial<InvoiceValues> = {},
): InvoiceValues {
  if (!data) return { ...emptyInvoice, ...fallback };
  return { ...emptyInvoice, ...data, nip: data.kind === 'company' ? data.nip : '' };
}

/**
 * The `name` attributes (what the browser's autofill and the end-to-end tests know the fields by):
 * the checkout's buyer fields, and the settings form's, where the profile has a name and a country
 * of its own next to them.
 */
const INVOICE_FIELD_NAMES = {
  checkout: {
    name: 'buyer-name',
    nip: 'buyer-nip',
    street: 'buyer-street',
    postalCode: 'buyer-postal-code',
    city: 'buyer-city',
    country: 'buyer-country',
  },
  settings: {
    name: 'invoiceName',
    nip: 'nip',
    street: 'street',
    postalCode: 'postalCode',
    city: 'city',
    country: 'invoiceCountry',
  },
} as const;

interface InvoiceDataFieldsProps<Values> {
  /** The owning form (controlled mode); its values hold an `InvoiceValues` at `path`. */
  form: UseFormReturnType<Values>;
  /** Where the invoice data sits in the form's values: "buyer", "invoice". */
  path: string;
  names: keyof typeof INVOICE_FIELD_NAMES;
  disabled?: boolean;
}

export function InvoiceDataFields<Values>({ form, path, names, disabled }: InvoiceDataFieldsProps<Values>) {
  const field = (name: keyof InvoiceValues) => form.getInputProps(`${path}.${name}`);
  const n = INVOICE_FIELD_NAMES[names];
  /** A field's binding in one place: value and message at `path`, the autofill name, the shared disabled state. */
  const input = (name: keyof typeof n) => ({ name: n[name], disabled, ...field(name) });
  const kind = field('kind');
  const company = kind.value === 'company';
  const country = input('country');
  return (
    <Stack gap="md">
      {/* A union-level refusal ("choose a person or a company") is reported at the data's own path. */}
      <Radio.Group label="Faktura na" {...kind} error={kind.error ?? form.errors[path]}>
        <Group gap="lg" mt={6}>
          <Radio value="person" label="Osobę prywatną" disabled={disabled} />
          <Radio value="company" label="Firmę (z NIP)" disabled={disabled} />
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: company ? 2 : 1 }} spacing="md">
        <TextInput
          label={company ? 'Nazwa firmy' : 'Imię i nazwisko'}
          autoComplete={company ? 'organization' : 'name'}
          required
          maxLength={120}
          {...input('name')}
        />
        {company && (
          <TextInput
            label="NIP"
            inputMode="numeric"
            description="10 cyfr, można z kreskami"
            placeholder="123-456-32-18"
            required
            maxLength={13}
            {...input('nip')}
          />
        )}
      </SimpleGrid>
      <TextInput label="Ulica i numer" autoComplete="street-address" required maxLength={120} {...input('street')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <TextInput
          label="Kod pocztowy"
          autoComplete="postal-code"
          placeholder={country.value === 'PL' ? '00-000' : undefined}
          required
          maxLength={12}
          {...input('postalCode')}
        />
        <TextInput label="Miejscowość" autoComplete="address-level2" required maxLength={60} {...input('city')} />
        <CountrySelect label="Kraj" required {...country} value={country.value || null} />
      </SimpleGrid>
    </Stack>
  );
}
