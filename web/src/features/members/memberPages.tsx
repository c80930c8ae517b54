import { type ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { LIMITS, MEMBER_RELATION_LABELS } from '@domain/schemas';
import { useUid } from '../auth';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import {
  memberName,
  uidOrSkip,
  useGetMembersQuery,
  useGetTicketClaimsQuery,
  type MemberEntry,
  type TicketClaims,
} from './api';
import { type MemberFormValues } from './MemberForm';
import { TicketBadges } from './TicketBadges';
import { CardGrid } from '../../shared/ui/CardGrid';
import { Hint } from '../../shared/ui/Hint';

export const LIST = '/dashboard/uczestnicy';
const ADD = `${LIST}/member/addMember`;
const detailPath = (id: string) => `${LIST}/member/detailMember?${new URLSearchParams({ id })}`;
const deletePath = (id: string) => `${LIST}/member/deleteMemberModal?${new URLSearchParams({ id })}`;

export const WRITE_FAILED = 'Nie udało się zapisać zmian. Sprawdź połączenie i spróbuj ponownie.';

/** The way to the participant's deletion (which asks first): „Usuń” on a card, „Usuń uczestnika” on their page. */
export function DeleteMemberLink({ member, compact = false }: { member: MemberEntry; compact?: boolean }) {
  return (
    <Button
      component={Link}
      to={deletePath(member.id)}
      variant="subtle"
      color="red"
      size={compact ? 'xs' : undefined}
      aria-label={compact ? `Usuń: ${memberName(member)}` : undefined}
    >
      {compact ? 'Usuń' : 'Usuń uczestnika'}
    </Button>
  );
}

function MemberCard({ member, claims }: { member: MemberEntry; claims: TicketClaims }) {
  const details = [
    member.relation ? MEMBER_RELATION_LABELS[member.relation] : null,
    member.birthYear ? `ur. ${member.birthYear}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card withBorder radius="md" padding="md" data-testid="member-card" component="li">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Text fw={700} fz="lg">
            {memberName(member)}
          </Text>
          {details && <Hint>{details}</Hint>}
          <TicketBadges claims={claims[member.id]} />
        </Stack>
        <Group gap="xs" mt="xs">
          <Button
            component={Link}
            to={detailPath(member.id)}
            variant="light"
            size="xs"
            aria-label={`Szczegóły: ${memberName(member)}`}
          >
            Szczegóły
          </Button>
          <DeleteMemberLink member={member} compact />
        </Group>
      </Stack>
    </Card>
  );
}

export function MembersList() {
  const uid = useUid();
  const members = useGetMembersQuery(uidOrSkip(uid));
  const claims = useGetTicketClaimsQuery(uidOrSkip(uid));
  const location = useLocation();
  const added = (location.state as { added?: string } | null)?.added;

  const list = members.data ?? [];
  return (
    <DataGate
      query={members}
      loadingLabel="Wczytywanie uczestników"
      errorText="Nie udało się wczytać listy uczestników."
      onRetry={() => void members.refetch()}
    >
      <Stack gap="md">
        {added && (
          <Alert color="teal" role="status" data-testid="member-added">
            Dodano uczestnika: {added}.
          </Alert>
        )}
        {list.length === 0 ? (
          <EmptyState title="Nie masz jeszcze uczestników" next={{ to: ADD, label: 'Dodaj uczestnika' }}>
            Dodaj osoby, które zabierasz na wydarzenie — siebie, rodzinę, załogę — a potem kup dla nich bilety.
          </EmptyState>
        ) : (
          <CardGrid label="Uczestnicy">
            {list.map((m) => (
              <MemberCard key={m.id} member={m} claims={claims.data ?? {}} />
            ))}
          </CardGrid>
        )}
        <Hint>
          Uczestników: {list.length} z {LIMITS.maxMembers}.
        </Hint>
      </Stack>
    </DataGate>
  );
}

export function ListActions() {
  return (
    <Group gap="xs">
      <Button component={Link} to={ADD} variant="default">
        Dodaj uczestnika
      </Button>
      <Button component={Link} to={`${LIST}/TicketBasket`}>
        Kup bilety
      </Button>
    </Group>
  );
}

export function useMemberFromQuery() {
  const uid = useUid();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const members = useGetMembersQuery(uidOrSkip(uid));
  const claims = useGetTicketClaimsQuery(uidOrSkip(uid));
  const member = members.data?.find((m) => m.id === id) ?? null;
  return { uid, id, member, members, claims: claims.data?.[id] };
}

/**
 * The participant `?id=` names, once the list has loaded: every page about one participant says the same while it
 * loads, offers the same retry when it cannot, and shows `empty` when there is no such participant.
 */
export function MemberGate({
  source: { members, member },
  rows,
  empty,
  children,
}: {
  source: ReturnType<typeof useMemberFromQuery>;
  rows: number;
  empty: ReactNode;
  children: (member: MemberEntry) => ReactNode;
}) {
  return (
    <DataGate
      query={members}
      rows={rows}
      loadingLabel="Wczytywanie uczestnika"
      errorText="Nie udało się wczytać danych uczestnika."
      onRetry={() => void members.refetch()}
      isEmpty={!member}
      empty={empty}
    >
      {member && children(member)}
    </DataGate>
  );
}

export const toValues = (m: MemberEntry): MemberFormValues => ({
  firstName: m.firstName,
  lastName: m.lastName,
  birthYear: m.birthYear ?? '',
  relation: m.relation ?? '',
});
