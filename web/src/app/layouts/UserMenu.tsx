import { Menu, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { NavLink as RouterNavLink, useNavigate } from 'react-router-dom';
import { useSession, useSessionUser } from '../../features/auth';
import { UserButton } from './UserButton';

interface UserMenuProps {
  /** The placeholder button had focus: the menu's button takes it over. */
  focus: boolean;
  /** The placeholder button was pressed before the menu's code arrived. */
  open: boolean;
}

/**
 * The user menu (settings, sign-out). Its own chunk: the menu's popover machinery is the largest
 * part of the dashboard frame and nobody needs it before the first paint (see DashboardLayout).
 */
export default function UserMenu({ focus, open }: UserMenuProps) {
  const user = useSessionUser();
  const session = useSession();
  const navigate = useNavigate();
  const button = useRef<HTMLButtonElement>(null);
  // Read once: the focus hand-over happens only when the menu replaces the placeholder.
  const focusOnMount = useRef(focus);
  useEffect(() => {
    if (focusOnMount.current) button.current?.focus();
  }, []);
  return (
    <Menu position="bottom-end" width={240} withinPortal defaultOpened={open}>
      <Menu.Target>
        <UserButton ref={button} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate>
            Zalogowano jako {user?.email ?? '—'}
          </Text>
        </Menu.Label>
        <Menu.Item component={RouterNavLink} to="/dashboard/ustawienia">
          Ustawienia konta
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          onClick={async () => {
            await session.signOut();
            navigate('/', { replace: true });
          }}
        >
          Wyloguj się
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
