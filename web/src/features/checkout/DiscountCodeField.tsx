import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { describeDiscount } from '@domain/discounts';
import { discountCodeSchema } from '@domain/schemas';
import { formatMoney } from '../../shared/format/pl';
import type { DiscountCheck } from './discount';
import { ErrorText } from '../../shared/ui/ErrorText';

interface DiscountCodeFieldProps {
  check: DiscountCheck;
  /** A problem of the valid code with this basket (covers nothing, too few uses left). */
  problem: string | null;
  onApply: (code: string | null) => void;
}

/**
 * „Kod rabatowy” at the checkout's first step: type and apply, or see the applied code with what it
 * gives and remove it. The server's Polish refusal (wrong, expired, used up) stands at the field.
 */
export function DiscountCodeField({ check, problem, onApply }: DiscountCodeFieldProps) {
  const [typed, setTyped] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  if (check.status === 'valid' || check.status === 'checking') {
    const code = check.status === 'valid' ? check.preview.code : check.code;
    return (
      <Stack gap={4} data-testid="discount-applied">
        <Group gap="sm" wrap="wrap">
          <Text size="sm">Kod rabatowy:</Text>
          <Badge variant="light" color="teal" size="lg" style={{ textTransform: 'none' }}>
            {code}
            {check.status === 'valid' ? ` · ${describeDiscount(check.preview, formatMoney)}` : ' · sprawdzanie…'}
          </Badge>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onApply(null)}
            aria-label={`Usuń kod rabatowy ${code}`}
          >
            Usuń kod
          </Button>
        </Group>
        <ErrorText>{problem}</ErrorText>
      </Stack>
    );
  }
  const serverError = check.status === 'invalid' ? check.message : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = discountCodeSchema.safeParse(typed);
    if (!parsed.success) return setFormatError(parsed.error.issues[0]?.message ?? 'Nieprawidłowy kod rabatowy');
    setFormatError(null);
    onApply(parsed.data);
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Kod rabatowy">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Kod rabatowy"
          placeholder="np. CZLONEK-2026"
          value={typed || (check.status === 'invalid' ? check.code : '')}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setFormatError(null);
          }}
          error={formatError ?? serverError}
          autoCapitalize="characters"
          autoComplete="off"
          style={{ flex: 1, maxWidth: 320 }}
        />
        <Button type="submit" variant="light" mt={25}>
          Zastosuj
        </Button>
      </Group>
      {serverError && (
        <Button variant="subtle" size="compact-sm" mt={4} onClick={() => onApply(null)}>
          Zamów bez kodu
        </Button>
      )}
    </form>
  );
}
