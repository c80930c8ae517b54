import type { ReactNode } from 'react';
import { ActionIcon, Group, Input, NumberInput } from '@mantine/core';
import { useId } from '@mantine/hooks';

export interface QuantityInputProps {
  label: ReactNode;
  /** Overrides the label for screen readers, e.g. „Liczba sztuk: Koszulka (M)” in a list of lines. */
  'aria-label'?: string;
  value: number | string;
  onChange: (value: number | string) => void;
  min: number;
  max: number;
  /** What is counted, for the buttons' accessible names: „Zmniejsz liczbę sztuk: Koszulka (M)”. */
  itemName?: string;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  size?: 'sm' | 'md';
  /** 'strict': a typed number above `max` is refused at once; 'blur' (default): corrected when leaving the field, so the form can say why. */
  clampBehavior?: 'strict' | 'blur';
}

/**
 * A number of pieces with − / + buttons big enough for a finger, each with a Polish accessible name
 * (Mantine's own spin controls are mouse-only and hidden from screen readers). Typing works too.
 */
export function QuantityInput({ label, value, onChange, min, max, itemName, error, required, disabled, size = 'sm', clampBehavior = 'blur', ...rest }: QuantityInputProps) {
  const id = useId();
  const current = typeof value === 'number' ? value : Number.parseInt(value, 10);
  const known = Number.isInteger(current);
  const suffix = itemName ? `: ${itemName}` : '';
  const button = size === 'md' ? 42 : 36;
  return (
    <Input.Wrapper label={label} error={error} required={required} id={id} size={size}>
      <Group gap={6} wrap="nowrap">
        <ActionIcon variant="default" size={button} aria-label={`Zmniejsz liczbę sztuk${suffix}`} disabled={disabled || (known && current <= min)} onClick={() => onChange(known ? Math.max(min, current - 1) : min)}>
          <span aria-hidden>−</span>
        </ActionIcon>
        <NumberInput
          id={id}
          aria-label={rest['aria-label']}
          value={value}
          onChange={onChange}
          min={min}
          max={max}
          clampBehavior={clampBehavior}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          disabled={disabled}
          error={Boolean(error)}
          size={size}
          w={64}
          styles={{ input: { textAlign: 'center' } }}
        />
        <ActionIcon variant="default" size={button} aria-label={`Zwiększ liczbę sztuk${suffix}`} disabled={disabled || (known && current >= max)} onClick={() => onChange(known ? Math.min(max, current + 1) : min)}>
          <span aria-hidden>+</span>
        </ActionIcon>
      </Group>
    </Input.Wrapper>
  );
}
