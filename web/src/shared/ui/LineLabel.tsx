import { Text } from '@mantine/core';
import { Hint } from './Hint';

/**
 * An order line or an item as lists show it: its name, and below it, dimmed, who or what it is for.
 * Both may break inside a word: a long double surname is wider than a narrow card's column.
 */
export function LineLabel({ name, detail, weight = 600 }: { name: string; detail?: string; weight?: number }) {
  return (
    <>
      <Text size="sm" fw={weight} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      {detail && (
        <Hint size="xs" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Hint>
      )}
    </>
  );
}

/** Under an item's name: the participant it is for („dla: Jan Kowalski”); nothing for an item without one. */
export function ForMember({ name }: { name?: string | null }) {
  if (!name) return null;
  return <Hint>dla: {name}</Hint>;
}
