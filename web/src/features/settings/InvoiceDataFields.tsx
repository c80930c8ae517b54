import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { invoiceDataSchema, type InvoiceData } from '@domain/schemas';
import { schemaErrors } from '../../shared/ui/formErrors';
import { CountrySelect } from '../registration';

export interface InvoiceValues {
  kind: 'person' | 'company';
  name: string;
  nip: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export const emptyInvoice: InvoiceValues = { kind: 'person', name: '', nip: '', street: '', postalCode: '', city: '', country: 'PL' };

/** The payload shape: a person carries no NIP (the schema and the rules are strict about it). */
export function invoiceFromValues(v: InvoiceValues): Record<string, unknown> {
  const base = { kind: v.kind, name: v.name.trim(), street: v.street.trim(), postalCode: v.postalCode.trim(), city: v.city.trim(), country: v.country };
  return v.kind === 'company' ? { ...base, nip: v.nip.trim() } : base;
}

export function invoiceValuesFrom(data: InvoiceData | undefined | null, fallback: Partial<InvoiceValues> = {}): InvoiceValues {
  if (!data) return { ...emptyInvoice, ...fallback };
  return { ...emptyInvoice, ...data, nip: data.kind === 'company' ? data.nip : '' };
}

export function invoiceErrors(v: InvoiceValues): Record<string, string> {
  return schemaErrors(invoiceDataSchema, invoiceFromValues(v));
}

interface Props {
  values: InvoiceValues;
  onChange: (patch: Partial<InvoiceValues>) => void;
  /** Errors keyed by field name ("nip", "postalCode"…), already filtered to what should show. */
  errors: Record<string, string | undefined>;
  onBlur?: (field: string) => void;
  disabled?: boolean;
}

/** Buyer / invoice data: a private person or a company with a NIP (checked by checksum). */
export function InvoiceDataFields({ values, onChange, errors, onBlur, disabled }: Props) {
  const blur = (f: string) => () => onBlur?.(f);
  const company = values.kind === 'company';
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="invoice-kind-label">
          Faktura na
        </Text>
        <SegmentedControl
          aria-labelledby="invoice-kind-label"
          value={values.kind}
          onChange={(v) => onChange({ kind: v as InvoiceValues['kind'] })}
          data={[
            { value: 'person', label: 'Osobę prywatną' },
            { value: 'company', label: 'Firmę (z NIP)' },
          ]}
          disabled={disabled}
          fullWidth
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: company ? 2 : 1 }}>
        <TextInput label={company ? 'Nazwa firmy' : 'Imię i nazwisko'} name="invoiceName" autoComplete={company ? 'organization' : 'name'} required maxLength={120} value={values.name} onChange={(e) => onChange({ name: e.currentTarget.value })} onBlur={blur('name')} error={errors.name} disabled={disabled} />
        {company && (
          <TextInput label="NIP" name="nip" required inputMode="numeric" placeholder="123-456-32-18" description="10 cyfr, można z kreskami" value={values.nip} onChange={(e) => onChange({ nip: e.currentTarget.value })} onBlur={blur('nip')} error={errors.nip} disabled={disabled} />
        )}
      </SimpleGrid>
      <TextInput label="Ulica i numer" name="street" autoComplete="street-address" required maxLength={120} value={values.street} onChange={(e) => onChange({ street: e.currentTarget.value })} onBlur={blur('street')} error={errors.street} disabled={disabled} />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <TextInput label="Kod pocztowy" name="postalCode" autoComplete="postal-code" required placeholder={values.country === 'PL' ? '00-000' : undefined} value={values.postalCode} onChange={(e) => onChange({ postalCode: e.currentTarget.value })} onBlur={blur('postalCode')} error={errors.postalCode} disabled={disabled} />
        <TextInput label="Miejscowość" name="city" autoComplete="address-level2" required maxLength={60} value={values.city} onChange={(e) => onChange({ city: e.currentTarget.value })} onBlur={blur('city')} error={errors.city} disabled={disabled} />
        <CountrySelect label="Kraj" name="invoiceCountry" required value={values.country || null} onChange={(v) => onChange({ country: v ?? '' })} error={errors.country} disabled={disabled} />
      </SimpleGrid>
    </Stack>
  );
}
