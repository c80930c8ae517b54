import { useMemo, useState } from 'react';
import { Badge, Group, Paper, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useAppSelector } from '../../app/store/hooks';
import { selectUser } from '../auth';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { callAdmin, useAdminRolesQuery, useAdminUsersQuery, type AdminUser } from './api';
import { ResultAlert, useConfirm, type ActionResult } from './ui';

const ROLE_NAMES = { admin: 'administrator', staff: 'obsługa' } as const;
const LIMIT = 25;

export function searchUsers(users: readonly AdminUser[], text: string): AdminUser[] {
  const q = text.trim().toLowerCase();
  if (!q) return users.slice(0, LIMIT);
  return users.filter((u) => u.email.includes(q) || `${u.firstName} ${u.lastName}`.toLowerCase().includes(q) || u.pickupCode.toLowerCase() === q).slice(0, LIMIT);
}

export function UsersTab() {
  const users = useAdminUsersQuery();
  const roles = useAdminRolesQuery();
  const me = useAppSelector(selectUser)?.uid;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [result, setResult] = useState<ActionResult | null>(null);
  const { ask, dialog } = useConfirm(setResult);
  const shown = useMemo(() => searchUsers(users.data ?? [], debounced), [users.data, debounced]);

  const toggle = (u: AdminUser, role: 'admin' | 'staff', enabled: boolean) =>
    ask({
      title: enabled ? 'Nadanie uprawnień' : 'Odebranie uprawnień',
      body: `${enabled ? 'Nadać' : 'Odebrać'} uprawnienia „${ROLE_NAMES[role]}”? Użytkownik: ${u.firstName} ${u.lastName} (${u.email}). Zmiana zadziała od razu, także w otwartej sesji.`,
      confirmLabel: enabled ? 'Nadaj' : 'Odbierz',
      color: enabled ? undefined : 'red',
      run: async () => {
        await callAdmin('setUserRole', { uid: u.uid, role, enabled });
        return `${enabled ? 'Nadano' : 'Odebrano'} uprawnienia „${ROLE_NAMES[role]}”: ${u.email}.`;
      },
    });

  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Użytkownicy i uprawnienia
      </Title>
      <TextInput
        aria-label="Szukaj użytkownika"
        placeholder="E-mail, imię i nazwisko lub kod odbioru"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="users-search"
      />
      <ResultAlert result={result} onClose={() => setResult(null)} />
      {users.isLoading || roles.isLoading ? (
        <LoadingRows label="Wczytywanie użytkowników" />
      ) : users.isError ? (
        <LoadError onRetry={users.refetch}>Nie udało się wczytać użytkowników.</LoadError>
      ) : shown.length === 0 ? (
        <EmptyState title="Nikogo nie znaleziono">Sprawdź pisownię adresu e-mail lub nazwiska.</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label="Użytkownicy">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Osoba</Table.Th>
                  <Table.Th>Kod odbioru</Table.Th>
                  <Table.Th>Obsługa</Table.Th>
                  <Table.Th>Administrator</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((u) => {
                  const r = roles.data?.[u.uid] ?? { admin: false, staff: false };
                  return (
                    <Table.Tr key={u.uid} data-testid="user-row" data-email={u.email}>
                      <Table.Td>
                        <Group gap={6}>
                          <Text fw={600}>
                            {u.firstName} {u.lastName}
                          </Text>
                          {u.uid === me && <Badge size="xs" variant="light">to Ty</Badge>}
                        </Group>
                        <Text size="sm" c="dimmed">
                          {u.email}
                        </Text>
                      </Table.Td>
                      <Table.Td ff="monospace">{u.pickupCode}</Table.Td>
                      <Table.Td>
                        <Switch aria-label={`Obsługa: ${u.email}`} checked={r.staff} onChange={(e) => toggle(u, 'staff', e.currentTarget.checked)} />
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={`Administrator: ${u.email}`}
                          checked={r.admin}
                          disabled={u.uid === me && r.admin}
                          title={u.uid === me ? 'Nie możesz odebrać uprawnień administratora samemu sobie' : undefined}
                          onChange={(e) => toggle(u, 'admin', e.currentTarget.checked)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {dialog}
    </Stack>
  );
}
