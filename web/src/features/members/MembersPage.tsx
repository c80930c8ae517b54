import { PageFrame } from '../../shared/ui/PageFrame';
import { MembersList, ListActions } from './memberPages';

export function MembersPage() {
  return (
    <PageFrame actions={<ListActions />}>
      <MembersList />
    </PageFrame>
  );
}
