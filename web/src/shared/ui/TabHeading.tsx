import type { ReactNode } from 'react';
import { Text, Title, type TextProps } from '@mantine/core';

/** An admin tab's heading and, under it, the dimmed lines that say what the tab does. */
export function TabHeading({
  title,
  children,
  maw,
}: {
  title: ReactNode;
  children?: ReactNode;
  maw?: TextProps['maw'];
}) {
  return (
    <>
      <Title order={2} fz="xl">
        {title}
      </Title>
      {children && (
        <Text size="sm" c="dimmed" maw={maw}>
          {children}
        </Text>
      )}
    </>
  );
}
