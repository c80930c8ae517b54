import { Card } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '@domain/schemas';
import { formatCount, NOUNS } from '../../shared/format/pl';
import { PageFrame } from '../../shared/ui/PageFrame';
import { refusalOf } from '../../shared/ui/formErrors';
import { addMember, memberName, uidOrSkip, useGetMembersQuery } from './api';
import { MemberForm } from './MemberForm';
import { LIST, WRITE_FAILED } from './memberPages';
import { useUid } from '../auth';

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
          disabledReason={
            full ? `Możesz dodać najwyżej ${formatCount(LIMITS.maxMembers, NOUNS.participant)}.` : undefined
          }
          onCancel={() => navigate(LIST)}
          onSubmit={async (fields) => {
            if (!uid) return WRITE_FAILED;
            try {
              await addMember(fields);
              navigate(LIST, { state: { added: memberName(fields) } });
              return null;
            } catch (error) {
              const refusal = refusalOf(error);
              return refusal.reason === 'members-limit' || refusal.reason === 'invalid-input'
                ? refusal.message
                : WRITE_FAILED;
            }
          }}
        />
      </Card>
    </PageFrame>
  );
}
