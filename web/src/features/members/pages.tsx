import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LIMITS, MEMBER_RELATION_LABELS } from '@domain/schemas';
import { useAppSelector } from '../../app/store/hooks';
import { selectUser } from '../auth';
import { quote } from '@domain/words';
import { formatCount, formatDate, NOUNS } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { refusalOf } from '../../shared/ui/formErrors';
import { useGetTicketTypesQuery } from '../tickets';
import { addMember, deleteMember, memberName, uidOrSkip, updateMember, useGetMembersQuery, useGetTicketClaimsQuery, type MemberEntry, type TicketClaims } from './api';
import { MemberForm, type MemberFormValues } from './MemberForm';
import { TicketBadges } from './TicketBadges';

const LIST = '/dashboard/uczestnicy';
const ADD = `${LIST}/member/addMember`;
const detailPath = (id: string) => `${LIST}/member/detailMember?${new URLSearchParams({ id })}`;
const deletePath = (id: string) => `${LIST}/member/deleteMemberModal?${new URLSearchParams({ id })}`;

function useUid() {
  return useAppSelector(selectUser)?.uid;
}

const WRITE_FAILED = 'Nie udało się zapisać zmian. Sprawdź połączenie i spróbuj ponownie.';

function MemberCard({ member, claims }: { member: MemberEntry; claims: TicketClaims }) {
  const details = [member.relation ? MEMBER_RELATION_LABELS[member.relation] : null, member.birthYear ? `ur. ${member.birthYear}` : null].filter(Boolean).join(' · ');
  return (
    <Card withBorder radius="md" padding="md" data-testid="member-card" component="li">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Text fw={700} fz="lg">
            {memberName(member)}
          </Text>
          {details && (
            <Text size="sm" c="dimmed">
              {details}
            </Text>
          )}
          <TicketBadges claims={claims[member.id]} />
        </Stack>
        <Group gap="xs" mt="xs">
          <Button component={Link} to={detailPath(member.id)} variant="light" size="xs" aria-label={`Szczegóły: ${memberName(member)}`}>
            Szczegóły
          </Button>
          <Button component={Link} to={deletePath(member.id)} variant="subtle" color="red" size="xs" aria-label={`Usuń: ${memberName(member)}`}>
            Usuń
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function MembersList() {
  const uid = useUid();
  const members = useGetMembersQuery(uidOrSkip(uid));
  const claims = useGetTicketClaimsQuery(uidOrSkip(uid));
  const location = useLocation();
  const added = (location.state as { added?: string } | null)?.added;

  if (members.isLoading) return <LoadingRows label="Wczytywanie uczestników" />;
  if (members.isError) return <LoadError onRetry={() => void members.refetch()}>Nie udało się wczytać listy uczestników.</LoadError>;
  const list = members.data ?? [];
  return (
    <Stack gap="md">
      {added && (
        <Alert color="teal" variant="light" role="status" data-testid="member-added">
          Dodano uczestnika: {added}.
        </Alert>
      )}
      {list.length === 0 ? (
        <EmptyState
          title="Nie masz jeszcze uczestników"
          action={
            <Button component={Link} to={ADD}>
              Dodaj uczestnika
            </Button>
          }
        >
          Dodaj osoby, które zabierasz na wydarzenie — siebie, rodzinę, załogę — a potem kup dla nich bilety.
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Uczestnicy">
          {list.map((m) => (
            <MemberCard key={m.id} member={m} claims={claims.data ?? {}} />
          ))}
        </SimpleGrid>
      )}
      <Text size="sm" c="dimmed">
        Uczestników: {list.length} z {LIMITS.maxMembers}.
      </Text>
    </Stack>
  );
}

function ListActions() {
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

export function MembersPage() {
  return (
    <PageFrame actions={<ListActions />}>
      <MembersList />
    </PageFrame>
  );
}

export function AddMemberPage() {
  const uid = useUid();
  const navigate = useNavigate();
  const members = useGetMembersQuery(uidOrSkip(uid));
  const full = (members.data?.length ?? 0) >= LIMITS.maxMembers;
  return (
    <PageFrame>
      <Card withBorder radius="lg" padding="lg" maw={640}>
        <MemberForm
          submitLabel="Dodaj uczestnika"
          disabledReason={full ? `Możesz dodać najwyżej ${formatCount(LIMITS.maxMembers, NOUNS.participant)}.` : undefined}
          onCancel={() => navigate(LIST)}
          onSubmit={async (fields) => {
            if (!uid) return WRITE_FAILED;
            try {
              await addMember(fields);
              navigate(LIST, { state: { added: memberName(fields) } });
              return null;
            } catch (error) {
              const refusal = refusalOf(error);
              return refusal.reason === 'members-limit' || refusal.reason === 'invalid-input' ? refusal.message : WRITE_FAILED;
            }
          }}
        />
      </Card>
    </PageFrame>
  );
}

function useMemberFromQuery() {
  const uid = useUid();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const members = useGetMembersQuery(uidOrSkip(uid));
  const claims = useGetTicketClaimsQuery(uidOrSkip(uid));
  const member = members.data?.find((m) => m.id === id) ?? null;
  return { uid, id, member, members, claims: claims.data?.[id] };
}

const toValues = (m: MemberEntry): MemberFormValues => ({ firstName: m.firstName, lastName: m.lastName, birthYear: m.birthYear ?? '', relation: m.relation ?? '' });

export function DetailMemberPage() {
  const { uid, member, members, claims } = useMemberFromQuery();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  if (members.isLoading)
    return (
      <PageFrame>
        <LoadingRows rows={2} label="Wczytywanie uczestnika" />
      </PageFrame>
    );
  if (members.isError)
    return (
      <PageFrame>
        <LoadError>Nie udało się wczytać danych uczestnika.</LoadError>
      </PageFrame>
    );
  if (!member)
    return (
      <PageFrame>
        <EmptyState title="Nie ma takiego uczestnika" action={<Button component={Link} to={LIST}>Wróć do listy</Button>}>
          Mógł zostać usunięty. Wybierz uczestnika z listy.
        </EmptyState>
      </PageFrame>
    );

  return (
    <PageFrame title={memberName(member)}>
      <Card withBorder radius="lg" padding="lg" maw={640}>
        {editing ? (
          <MemberForm
            key={member.id}
            initial={toValues(member)}
            isSelf={member.relation === 'self'}
            submitLabel="Zapisz zmiany"
            onCancel={() => setEditing(false)}
            onSubmit={async (fields) => {
              if (!uid) return WRITE_FAILED;
              try {
                await updateMember(uid, member.id, fields);
                setEditing(false);
                setSaved(true);
                return null;
              } catch {
                return WRITE_FAILED;
              }
            }}
          />
        ) : (
          <Stack gap="sm">
            {saved && (
              <Alert color="teal" variant="light" role="status">
                Zapisano zmiany.
              </Alert>
            )}
            <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px' }}>
              <Text component="dt" c="dimmed" size="sm">Imię i nazwisko</Text>
              <Text component="dd" m={0} fw={600}>{memberName(member)}</Text>
              <Text component="dt" c="dimmed" size="sm">Kim jest</Text>
              <Text component="dd" m={0}>{member.relation ? MEMBER_RELATION_LABELS[member.relation] : '—'}</Text>
              <Text component="dt" c="dimmed" size="sm">Rok urodzenia</Text>
              <Text component="dd" m={0}>{member.birthYear ?? '—'}</Text>
              <Text component="dt" c="dimmed" size="sm">Dodano</Text>
              <Text component="dd" m={0}>{formatDate(member.createdAt)}</Text>
            </dl>
            <Title order={2} fz="md" mt="sm">
              Bilety
            </Title>
            <TicketBadges claims={claims} />
            <Group gap="xs" mt="md">
              <Button onClick={() => { setSaved(false); setEditing(true); }}>Edytuj dane</Button>
              <Button component={Link} to={`${LIST}/TicketBasket`} variant="light">
                Kup bilet
              </Button>
              <Button component={Link} to={deletePath(member.id)} variant="subtle" color="red">
                Usuń uczestnika
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
    </PageFrame>
  );
}

/** `member/deleteMemberModal?id=…`: the list with a confirmation dialog on top; closing it returns to the list. */
export function DeleteMemberPage() {
  const { uid, member, members, claims } = useMemberFromQuery();
  const { data: types } = useGetTicketTypesQuery();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => navigate(LIST, { replace: true });
  const ticketNames = Object.entries(claims ?? {}).map(([typeId, c]) => `${quote(types?.find((t) => t.id === typeId)?.name ?? 'bilet')} (${c.status === 'paid' ? 'opłacony' : 'czeka na płatność'})`);
  const hasTicket = ticketNames.length > 0;

  async function confirm() {
    if (!uid || !member) return;
    setBusy(true);
    setError(null);
    try {
      await deleteMember(uid, member.id);
      close();
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      setError(/permission/i.test(code) || /permission/i.test(String(err)) ? 'Tego uczestnika nie można usunąć, bo ma bilet.' : 'Nie udało się usunąć uczestnika. Spróbuj ponownie.');
      setBusy(false);
    }
  }

  return (
    <PageFrame actions={<ListActions />}>
      <MembersList />
      <Modal opened onClose={close} title={<Text fw={700}>Usunąć uczestnika?</Text>} centered data-testid="delete-member-modal">
        {members.isLoading ? (
          <LoadingRows rows={1} label="Wczytywanie uczestnika" />
        ) : !member ? (
          <Stack>
            <Text>Nie ma takiego uczestnika — mógł już zostać usunięty.</Text>
            <Button onClick={close}>Wróć do listy</Button>
          </Stack>
        ) : (
          <Stack gap="md">
            {hasTicket ? (
              <Alert color="yellow" variant="light" role="alert" data-testid="delete-refused">
                <b>{memberName(member)}</b> ma już: {ticketNames.join(', ')}. Uczestnika z biletem nie można usunąć
                {Object.values(claims ?? {}).some((c) => c.status === 'pending') ? ' — jeśli zamówienie nie jest jeszcze opłacone, możesz je najpierw anulować w zakładce Zamówienia.' : '.'}
              </Alert>
            ) : (
              <Text>
                Czy na pewno chcesz usunąć z listy uczestnika: <b>{memberName(member)}</b>? Tej operacji nie można cofnąć.
              </Text>
            )}
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                {hasTicket ? 'Zamknij' : 'Anuluj'}
              </Button>
              <Button color="red" onClick={confirm} loading={busy} disabled={hasTicket}>
                Usuń
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </PageFrame>
  );
}
