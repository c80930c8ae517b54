import { Badge, Group } from '@mantine/core';
import { useGetTicketTypesQuery } from '../tickets';
import type { TicketClaim } from './api';

/** A participant's tickets: type name and payment status; "bez biletu" when none. */
export function TicketBadges({ claims }: { claims: Record<string, TicketClaim> | undefined }) {
  const { data: types } = useGetTicketTypesQuery();
  const entries = Object.entries(claims ?? {});
  if (entries.length === 0)
    return (
      <Badge variant="outline" color="gray" style={{ textTransform: 'none' }} data-testid="ticket-badge-none">
        bez biletu
      </Badge>
    );
  return (
    <Group gap={6}>
      {entries.map(([typeId, claim]) => {
        const name = types?.find((t) => t.id === typeId)?.name ?? 'Bilet';
        return (
          <Badge key={typeId} variant="filled" autoContrast color={claim.status === 'paid' ? 'teal.9' : 'yellow.4'} style={{ textTransform: 'none' }} data-testid="ticket-badge">
            {name} · {claim.status === 'paid' ? 'opłacony' : 'czeka na płatność'}
          </Badge>
        );
      })}
    </Group>
  );
}
