import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { parsePln } from '@domain/money';
import { upsertProductInput, type CallableInput } from '@domain/callables';
import { DEFAULT_MAX_UNITS_PER_ACCOUNT } from '@domain/schemas';
import { formatDateTime, formatMoney } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { refusalOf, schemaErrors } from '../../shared/ui/formErrors';
import { callAdmin, useAdminArchivedProductsQuery, useAdminProductsQuery, type AdminProduct } from './api';
import { groszeToInput, newKey, ResultAlert, useConfirm, VAT_OPTIONS, type ActionResult } from './ui';

interface VariantDraft {
  id: string;
  label: string;
  stock: number | string;
  sold: number;
}
interface Draft {
  name: string;
  description: string;
  price: string;
  vatRate: string;
  active: boolean;
  sortOrder: number | string;
  imageUrl: string;
  /** '' = the default cap (DEFAULT_MAX_UNITS_PER_ACCOUNT) */
  maxPerAccount: number | string;
  variants: VariantDraft[];
}

const emptyDraft = (): Draft => ({
  name: '',
  description: '',
  price: '',
  vatRate: '23',
  active: true,
  sortOrder: 10,
  imageUrl: '',
  maxPerAccount: '',
  variants: [{ id: newKey(), label: '', stock: 0, sold: 0 }],
});

