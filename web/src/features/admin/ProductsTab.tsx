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
import { parsePln } from '@domain/money';
import { upsertProductInput, type CallableInput } from '@domain/callables';
import { DEFAULT_MAX_UNITS_PER_ACCOUNT } from '@domain/schemas';
import { formatDateTime, formatMoney } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { useGetProductsQuery } from '../catalogue';
import { useAdminArchivedProductsQuery, type AdminProduct } from './api';
import { CatalogueEditor, CatalogueTab, optionalInt, useCatalogueEditor, type CatalogueValues } from './catalogue';
import { groszeToInput, newKey } from './ui';
import { callFunction } from '../../shared/firebase';

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

function valuesOf(p: AdminProduct): ProductValues {
  return {
    name: p.name,
    description: p.description,
    price: groszeToInput(p.priceGrosze),
    vatRate: String(p.vatRate),
    active: p.active,
    sortOrder: p.sortOrder,
    imageUrl: p.imageUrl ?? '',
    maxPerAccount: p.maxPerAccount ?? '',
    variants: p.variants.map((v) => ({ id: v.id, label: v.label, stock: v.stock, sold: v.sold })),
  };
}

/** The upsertProduct payload; a price that does not parse is left out (the editor names it). */
function productPayload(id: string | undefined, values: ProductValues) {
  const maxPerAccount = optionalInt(values.maxPerAccount);
  return {
    ...(id ? { id } : {}),
    product: {
      name: values.name,
      description: values.description,
      priceGrosze: parsePln(values.price) ?? undefined,
      vatRate: Number(values.vatRate),
      active: values.active,
      sortOrder: typeof values.sortOrder === 'number' ? values.sortOrder : 0,
      ...(values.imageUrl.trim() ? { imageUrl: values.imageUrl.trim() } : {}),
      ...(maxPerAccount === undefined ? {} : { maxPerAccount }),
      variants: Object.fromEntries(
        values.variants.map((v, i) => [
          v.id,
          { label: v.label, stock: optionalInt(v.stock) ?? Number.NaN, sortOrder: i * 10 },
        ]),
      ),
    },
  };
}

/** `product.variants.{id}.stock` → `variants.{index}.stock`; `product.priceGrosze` → `price`. */
function productField(path: readonly PropertyKey[], values: ProductValues): string {
  const [, first, id, ...rest] = path.map(String);
  if (first === undefined) return '';
  if (first === 'priceGrosze') return 'price';
  if (first === 'variants' && id !== undefined) {
    const index = values.variants.findIndex((v) => v.id === id);
    return index < 0 ? 'variants' : ['variants', index, ...rest].join('.');
  }
  return first;
}

function productChecks(values: ProductValues): Record<string, string> {
  const found: Record<string, string> = {};
  if (parsePln(values.price) === null) found.price = 'Podaj cenę, np. 79,00';
  values.variants.forEach((v, i) => {
    if (typeof v.stock === 'number' && v.stock < v.sold) found[`variants.${i}.stock`] = `Sprzedano już ${v.sold} szt.`;
  });
  return found;
}

export function ProductForm({ editing, onDone }: { editing: AdminProduct | null; onDone: (message: string) => void }) {
  const editor = useCatalogueEditor<ProductValues>({
    initialValues: editing ? valuesOf(editing) : emptyProduct(),
    schema: upsertProductInput,
    toPayload: (values) => productPayload(editing?.id, values),
    fieldOf: productField,
    extraErrors: productChecks,
    save: (payload) => callFunction('upsertProduct', payload as CallableInput<'upsertProduct'>),
    doneMessage: (name) => (editing ? `Zapisano produkt „${name}”.` : `Dodano produkt „${name}”.`),
    onDone,
  });
  const { form } = editor;
  const variants = form.values.variants;
  const variantsError = form.errors.variants;
  return (
    <CatalogueEditor
      label="Produkt"
      nameLabel="Nazwa produktu"
      pricePlaceholder="79,00"
      submitLabel={editing ? 'Zapisz zmiany' : 'Dodaj produkt'}
      editor={editor}
      priceRow={
        <NumberInput label="Kolejność" min={0} max={10000} allowDecimal={false} {...form.getInputProps('sortOrder')} />
      }
    >
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
    </CatalogueEditor>
  );
}

export function ProductsTab() {
  const live = useGetProductsQuery();
  const archived = useAdminArchivedProductsQuery();
  return (
    <CatalogueTab<AdminProduct, AdminProduct>
      title="Produkty"
      addLabel="Dodaj produkt"
      list={({ edit, archive }) =>
        live.isLoading ? (
          <LoadingRows label="Wczytywanie produktów" />
        ) : live.isError ? (
          <LoadError error={live.error} onRetry={live.refetch}>
            Nie udało się wczytać produktów.
          </LoadError>
        ) : !live.data?.length ? (
          <EmptyState title="Brak produktów">Dodaj pierwszy produkt do sklepiku.</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {live.data.map((p) => (
              <Paper key={p.id} withBorder radius="md" p="md" data-testid="product-card">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={0}>
                      <Text fw={700}>{p.name}</Text>
                      <Text size="sm" c="dimmed">
                        {formatMoney(p.priceGrosze)} · VAT {p.vatRate} %
                      </Text>
                    </Stack>
                    {!p.active && (
                      <Badge color="gray" variant="light">
                        wstrzymany
                      </Badge>
                    )}
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
                  <Group gap={6} justify="flex-end">
                    <Button size="xs" variant="light" onClick={() => edit(p)}>
                      Edytuj
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => archive(p)}>
                      Archiwizuj
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )
      }
      archiveConfirm={(p) => ({
        title: 'Archiwizacja produktu',
        body: `Produkt „${p.name}” zniknie ze sklepiku. Zamówienia i faktury pozostaną bez zmian; produkt można później przywrócić.`,
        confirmLabel: 'Archiwizuj',
        color: 'red',
        run: async () => {
          await callFunction('archiveProduct', { id: p.id });
          return `Produkt „${p.name}” przeniesiono do archiwum.`;
        },
      })}
      archived={archived.data}
      archivedTitle="Archiwum produktów"
      archivedTestId="archived-product"
      archivedDetails={(p) =>
        `· ${formatMoney(p.priceGrosze)}${p.archivedAt ? ` · w archiwum od ${formatDateTime(p.archivedAt)}` : ''}`
      }
      restoreConfirm={(p) => ({
        title: 'Przywrócenie produktu',
        body: `Przywrócić produkt „${p.name}” do sklepiku?`,
        confirmLabel: 'Przywróć',
        run: async () => {
          await callFunction('restoreProduct', { id: p.id });
          return `Przywrócono produkt „${p.name}”.`;
        },
      })}
      modalTitle={{ create: 'Nowy produkt', edit: 'Edycja produktu' }}
      editor={(editing, onDone) => <ProductForm editing={editing} onDone={onDone} />}
    />
  );
}
