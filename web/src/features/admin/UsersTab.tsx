import { useMemo, useState } from 'react';
import { Badge, Group, Switch, Text } from '@mantine/core';
import { useUid } from '../auth';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { queriesTogether } from '../../shared/ui/queriesTogether';
import { useAdminRolesQuery, useAdminUsersQuery, type AdminUser } from './api';
import { useSearchField } from './ui';
import { useConfirm } from '../../shared/ui/ConfirmAction';
import { ResultAlert, type ActionResult } from '../../shared/ui/ResultAlert';
import { callFunction } from '../../shared/firebase';
import { TitledStack } from '../../shared/ui/TitledStack';
import { Hint } from '../../shared/ui/Hint';

const ROLE_NAMES = { admin: 'administrator', staff: 'obsługa' } as const;
const LIMIT = 25;

function searchUsers(users: readonly AdminUser[], text: string): AdminUser[] {
  const q = text.trim().toLowerCase();
  if (!q) return users.slice(0, LIMIT);
  return users
    .filter(
      (u) =>
        u.email.includes(q) ||
        `${u.firstName} ${u.lastName}`.toLowerCase().includes(q) ||
        u.pickupCode.toLowerCase() === q,
    )
    .slice(0, LIMIT);
}

export function UsersTab() {
  const users = useAdminUsersQuery();
  const roles = useAdminRolesQuery();
  const me = useUid();
  const { query, field: searchField } = useSearchField({
    label: 'Szukaj użytkownika',
    placeholder: 'E-mail, imię i nazwisko lub kod odbioru',
    testId: 'users-search',
  });
  const [result, setResult] = useState<ActionResult | null>(null);
  const { ask, dialog } = useConfirm({ onResult: setResult });
  const shown = useMemo(() => searchUsers(users.data ?? [], query), [users.data, query]);

  const toggle = (u: AdminUser, role: 'admin' | 'staff', enabled: boolean) =>
    ask({
      title: enabled ? 'Nadanie uprawnień' : 'Odebranie uprawnień',
      body: `${enabled ? 'Nadać' : 'Odebrać'} uprawnienia „${ROLE_NAMES[role]}”? Użytkownik: ${u.firstName} ${u.lastName} (${u.email}). Zmiana zadziała od razu, także w otwartej sesji.`,
      confirmLabel: enabled ? 'Nadaj' : 'Odbierz',
      color: enabled ? undefined : 'red',
      run: async () => {
        await callFunction('setUserRole', { uid: u.uid, role, enabled });
        return `${enabled ? 'Nadano' : 'Odebrano'} uprawnienia „${ROLE_NAMES[role]}”: ${u.email}.`;
      },
    });

  const rolesOf = (u: AdminUser) => roles.data?.[u.uid] ?? { admin: false, staff: false };
  const columns: DataColumn<AdminUser>[] = [
    {
      key: 'person',
      header: 'Osoba',
      cell: (u) => (
        <>
          <Group gap={6}>
            <Text fw={600}>
              {u.firstName} {u.lastName}
            </Text>
            {u.uid === me && (
              <Badge size="xs" variant="light">
                to Ty
              </Badge>
            )}
          </Group>
          <Hint>{u.email}</Hint>
        </>
      ),
    },
    { key: 'code', header: 'Kod odbioru', td: { ff: 'monospace' }, cell: (u) => u.pickupCode },
    {
      key: 'staff',
      header: 'Obsługa',
      cell: (u) => (
        <Switch
          aria-label={`Obsługa: ${u.email}`}
          checked={rolesOf(u).staff}
          onChange={(e) => toggle(u, 'staff', e.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'admin',
      header: 'Administrator',
      cell: (u) => (
        <Switch
          aria-label={`Administrator: ${u.email}`}
          checked={rolesOf(u).admin}
          disabled={u.uid === me && rolesOf(u).admin}
          title={u.uid === me ? 'Nie możesz odebrać uprawnień administratora samemu sobie' : undefined}
          onChange={(e) => toggle(u, 'admin', e.currentTarget.checked)}
        />
      ),
    },
  ];

  return (
    <TitledStack title="Użytkownicy i uprawnienia" titleSize="xl">
      {searchField}
      <ResultAlert result={result} onClose={() => setResult(null)} />
      <DataTable
        label="Użytkownicy"
        columns={columns}
        rows={shown}
        rowKey={(u) => u.uid}
        rowProps={(u) => ({ 'data-testid': 'user-row', 'data-email': u.email })}
        striped={false}
        source={queriesTogether(users, roles)}
        what="użytkowników"
        empty={{ title: 'Nikogo nie znaleziono', children: 'Sprawdź pisownię adresu e-mail lub nazwiska.' }}
      />
      {dialog}
    </TitledStack>
  );
}
