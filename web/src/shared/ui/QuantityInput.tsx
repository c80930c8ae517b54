import type { ReactNode } from 'react';
import { ActionIcon, Group, NumberInput } from '@mantine/core';

interface QuantityInputProps {
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
  /** Below the label: e.g. the limit that applies, before anyone runs into it. */
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  size?: 'sm' | 'md';
  /**
   * 'strict': a typed number above `max` is refused at once; 'blur' (default): corrected when leaving
   * the field; 'none': kept as typed, for a form that says at the field why it is too many.
   */
  clampBehavior?: 'strict' | 'blur' | 'none';
}

/**
 * A number of pieces with − / + buttons big enough for a finger, each with a Polish accessible name
 * (Mantine's own spin controls are mouse-only and hidden from screen readers). Typing works too.
 */
export function QuantityInput({
  label,
  value,
  onChange,
  min,
  max,
  itemName,
  error,
  description,
  required,
  disabled,
  size = 'sm',
  clampBehavior = 'blur',
  ...rest
}: QuantityInputProps) {
  const current = typeof value === 'number' ? value : Number.parseInt(value, 10);
  const known = Number.isInteger(current);
  const suffix = itemName ? `: ${itemName}` : '';
  const button = size === 'md' ? 42 : 36;
  // The buttons go around the input inside the NumberInput's own wrapper (`inputContainer`), so its
  // label, description and message are the field's own: Mantine links them (aria-describedby).
  return (
    <NumberInput
      label={label}
      description={description}
      error={error}
      required={required}
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
      size={size}
      styles={{ wrapper: { width: 64 }, input: { textAlign: 'center' } }}
      inputContainer={(input) => (
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            size={button}
            aria-label={`Zmniejsz liczbę sztuk${suffix}`}
            disabled={disabled || (known && current <= min)}
            onClick={() => onChange(known ? Math.max(min, current - 1) : min)}
          >
            <span aria-hidden>−</span>
          </ActionIcon>
          {input}
          <ActionIcon
            variant="default"
            size={button}
            aria-label={`Zwiększ liczbę sztuk${suffix}`}
            disabled={disabled || (known && current >= max)}
            onClick={() => onChange(known ? Math.min(max, current + 1) : min)}
          >
            <span aria-hidden>+</span>
          </ActionIcon>
        </Group>
      )}
    />
  );
}
