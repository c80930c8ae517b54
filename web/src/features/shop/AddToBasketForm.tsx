import { useState, type FormEvent } from 'react';
import { Alert, Button, Chip, Group, Input, Select, Stack, Text } from '@mantine/core';
import { basketSchema, LIMITS } from '@domain/schemas';
import { schemaErrors } from '../../shared/ui/formErrors';
import { QuantityInput } from '../../shared/ui/QuantityInput';
import type { ProductEntry } from './api';

/** One line of /baskets/{uid}/merch, validated with the shared basket schema (what the rules enforce too). */
const merchLineSchema = basketSchema.shape.merch.unwrap().valueType;

export interface AddToBasketValues {
  productId: string;
  variantId: string;
  quantity: number;
  memberId?: string;
}

interface Props {
  product: ProductEntry;
  members: { id: string; name: string }[];
  onAdd: (values: AddToBasketValues) => Promise<void>;
}

/** Variant (sizes; sold-out ones disabled), quantity and an optional participant. */
export function AddToBasketForm({ product, members, onAdd }: Props) {
  const firstAvailable = product.variants.find((v) => v.available > 0);
  const [variantId, setVariantId] = useState<string | null>(product.variants.length === 1 ? (firstAvailable?.id ?? null) : null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const variant = product.variants.find((v) => v.id === variantId);
  const maxQuantity = Math.min(LIMITS.maxQuantity, variant?.available ?? LIMITS.maxQuantity);
  const soldOut = product.available === 0;

  function validate(): Record<string, string> {
    const next: Record<string, string> = {};
    if (!variantId) next.variantId = product.variants.length > 1 ? 'Wybierz rozmiar lub wariant' : 'Ten produkt jest wyprzedany';
    const q = typeof quantity === 'number' ? quantity : Number.NaN;
    const fromSchema = schemaErrors(merchLineSchema, {
      productId: product.id,
      variantId: variantId ?? 'none',
      quantity: Number.isFinite(q) ? q : undefined,
      ...(memberId ? { memberId } : {}),
    });
    if (fromSchema.quantity) next.quantity = fromSchema.quantity;
    else if (variant && q > variant.available) next.quantity = variant.available === 0 ? 'Ten wariant jest wyprzedany' : `Dostępne tylko ${variant.available} szt.`;
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0 || !variantId) return;
    setSubmitting(true);
    try {
      await onAdd({ productId: product.id, variantId, quantity: Number(quantity), ...(memberId ? { memberId } : {}) });
      setQuantity(1);
    } catch (error) {
      setFailure(error instanceof Error && /Koszyk/.test(error.message) ? error.message : 'Nie udało się dodać do koszyka. Sprawdź połączenie i spróbuj ponownie.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Dodaj do koszyka: ${product.name}`}>
      <Stack gap="md">
        <Input.Wrapper
          label={product.variants.length > 1 ? 'Rozmiar / wariant' : 'Wariant'}
          required
          error={errors.variantId}
        >
          <Chip.Group multiple={false} value={variantId} onChange={(v) => { setVariantId(v); setErrors((e) => ({ ...e, variantId: '' })); }}>
            <Group gap="xs" mt={6} role="radiogroup" aria-label={product.variants.length > 1 ? 'Rozmiar / wariant' : 'Wariant'}>
              {product.variants.map((v) => (
                <Chip
                  key={v.id}
                  value={v.id}
                  type="radio"
                  disabled={v.available === 0}
                  size="md"
                  data-testid={`variant-${v.label}`}
                  aria-label={v.available === 0 ? `${v.label} — wyprzedane` : `${v.label} — dostępne ${v.available} szt.`}
                >
                  {v.label}
                  {v.available === 0 ? ' · wyprzedane' : ''}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        {variant && (
          <Text size="sm" c={variant.available <= 5 ? 'orange' : 'dimmed'} aria-live="polite" data-testid="variant-availability">
            {variant.available <= 5 ? `Ostatnie sztuki: ${variant.available}` : `Dostępne: ${variant.available} szt.`}
          </Text>
        )}
        {/* One under the other: the form sits in half of the page, too narrow for two fields side by side. */}
        <Stack gap="md">
          <QuantityInput label="Liczba sztuk" required min={1} max={Math.max(1, maxQuantity)} value={quantity} onChange={setQuantity} error={errors.quantity} itemName={product.name} size="md" />
          <Select
            label="Dla uczestnika (opcjonalnie)"
            placeholder="Bez przypisania"
            clearable
            data={members.map((m) => ({ value: m.id, label: m.name }))}
            value={memberId}
            onChange={setMemberId}
            comboboxProps={{ withinPortal: true }}
          />
        </Stack>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" size="md" loading={submitting} disabled={soldOut}>
          {soldOut ? 'Wyprzedane' : 'Dodaj do koszyka'}
        </Button>
      </Stack>
    </form>
  );
}
