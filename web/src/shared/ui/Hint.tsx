import { Text, type ElementProps, type TextProps } from '@mantine/core';

type HintProps = Omit<TextProps, 'c'> & ElementProps<'p', keyof TextProps>;

/**
 * Secondary text — a note under a heading, a date or an amount beside the main line: small and
 * dimmed, the same on every screen. `size="xs"` for the smallest notes; a `span` inside a line.
 */
export function Hint({ size = 'sm', ...props }: HintProps) {
  return <Text size={size} c="dimmed" {...props} />;
}
