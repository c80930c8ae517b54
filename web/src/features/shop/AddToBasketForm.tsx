import { useState } from 'react';
import type { z } from 'zod';
import { Button, Chip, Group, Input, Select, Stack, Text } from '@mantine/core';
import { variantAllowance, variantAllowanceHint, variantAllowanceMessage } from '@domain/limits';
import { merchBasketLineSchema, DEFAULT_MAX_UNITS_PER_ACCOUNT, LIMITS } from '@domain/schemas';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { QuantityInput } from '../../shared/ui/QuantityInput';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import type { ProductEntry } from '../catalogue';
import { StackedForm } from '../../shared/ui/StackedForm';

type AddToBasketValues = z.output<typeof merchBasketLineSchema>;

interface FormValues {
  variantId: string | null;
  /** What the field holds: a number, or the text being typed. */
  quantity: number | string;
  memberId: string | null;
}

interface Props {
  product: ProductEntry;
  members: { id: string; name: string }[];
  onAdd: (values: AddToBasketValues) => Promise<void>;
  /** What is in the basket now: its units count toward the per-account cap, and adding to the same line raises its quantity. */
  basket?: readonly AddToBasketValues[];
  /** The account's orders (pending and paid ones hold units toward the cap). */
  orders?: readonly {
    status: string;
    lines?: Record<string, { type: string; productId?: string; variantId?: string; quantity: number }>;
  }[];
}

/**
 * The most that can be added now and why: stock left, the per-account cap (orders + basket) and the
 * size of one basket line (adding to a line already in the basket raises its quantity). Every limit is
 * said at the field instead of quietly lowering what was typed.
 */
function quantityLimit(
  product: ProductEntry,
  variantId: string | null,
  memberId: string | null,
  basket: NonNullable<Props['basket']>,
  orders: NonNullable<Props['orders']>,
): { max: number; hint: string | null; tooMany: (quantity: number) => string | null } {
  const variant = product.variants.find((v) => v.id === variantId);
  const perLine = `Jednorazowo można dodać najwyżej ${LIMITS.maxQuantity} szt.`;
  if (!variant)
    return {
      max: LIMITS.maxQuantity,
      hint: null,
      tooMany: (quantity) => (quantity > LIMITS.maxQuantity ? perLine : null),
    };
  const allowance = variantAllowance(
    product.maxPerAccount ?? DEFAULT_MAX_UNITS_PER_ACCOUNT,
    orders,
    basket,
    product.id,
    variant.id,
  );
  const sameLine = basket.find(
    (l) => l.productId === product.id && l.variantId === variant.id && (l.memberId ?? null) === (memberId ?? null),
  );
  const lineRoom = LIMITS.maxQuantity - (sameLine?.quantity ?? 0);
  const limits: [number, string][] = [
    [
      variant.available,
      variant.available === 0 ? 'Ten wariant jest wyprzedany' : `Dostępne tylko ${variant.available} szt.`,
    ],
    [allowance.left, variantAllowanceMessage(allowance)],
    [
      lineRoom,
      sameLine
        ? `Jedna pozycja koszyka może mieć najwyżej ${LIMITS.maxQuantity} szt., a ta ma już ${sameLine.quantity} — możesz dodać jeszcze ${Math.max(0, lineRoom)}`
        : perLine,
    ],
  ];
  const [max, why] = limits.reduce((a, b) => (b[0] < a[0] ? b : a));
  return {
    max: Math.max(0, max),
    hint: variantAllowanceHint(allowance),
    tooMany: (quantity) => (quantity > max ? why : null),
  };
}

