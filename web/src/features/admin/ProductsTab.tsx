import type { ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { upsertProductInput } from '@domain/callables';
import { DEFAULT_MAX_UNITS_PER_ACCOUNT } from '@domain/schemas';
import { formatMoney } from '../../shared/format/pl';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { useGetProductsQuery } from '../catalogue';
import { useAdminArchivedProductsQuery, type AdminProduct } from './api';
import { CatalogueEditor, CatalogueTab, OffSaleBadge, type CatalogueKind, type CatalogueValues } from './catalogue';
import { newKey, optionalInt } from './ui';
import { Hint } from '../../shared/ui/Hint';

interface VariantDraft {
  id: string;
  label: string;
  stock: number | string;
  sold: number;
}
interface ProductValues extends CatalogueValues {
  imageUrl: string;
  variants: VariantDraft[];
}

const newVariant = (): VariantDraft => ({ id: newKey(), label: '', stock: 0, sold: 0 });

const emptyProduct = (): ProductValues => ({
  name: '',
  description: '',
  price: '',
  vatRate: '23',
  active: true,
  sortOrder: 10,
  imageUrl: '',
  maxPerAccount: '',
  variants: [newVariant()],
});

const PRODUCT: CatalogueKind<AdminProduct, ProductValues> = {
  title: 'Produkty',
  noun: 'Produkt',
  genitive: 'produktu',
  addLabel: 'Dodaj produkt',
  archiveTitle: 'Archiwum produktów',
  archiveCallable: 'archiveProduct',
  restoreCallable: 'restoreProduct',
  archiveQuestion: (name) =>
    `Produkt „${name}” zniknie ze sklepiku. Zamówienia i faktury pozostaną bez zmian; produkt można później przywrócić.`,
  restoreQuestion: (name) => `Przywrócić produkt „${name}” do sklepiku?`,
  List: ProductList,
  Editor: ProductForm,
  useArchived: useAdminArchivedProductsQuery,
  archivedTestId: 'archived-product',
  archivedDetail: (p) => `· ${formatMoney(p.priceGrosze)}`,
  editorLabel: 'Produkt',
  nameLabel: 'Nazwa produktu',
  pricePlaceholder: '79,00',
  upsertCallable: 'upsertProduct',
  payloadKey: 'product',
  schema: upsertProductInput,
  blank: emptyProduct,
  valuesOf: (p, common) => ({
    ...common,
    imageUrl: p.imageUrl ?? '',
    variants: p.variants.map((v) => ({ id: v.id, label: v.label, stock: v.stock, sold: v.sold })),
  }),
  ownPayloadOf: (values) => ({
    ...(values.imageUrl.trim() ? { imageUrl: values.imageUrl.trim() } : {}),
    variants: Object.fromEntries(
      values.variants.map((v, i) => [
        v.id,
        { label: v.label, stock: optionalInt(v.stock) ?? Number.NaN, sortOrder: i * 10 },
      ]),
    ),
  }),
  // `product.variants.{id}.stock` → `variants.{index}.stock`.
  ownFieldOf: (first, [id, ...rest], values) => {
    if (first !== 'variants' || id === undefined) return undefined;
    const index = values.variants.findIndex((v) => v.id === id);
    return index < 0 ? 'variants' : ['variants', index, ...rest].join('.');
  },
  ownErrors: (values) => {
    const found: Record<string, string> = {};
    values.variants.forEach((v, i) => {
      if (typeof v.stock === 'number' && v.stock < v.sold)
        found[`variants.${i}.stock`] = `Sprzedano już ${v.sold} szt.`;
    });
    return found;
  },
};

export function ProductForm({ editing, onDone }: { editing: AdminProduct | null; onDone: (message: string) => void }) {
  return (
    <CatalogueEditor
      kind={PRODUCT}
      editing={editing}
      onDone={onDone}
      priceRow={(form) => (
        <NumberInput label="Kolejność" min={0} max={10000} allowDecimal={false} {...form.getInputProps('sortOrder')} />
      )}
    >
      {(form) => <ProductOwnFields form={form} />}
    </CatalogueEditor>
  );
}

/** Image, the per-account cap and the variants with their stock. */
function ProductOwnFields({ form }: { form: UseFormReturnType<ProductValues> }) {
  const variants = form.values.variants;
  const variantsError = form.errors.variants;
  return (
    <>
      <Group grow align="flex-start">
        <TextInput label="Adres obrazka (opcjonalnie)" placeholder="https://…" {...form.getInputProps('imageUrl')} />
        <NumberInput
          label="Limit sztuk na jedno konto"
          description={`Ile sztuk każdego wariantu może zamówić jedno konto; puste = ${DEFAULT_MAX_UNITS_PER_ACCOUNT}`}
          min={1}
          allowDecimal={false}
          {...form.getInputProps('maxPerAccount')}
        />
      </Group>
      <Stack gap={6}>
        <Text fw={600} size="sm">
          Warianty (np. rozmiary) i stan magazynu
        </Text>
        {variantsError && (
          <Text c="red" size="sm">
            {variantsError}
          </Text>
        )}
        {variants.map((v, i) => (
          <Group key={v.id} align="flex-start" wrap="nowrap" gap="xs" data-testid="variant-row">
            <TextInput
              aria-label={`Wariant ${i + 1}: nazwa`}
              placeholder="np. M"
              style={{ flex: 2 }}
              {...form.getInputProps(`variants.${i}.label`)}
            />
            <NumberInput
              aria-label={`Wariant ${i + 1}: stan`}
              style={{ flex: 1 }}
              min={v.sold}
              allowDecimal={false}
              {...form.getInputProps(`variants.${i}.stock`)}
              description={v.sold > 0 ? `sprzedano ${v.sold}` : undefined}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={4}
              aria-label={`Usuń wariant ${v.label || i + 1}`}
              disabled={v.sold > 0 || variants.length === 1}
              title={v.sold > 0 ? 'Wariant był sprzedawany — nie można go usunąć' : undefined}
              onClick={() => form.removeListItem('variants', i)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => form.insertListItem('variants', newVariant())}
        >
          + Dodaj wariant
        </Button>
      </Stack>
    </>
  );
}

function ProductCard({ product: p, controls }: { product: AdminProduct; controls: ReactNode }) {
  return (
    <Paper withBorder p="md" data-testid="product-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Text fw={700}>{p.name}</Text>
            <Hint>
              {formatMoney(p.priceGrosze)} · VAT {p.vatRate} %
            </Hint>
          </Stack>
          <OffSaleBadge active={p.active} />
        </Group>
        <Group gap={6}>
          {p.variants.map((v) => (
            <Badge
              key={v.id}
              variant="outline"
              color={v.stock - v.sold > 0 ? 'baltyk' : 'red'}
              title={`sprzedano ${v.sold} z ${v.stock}`}
            >
              {v.label}: {v.stock - v.sold}/{v.stock}
            </Badge>
          ))}
        </Group>
        {controls}
      </Stack>
    </Paper>
  );
}

function ProductList({ controlsOf }: { controlsOf: (p: AdminProduct) => ReactNode }) {
  const live = useGetProductsQuery();
  return (
    <DataGate
      query={live}
      what="produktów"
      onRetry={live.refetch}
      isEmpty={!live.data?.length}
      empty={<EmptyState title="Brak produktów">Dodaj pierwszy produkt do sklepiku.</EmptyState>}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {live.data?.map((p) => (
          <ProductCard key={p.id} product={p} controls={controlsOf(p)} />
        ))}
      </SimpleGrid>
    </DataGate>
  );
}

export function ProductsTab() {
  return <CatalogueTab kind={PRODUCT} />;
}
