import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MEMBER_RELATION_LABELS } from '@domain/schemas';
import { formatDate } from '../../shared/format/pl';
import { EmptyState } from '../../shared/ui/DataState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { memberName, updateMember } from './api';
import { MemberForm } from './MemberForm';
import { TicketBadges } from './TicketBadges';
import { DeleteMemberLink, LIST, MemberGate, WRITE_FAILED, useMemberFromQuery, toValues } from './memberPages';

export function DetailMemberPage() {
  const source = useMemberFromQuery();
  const { uid, member, claims } = source;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  return (
    <PageFrame title={member ? memberName(member) : undefined}>
      <MemberGate
        source={source}
        rows={2}
        empty={
          <EmptyState title="Nie ma takiego uczestnika" next={{ to: LIST, label: 'Wróć do listy' }}>
            Mógł zostać usunięty. Wybierz uczestnika z listy.
          </EmptyState>
        }
      >
        {(member) => (
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
                  <Alert color="teal" role="status">
                    Zapisano zmiany.
                  </Alert>
                )}
                <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px' }}>
                  <Fact label="Imię i nazwisko" strong>
                    {memberName(member)}
                  </Fact>
                  <Fact label="Kim jest">{member.relation ? MEMBER_RELATION_LABELS[member.relation] : '—'}</Fact>
                  <Fact label="Rok urodzenia">{member.birthYear ?? '—'}</Fact>
                  <Fact label="Dodano">{formatDate(member.createdAt)}</Fact>
                </dl>
                <Title order={2} fz="md" mt="sm">
                  Bilety
                </Title>
                <TicketBadges claims={claims} />
                <Group gap="xs" mt="md">
                  <Button
                    onClick={() => {
                      setSaved(false);
                      setEditing(true);
                    }}
                  >
                    Edytuj dane
                  </Button>
                  <Button component={Link} to={`${LIST}/TicketBasket`} variant="light">
                    Kup bilet
                  </Button>
                  <DeleteMemberLink member={member} />
                </Group>
              </Stack>
            )}
          </Card>
        )}
      </MemberGate>
    </PageFrame>
  );
}

/** One labelled value of the participant's details: a term and its description in the list. */
function Fact({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <>
      <Text component="dt" c="dimmed" size="sm">
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 600 : undefined}>
        {children}
      </Text>
    </>
  );
}
