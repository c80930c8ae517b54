import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { DataGate } from '../../shared/ui/DataState';

/** The queues of money to send back, by where the money came in: the heading, and the genitive its loading and failure texts need. */
const QUEUES = {
  bank: { title: 'Przelewy do zwrotu', of: 'przelewów do zwrotu' },
  online: { title: 'Wpłaty online do zwrotu', of: 'wpłat online do zwrotu' },
} as const;

interface RefundQueueProps {
  queue: keyof typeof QUEUES;
  /** The endpoint the queue is read from. */
  source: { isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  /** How many wait, said in the heading: „Przelewy do zwrotu (2)”. */
  count: number;
  /** The cards (or the empty state) of what waits. */
  children: ReactNode;
}

/**
 * One queue of money to send back on the refunds tab (transfers from the statement import, online
 * payments): read from its own endpoint, so each says its own loading and failure, titled with how
 * many wait.
 */
export function RefundQueue({ queue, source, count, children }: RefundQueueProps) {
  const { title, of } = QUEUES[queue];
  return (
    <DataGate query={source} what={of} rows={1} onRetry={() => void source.refetch()}>
      <Stack gap="sm" data-testid={`${queue}-refund-candidates`}>
        <Title order={2} fz="lg">
          {title} ({count})
        </Title>
        {children}
      </Stack>
    </DataGate>
  );
}
