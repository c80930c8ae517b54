import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { quote } from '@domain/words';
import { ConfirmButtons, useConfirm } from '../../shared/ui/ConfirmAction';
import { PageFrame } from '../../shared/ui/PageFrame';
import { useGetTicketTypesQuery } from '../catalogue';
import { deleteMember, memberName } from './api';
import { LIST, MemberGate, MembersList, ListActions, useMemberFromQuery } from './memberPages';

/** `member/deleteMemberModal?id=…`: the list with a confirmation dialog on top; closing it returns to the list. */
export function DeleteMemberPage() {
  const source = useMemberFromQuery();
  const { uid, member, claims } = source;
  const { data: types } = useGetTicketTypesQuery();
  const navigate = useNavigate();
  const { busy, error, run } = useConfirm({
    messageOf: (err) =>
      /permission/i.test((err as { code?: string }).code ?? '') || /permission/i.test(String(err))
        ? 'Tego uczestnika nie można usunąć, bo ma bilet.'
        : 'Nie udało się usunąć uczestnika. Spróbuj ponownie.',
  });
  const close = () => navigate(LIST, { replace: true });
  const ticketNames = Object.entries(claims ?? {}).map(
    ([typeId, c]) =>
      `${quote(types?.find((t) => t.id === typeId)?.name ?? 'bilet')} (${c.status === 'paid' ? 'opłacony' : 'czeka na płatność'})`,
  );
  const hasTicket = ticketNames.length > 0;

  async function confirm() {
    if (uid && member && (await run(() => deleteMember(uid, member.id)))) close();
  }

  return (
    <PageFrame actions={<ListActions />}>
      <MembersList />
      <Modal
        opened
        onClose={close}
        title={<Text fw={700}>Usunąć uczestnika?</Text>}
        centered
        data-testid="delete-member-modal"
      >
        <MemberGate
          source={source}
          rows={1}
          empty={
            <Stack>
              <Text>Nie ma takiego uczestnika — mógł już zostać usunięty.</Text>
              <Button onClick={close}>Wróć do listy</Button>
            </Stack>
          }
        >
          {(member) => (
            <Stack gap="md">
              {hasTicket ? (
                <Alert color="yellow" role="alert" data-testid="delete-refused">
                  <b>{memberName(member)}</b> ma już: {ticketNames.join(', ')}. Uczestnika z biletem nie można usunąć
                  {Object.values(claims ?? {}).some((c) => c.status === 'pending')
                    ? ' — jeśli zamówienie nie jest jeszcze opłacone, możesz je najpierw anulować w zakładce Zamówienia.'
                    : '.'}
                </Alert>
              ) : (
                <Text>
                  Czy na pewno chcesz usunąć z listy uczestnika: <b>{memberName(member)}</b>? Tej operacji nie można
                  cofnąć.
                </Text>
              )}
              <ConfirmButtons
                busy={busy}
                error={error}
                cancelLabel={hasTicket ? 'Zamknij' : 'Anuluj'}
                onCancel={close}
                confirmLabel="Usuń"
                onConfirm={() => void confirm()}
                confirmDisabled={hasTicket}
              />
            </Stack>
          )}
        </MemberGate>
      </Modal>
    </PageFrame>
  );
}
