import { Text } from '@mantine/core';

/** An order line or an item as lists show it: its name, and below it, dimmed, who or what it is for. */
export function LineLabel({ name, detail, weight = 600 }: { name: string; detail?: string; weight?: number }) {
  return (
    <>
      <Text size="sm" fw={weight}>
        {name}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </>
  );
}
