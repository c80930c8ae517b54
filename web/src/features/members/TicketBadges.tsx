import { Badge, Group } from '@mantine/core';
import { useGetTicketTypesQuery } from '../catalogue';
import type { TicketClaim } from './api';

/**
 * A participant's tickets: type name and payment status; "bez biletu" when none. `typeNames` (type id →
 * name) stands in for the live ticket types where the caller has them already (the dashboard's copy).
 */
export function TicketBadges({
  claims,
  typeNames,
}: {
  claims: Record<string, TicketClaim> | undefined;
  typeNames?: Record<string, string>;
}) {
  const { data: types } = useGetTicketTypesQuery(undefined, { skip: typeNames !== undefined });
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
        const name =
          (typeNames
            ? Object.hasOwn(typeNames, typeId)
              ? typeNames[typeId]
              : undefined
            : types?.find((t) => t.id === typeId)?.name) ?? 'Bilet';
        return (
          <Badge
            key={typeId}
            variant="filled"
            autoContrast
            color={claim.status === 'paid' ? 'teal.9' : 'yellow.4'}
            style={{ textTransform: 'none' }}
            data-testid="ticket-badge"
          >
            {name} · {claim.status === 'paid' ? 'opłacony' : 'czeka na płatność'}
          </Badge>
        );
      })}
    </Group>
  );
}