/** Variant (sizes; sold-out ones disabled), quantity and an optional participant. */
export function AddToBasketForm({ product, members, onAdd, basket = [], orders = [] }: Props) {
  const firstAvailable = product.variants.find((v) => v.available > 0);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, submitWith } = useSchemaForm<FormValues>({
    initialValues: {
      variantId: product.variants.length === 1 ? (firstAvailable?.id ?? null) : null,
      quantity: 1,
      memberId: null,
    },
    schema: merchBasketLineSchema,
    toPayload: (v) => ({
      productId: product.id,
      variantId: v.variantId ?? 'none',
      quantity: typeof v.quantity === 'number' ? v.quantity : undefined,
      ...(v.memberId ? { memberId: v.memberId } : {}),
    }),
    // What the schema cannot know: which variant is picked, how many are left of it right now, and what the account already holds.
    extraErrors: (v): Record<string, string> => {
      if (!v.variantId)
        return {
          variantId: product.variants.length > 1 ? 'Wybierz rozmiar lub wariant' : 'Ten produkt jest wyprzedany',
        };
      const tooMany =
        typeof v.quantity === 'number'
          ? quantityLimit(product, v.variantId, v.memberId, basket, orders).tooMany(v.quantity)
          : null;
      return tooMany ? { quantity: tooMany } : {};
    },
    validateInputOnBlur: false,
  });
  const { variantId, quantity, memberId } = form.getValues();

  const variant = product.variants.find((v) => v.id === variantId);
  const limit = quantityLimit(product, variantId, memberId, basket, orders);
  // Said while typing, not only after „Dodaj do koszyka”: a number above a limit stays as typed, with the reason.
  // The limit's own message (with the reason) wins over the schema's bare „Najwyżej 20 sztuk”.
  const quantityError = (typeof quantity === 'number' ? limit.tooMany(quantity) : null) ?? form.errors.quantity;
  const soldOut = product.available === 0;

  const submit = submitWith(async (values) => {
    if (!values.variantId) return;
    setFailure(null);
    setSubmitting(true);
    try {
      await onAdd({
        productId: product.id,
        variantId: values.variantId,
        quantity: Number(values.quantity),
        ...(values.memberId ? { memberId: values.memberId } : {}),
      });
      form.setFieldValue('quantity', 1);
    } catch (error) {
      setFailure(
        error instanceof Error && /Koszyk/.test(error.message)
          ? error.message
          : 'Nie udało się dodać do koszyka. Sprawdź połączenie i spróbuj ponownie.',
      );
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <StackedForm label={`Dodaj do koszyka: ${product.name}`} onSubmit={submit}>
      <Input.Wrapper
        label={product.variants.length > 1 ? 'Rozmiar / wariant' : 'Wariant'}
        required
        error={form.errors.variantId}
      >
        <Chip.Group multiple={false} value={variantId} onChange={(v) => form.setFieldValue('variantId', v)}>
          <Group
            gap="xs"
            mt={6}
            role="radiogroup"
            aria-label={product.variants.length > 1 ? 'Rozmiar / wariant' : 'Wariant'}
          >
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
        <Text
          size="sm"
          c={variant.available <= 5 ? 'orange' : 'dimmed'}
          aria-live="polite"
          data-testid="variant-availability"
        >
          {variant.available <= 5 ? `Ostatnie sztuki: ${variant.available}` : `Dostępne: ${variant.available} szt.`}
        </Text>
      )}
      {/* One under the other: the form sits in half of the page, too narrow for two fields side by side. */}
      <Stack gap="md">
        <QuantityInput
          label="Liczba sztuk"
          required
          min={1}
          max={Math.max(1, limit.max)}
          clampBehavior="none"
          value={quantity}
          onChange={(q) => form.setFieldValue('quantity', q)}
          error={quantityError}
          description={limit.hint}
          itemName={product.name}
          size="md"
        />
        <Select
          label="Dla uczestnika (opcjonalnie)"
          placeholder="Bez przypisania"
          clearable
          data={members.map((m) => ({ value: m.id, label: m.name }))}
          value={memberId}
          onChange={(id) => form.setFieldValue('memberId', id)}
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
      <ErrorAlert>{failure ?? form.errors._form}</ErrorAlert>
      <Button type="submit" size="md" loading={submitting} disabled={soldOut}>
        {soldOut ? 'Wyprzedane' : 'Dodaj do koszyka'}
      </Button>
    </StackedForm>
  );
}