function draftOf(p: AdminProduct): Draft {
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

function ProductForm({ editing, onDone }: { editing: AdminProduct | null; onDone: (message: string) => void }) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : emptyDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setVariant = (id: string, patch: Partial<VariantDraft>) => setDraft((d) => ({ ...d, variants: d.variants.map((v) => (v.id === id ? { ...v, ...patch } : v)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const priceGrosze = parsePln(draft.price);
    const input = {
      ...(editing ? { id: editing.id } : {}),
      product: {
        name: draft.name,
        description: draft.description,
        priceGrosze: priceGrosze ?? Number.NaN,
        vatRate: Number(draft.vatRate),
        active: draft.active,
        sortOrder: typeof draft.sortOrder === 'number' ? draft.sortOrder : 0,
        ...(draft.imageUrl.trim() ? { imageUrl: draft.imageUrl.trim() } : {}),
        ...(draft.maxPerAccount === '' ? {} : { maxPerAccount: typeof draft.maxPerAccount === 'number' ? draft.maxPerAccount : Number.NaN }),
        variants: Object.fromEntries(
          draft.variants.map((v, i) => [v.id, { label: v.label, stock: typeof v.stock === 'number' ? v.stock : Number.NaN, sortOrder: i * 10 }]),
        ),
      },
    };
    const found = schemaErrors(upsertProductInput, input);
    if (priceGrosze === null) found['product.priceGrosze'] = 'Podaj cenę, np. 79,00';
    for (const v of draft.variants) {
      if (typeof v.stock === 'number' && v.stock < v.sold) found[`product.variants.${v.id}.stock`] = `Sprzedano już ${v.sold} szt.`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await callAdmin('upsertProduct', input as CallableInput<'upsertProduct'>);
      onDone(editing ? `Zapisano produkt „${draft.name.trim()}”.` : `Dodano produkt „${draft.name.trim()}”.`);
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors({ [refusal.field ?? '_form']: refusal.message });
    } finally {
      setBusy(false);
    }
  }

  const e = (field: string) => errors[`product.${field}`];
  return (
    <form onSubmit={submit} noValidate aria-label="Produkt">
      <Stack gap="sm">
        {errors._form && <Text c="red" role="alert">{errors._form}</Text>}
        <TextInput label="Nazwa produktu" required value={draft.name} onChange={(ev) => set('name', ev.currentTarget.value)} error={e('name')} />
        <Textarea label="Opis" autosize minRows={2} value={draft.description} onChange={(ev) => set('description', ev.currentTarget.value)} error={e('description')} />
        <Group grow align="flex-start">
          <TextInput label="Cena brutto (zł)" required inputMode="decimal" placeholder="79,00" value={draft.price} onChange={(ev) => set('price', ev.currentTarget.value)} error={e('priceGrosze')} />
          <Select label="Stawka VAT" data={VAT_OPTIONS} value={draft.vatRate} onChange={(v) => set('vatRate', v ?? '23')} allowDeselect={false} error={e('vatRate')} />
          <NumberInput label="Kolejność" min={0} max={10000} allowDecimal={false} value={draft.sortOrder} onChange={(v) => set('sortOrder', v)} error={e('sortOrder')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput label="Adres obrazka (opcjonalnie)" placeholder="https://…" value={draft.imageUrl} onChange={(ev) => set('imageUrl', ev.currentTarget.value)} error={e('imageUrl')} />
          <NumberInput
            label="Limit sztuk na jedno konto"
            description={`Ile sztuk każdego wariantu może zamówić jedno konto; puste = ${DEFAULT_MAX_UNITS_PER_ACCOUNT}`}
            min={1}
            allowDecimal={false}
            value={draft.maxPerAccount}
            onChange={(v) => set('maxPerAccount', v)}
            error={e('maxPerAccount')}
          />
        </Group>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            Warianty (np. rozmiary) i stan magazynu
          </Text>
          {e('variants') && <Text c="red" size="sm">{e('variants')}</Text>}
          {draft.variants.map((v, i) => (
            <Group key={v.id} align="flex-start" wrap="nowrap" gap="xs" data-testid="variant-row">
              <TextInput
                aria-label={`Wariant ${i + 1}: nazwa`}
                placeholder="np. M"
                style={{ flex: 2 }}
                value={v.label}
                onChange={(ev) => setVariant(v.id, { label: ev.currentTarget.value })}
                error={e(`variants.${v.id}.label`)}
              />
              <NumberInput
                aria-label={`Wariant ${i + 1}: stan`}
                style={{ flex: 1 }}
                min={v.sold}
                allowDecimal={false}
                value={v.stock}
                onChange={(val) => setVariant(v.id, { stock: val })}
                error={e(`variants.${v.id}.stock`)}
                description={v.sold > 0 ? `sprzedano ${v.sold}` : undefined}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={4}
                aria-label={`Usuń wariant ${v.label || i + 1}`}
                disabled={v.sold > 0 || draft.variants.length === 1}
                title={v.sold > 0 ? 'Wariant był sprzedawany — nie można go usunąć' : undefined}
                onClick={() => set('variants', draft.variants.filter((x) => x.id !== v.id))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Button variant="subtle" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => set('variants', [...draft.variants, { id: newKey(), label: '', stock: 0, sold: 0 }])}>
            + Dodaj wariant
          </Button>
        </Stack>
        <Switch label="W sprzedaży" checked={draft.active} onChange={(ev) => set('active', ev.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {editing ? 'Zapisz zmiany' : 'Dodaj produkt'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProductsTab() {
  const live = useAdminProductsQuery();
  const archived = useAdminArchivedProductsQuery();
  const [result, setResult] = useState<ActionResult | null>(null);
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const { ask, dialog } = useConfirm(setResult);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="xl">
          Produkty
        </Title>
        <Button onClick={() => setEditing('new')}>Dodaj produkt</Button>
      </Group>
      <ResultAlert result={result} onClose={() => setResult(null)} />
      {live.isLoading ? (
        <LoadingRows label="Wczytywanie produktów" />
      ) : live.isError ? (
        <LoadError onRetry={live.refetch}>Nie udało się wczytać produktów.</LoadError>
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
                  {!p.active && <Badge color="gray" variant="light">wstrzymany</Badge>}
                </Group>
                <Group gap={6}>
                  {p.variants.map((v) => (
                    <Badge key={v.id} variant="outline" color={v.stock - v.sold > 0 ? 'baltyk' : 'red'} title={`sprzedano ${v.sold} z ${v.stock}`}>
                      {v.label}: {v.stock - v.sold}/{v.stock}
                    </Badge>
                  ))}
                </Group>
                <Group gap={6} justify="flex-end">
                  <Button size="xs" variant="light" onClick={() => setEditing(p)}>
                    Edytuj
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      ask({
                        title: 'Archiwizacja produktu',
                        body: `Produkt „${p.name}” zniknie ze sklepiku. Zamówienia i faktury pozostaną bez zmian; produkt można później przywrócić.`,
                        confirmLabel: 'Archiwizuj',
                        color: 'red',
                        run: async () => {
                          await callAdmin('archiveProduct', { id: p.id });
                          return `Produkt „${p.name}” przeniesiono do archiwum.`;
                        },
                      })
                    }
                  >
                    Archiwizuj
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {!!archived.data?.length && (
        <Stack gap="xs">
          <Title order={3} fz="lg">
            Archiwum produktów
          </Title>
          {archived.data.map((p) => (
            <Paper key={p.id} withBorder radius="md" p="sm" data-testid="archived-product">
              <Group justify="space-between">
                <Text>
                  {p.name}{' '}
                  <Text span c="dimmed" size="sm">
                    · {formatMoney(p.priceGrosze)}
                    {p.archivedAt ? ` · w archiwum od ${formatDateTime(p.archivedAt)}` : ''}
                  </Text>
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    ask({
                      title: 'Przywrócenie produktu',
                      body: `Przywrócić produkt „${p.name}” do sklepiku?`,
                      confirmLabel: 'Przywróć',
                      run: async () => {
                        await callAdmin('restoreProduct', { id: p.id });
                        return `Przywrócono produkt „${p.name}”.`;
                      },
                    })
                  }
                >
                  Przywróć
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Nowy produkt' : 'Edycja produktu'} size="lg">
        {editing !== null && (
          <ProductForm
            editing={editing === 'new' ? null : editing}
            onDone={(message) => {
              setEditing(null);
              setResult({ ok: true, message });
            }}
          />
        )}
      </Modal>
      {dialog}
    </Stack>
  );
}
