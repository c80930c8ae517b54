import type { ReactNode } from 'react';
import { Card, Stack, Title } from '@mantine/core';
import { Hint } from './Hint';

interface SectionCardProps {
  /** The h2, which also names the <section>. */
  title: string;
  /** A line under the heading: what the part is for. */
  description?: ReactNode;
  testId: string;
  children: ReactNode;
}

/** A part of a page that stands as a card of its own (the settings page's parts): h2, lead, content. */
export function SectionCard({ title, description, testId, children }: SectionCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {description && <Hint>{description}</Hint>}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
