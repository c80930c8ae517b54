import { Alert, Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '../../shared/format/pl';
import { useConfirm } from '../../shared/ui/ConfirmAction';
import { joinWaitingList, leaveWaitingList, useGetWaitingPlacesQuery } from './api';
import { OffListButton } from './OffListButton';

interface WaitingListControlProps {
  uid: string;
  ticketTypeId: string;
  ticketName: string;
  memberId: string;
  memberName: string;
  /** The type is on sale and nothing is left to buy: the participant may join its list. */
  soldOut: boolean;
}

/**
 * Under a sold-out ticket type in the basket: „Zapisz na listę oczekujących” for a participant, then
 * their place in line (live) and „Wypisz z listy”; when a ticket comes back and it is their turn, the
 * deadline of the offer (the ticket is already in the basket). docs/waiting-list.md.
 */
export function WaitingListControl({
  uid,
  ticketTypeId,
  ticketName,
  memberId,
  memberName,
  soldOut,
}: WaitingListControlProps) {
  const places = useGetWaitingPlacesQuery({ ticketTypeId, uid });
  // Joining and leaving run like a confirmed action: busy meanwhile, a refusal kept in `error`.
  const { busy, error, run } = useConfirm();
  const mine = places.data?.find((p) => p.memberId === memberId);
  if (!mine && !soldOut) return null;

  return (
    <div data-testid="waiting-list" data-ticket-type={ticketTypeId}>
      {error && (
        <Alert color="red" role="alert" py={6} mb={6}>
          {error}
        </Alert>
      )}
      {mine?.offer ? (
        <Alert color="teal" role="status" py={6} data-testid="waiting-offer">
          Zwolnił się bilet „{ticketName}” — czeka w koszyku na {memberName} do {formatDateTime(mine.offer.expiresAt)}.
          Potem przejdzie na następną osobę z listy.
        </Alert>
      ) : mine ? (
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" role="status" data-testid="waiting-place">
            Lista oczekujących: miejsce {mine.place}
          </Text>
          <OffListButton
            loading={busy}
            onClick={() => void run(() => leaveWaitingList({ ticketTypeId, entryId: mine.entryId }))}
            aria-label={`Wypisz z listy: ${memberName}, „${ticketName}”`}
          >
            Wypisz z listy
          </OffListButton>
        </Group>
      ) : places.isLoading ? null : (
        <Button
          size="compact-sm"
          variant="light"
          loading={busy}
          onClick={() => void run(() => joinWaitingList({ ticketTypeId, memberId }))}
          aria-label={`Zapisz na listę oczekujących: ${memberName}, „${ticketName}”`}
        >
          Zapisz na listę oczekujących
        </Button>
      )}
    </div>
  );
}
