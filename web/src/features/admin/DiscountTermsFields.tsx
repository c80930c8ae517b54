import {
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DISCOUNT_KIND_LABELS, DISCOUNT_KINDS } from '@domain/discounts';
import { useGetProductsQuery, useGetTicketTypesQuery } from '../catalogue';
import type { DiscountTermsValues } from './discountForm';

type Form = UseFormReturnType<{ terms: DiscountTermsValues }>;

const VALUE_LABEL = {
  percent: 'Zniżka w procentach',
  amount: 'Zniżka na sztukę (zł)',
  price: 'Cena za sztukę (zł)',
} as const;

/** The code's limits on uses, whole numbers from 1; empty = no limit. */
const USE_LIMITS = [
  {
    field: 'maxUses',
    label: 'Liczba użyć łącznie',
    description: 'jedno użycie = jeden bilet lub sztuka; puste = bez limitu',
  },
  { field: 'maxPerAccount', label: 'Użyć na jedno konto', description: 'puste = bez limitu' },
] as const;

/** Typed on Warsaw's clock (ui.tsx), whatever the browser's time zone. */
const VALIDITY = [
  { field: 'validFrom', label: 'Ważny od (czas polski)' },
  { field: 'validUntil', label: 'Ważny do (czas polski)' },
] as const;

/** The terms of a code (kind and value, what it covers, limits, validity), shared by the single-code and the batch form. */
export function DiscountTermsFields({ form }: { form: Form }) {
  const types = useGetTicketTypesQuery();
  const products = useGetProductsQuery();
  const kind = form.values.terms.kind;
  const scope = [
    { group: 'Bilety', items: (types.data ?? []).map((t) => ({ value: `t:${t.id}`, label: t.name })) },
    { group: 'Produkty', items: (products.data ?? []).map((p) => ({ value: `p:${p.id}`, label: p.name })) },
  ];
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Rodzaj zniżki
        </Text>
        {/* Labels wrap at 390 px rather than run out of the control. */}
        <SegmentedControl
          fullWidth
          data={DISCOUNT_KINDS.map((k) => ({ value: k, label: DISCOUNT_KIND_LABELS[k] }))}
          styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
          {...form.getInputProps('terms.kind')}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={VALUE_LABEL[kind]}
          inputMode="decimal"
          rightSection={kind === 'percent' ? '%' : 'zł'}
          withAsterisk
          {...form.getInputProps('terms.value')}
        />
        <TextInput label="Opis (dla kogo)" placeholder="np. wolontariusze" {...form.getInputProps('terms.label')} />
      </SimpleGrid>
      <MultiSelect
        label="Obejmuje"
        placeholder={form.values.terms.scope.length ? undefined : 'wszystkie bilety i produkty'}
        data={scope}
        searchable
        clearable
        {...form.getInputProps('terms.scope')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {USE_LIMITS.map(({ field, ...texts }) => (
          <NumberInput key={field} {...texts} min={1} allowDecimal={false} {...form.getInputProps(`terms.${field}`)} />
        ))}
        {VALIDITY.map(({ field, label }) => (
          <TextInput key={field} type="datetime-local" label={label} {...form.getInputProps(`terms.${field}`)} />
        ))}
      </SimpleGrid>
      <Group>
        <Switch label="Aktywny" {...form.getInputProps('terms.active', { type: 'checkbox' })} />
      </Group>
    </Stack>
  );
}
