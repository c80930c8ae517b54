import { Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { invoiceDataSchema, type InvoiceData } from '@domain/schemas';
import type { z } from 'zod';
import { schemaErrors } from './formErrors';

/**
 * Buyer / invoice data of an order (docs/data-model.md "Invoice data"): a private person or a company
 * with a NIP. Presentational: the checkout that owns the values validates them with `buyerErrors`
 * (the shared domain schema, so the form and the callable agree) and passes the messages back in.
 * Shared by the tickets and the merchandise checkouts.
 */
export interface BuyerDraft {
  kind: 'person' | 'company';
  name: string;
  nip: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export const EMPTY_BUYER: BuyerDraft = { kind: 'person', name: '', nip: '', street: '', postalCode: '', city: '', country: 'PL' };

export type BuyerInput = z.input<typeof invoiceDataSchema>;

/** What the callables accept as `buyer`: the NIP only for a company (a person with a NIP is refused as an unknown key). */
export function buyerInput(d: BuyerDraft): BuyerInput {
  const base = { name: d.name, street: d.street, postalCode: d.postalCode, city: d.city, country: d.country };
  return d.kind === 'company' ? { kind: 'company', ...base, nip: d.nip } : { kind: 'person', ...base };
}

/** Field → Polish message; empty when the data is valid. */
export function buyerErrors(d: BuyerDraft): Record<string, string> {
  return schemaErrors(invoiceDataSchema, buyerInput(d));
}

/** Prefills the form from the profile's saved invoice data (or the account holder's name). */
export function draftFromInvoice(invoice: InvoiceData | undefined | null, fallbackName = ''): BuyerDraft {
  if (!invoice) return { ...EMPTY_BUYER, name: fallbackName };
  return {
    kind: invoice.kind,
    name: invoice.name,
    nip: invoice.kind === 'company' ? invoice.nip : '',
    street: invoice.street,
    postalCode: invoice.postalCode,
    city: invoice.city,
    country: invoice.country,
  };
}

export interface BuyerInvoiceFieldsProps {
  value: BuyerDraft;
  onChange: (next: BuyerDraft) => void;
  /** Messages keyed by field ("nip", "postalCode", …), e.g. from `buyerErrors` or a server refusal. */
  errors?: Record<string, string | undefined>;
  countries: { value: string; label: string }[];
  countriesLoading?: boolean;
  disabled?: boolean;
}

export function BuyerInvoiceFields({ value, onChange, errors = {}, countries, countriesLoading, disabled }: BuyerInvoiceFieldsProps) {
  const set = <K extends keyof BuyerDraft>(key: K, v: BuyerDraft[K]) => onChange({ ...value, [key]: v });
  const company = value.kind === 'company';
  return (
    <Stack gap="md">
      <Radio.Group
        label="Faktura na"
        value={value.kind}
        onChange={(v) => set('kind', v === 'company' ? 'company' : 'person')}
        error={errors.kind}
      >
        <Group gap="lg" mt={6}>
          <Radio value="person" label="Osobę prywatną" disabled={disabled} />
          <Radio value="company" label="Firmę (z NIP)" disabled={disabled} />
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: company ? 2 : 1 }} spacing="md">
        <TextInput
          label={company ? 'Nazwa firmy' : 'Imię i nazwisko'}
          name="buyer-name"
          autoComplete={company ? 'organization' : 'name'}
          required
          value={value.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          disabled={disabled}
          maxLength={120}
        />
        {company && (
          <TextInput
            label="NIP"
            name="buyer-nip"
            inputMode="numeric"
            description="10 cyfr, można z kreskami"
            placeholder="123-456-32-18"
            required
            value={value.nip}
            onChange={(e) => set('nip', e.currentTarget.value)}
            error={errors.nip}
            disabled={disabled}
            maxLength={13}
          />
        )}
      </SimpleGrid>
      <TextInput
        label="Ulica i numer"
        name="buyer-street"
        autoComplete="street-address"
        required
        value={value.street}
        onChange={(e) => set('street', e.currentTarget.value)}
        error={errors.street}
        disabled={disabled}
        maxLength={120}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <TextInput
          label="Kod pocztowy"
          name="buyer-postal-code"
          autoComplete="postal-code"
          placeholder={value.country === 'PL' ? '00-000' : undefined}
          required
          value={value.postalCode}
          onChange={(e) => set('postalCode', e.currentTarget.value)}
          error={errors.postalCode}
          disabled={disabled}
          maxLength={12}
        />
        <TextInput
          label="Miejscowość"
          name="buyer-city"
          autoComplete="address-level2"
          required
          value={value.city}
          onChange={(e) => set('city', e.currentTarget.value)}
          error={errors.city}
          disabled={disabled}
          maxLength={60}
        />
        <Select
          label="Kraj"
          name="buyer-country"
          searchable
          allowDeselect={false}
          nothingFoundMessage="Nie znaleziono kraju"
          required
          data={countries.length > 0 ? countries : [{ value: value.country, label: value.country }]}
          value={value.country}
          onChange={(v) => v && set('country', v)}
          error={errors.country}
          disabled={disabled || countriesLoading}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
    </Stack>
  );
}
