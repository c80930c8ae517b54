import { Group, Stack } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Navigate, NavLink as RouterNavLink, Outlet, useLocation } from 'react-router-dom';
import { useAuthStatus, useIsAdmin } from '../../features/auth';
import { whenSdkMayLoad } from '../../shared/firebase';
import { AppLoading } from '../../shared/ui/AppLoading';
import { Brand } from '../../shared/ui/Brand';
import { ColorModeSwitch } from '../../shared/ui/ColorModeSwitch';
import { PageTransition } from '../../shared/ui/PageTransition';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/SkipLink';
import { attachRealtimeApi } from '../store/store';
import classes from './DashboardLayout.module.css';
import { UserButton } from './UserButton';

/*
 * What the frame's first paint does not need loads after it: the role sync (a database listener) once
 * the Firebase SDKs may load (it compares the mirror with the identity SDK's token, so it has nothing
 * to do before), and the user menu once it is wanted (UserMenuSlot). The page itself renders inside
 * the Suspense below on the first load (see createRouter).
 */
const RoleSync = lazy(() =>
  whenSdkMayLoad()
    .then(() => Promise.all([import('../../features/roles'), attachRealtimeApi()]))
    .then(([roles]) => ({ default: roles.RoleSync })),
);

interface NavItem {
  label: string;
  to: string;
  icon: string;
  adminOnly?: boolean;
}

/** Icon paths (24×24 stroke icons) kept inline: an icon library would cost more than the handful we use. */
const nav: NavItem[] = [
  { label: 'Panel', to: '/dashboard', icon: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z' },
  {
    label: 'Uczestnicy',
    to: '/dashboard/uczestnicy',
    icon: 'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6M21 19v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8',
  },
  {
    label: 'Sklepik',
    to: '/dashboard/sklepik',
    icon: 'M4 8h16l-1.5 11a2 2 0 0 1-2 2h-9a2 2 0 0 1-2-2zM9 8V6a3 3 0 0 1 6 0v2',
  },
  { label: 'Odbierz', to: '/dashboard/odbierz', icon: 'M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10' },
  { label: 'Zamówienia', to: '/dashboard/zamowienia', icon: 'M9 5h10M9 12h10M9 19h10M4 5h.01M4 12h.01M4 19h.01' },
  { label: 'Faktury', to: '/dashboard/faktury', icon: 'M7 3h8l4 4v14H7zM15 3v4h4M10 12h6M10 16h6' },
  { label: 'Statystyki', to: '/dashboard/statystyki', icon: 'M4 20V10M10 20V4M16 20v-7M22 20H2' },
  {
    label: 'Ustawienia',
    to: '/dashboard/ustawienia',
    icon: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  },
  { label: 'Admin', to: '/dashboard/admin', adminOnly: true, icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z' },
];

function NavIcon({ d }: { d: string }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={d} />
    </svg>
  );
}

/** Until the menu's code is wanted, the page's own chunks and data have the network to themselves. */
const MENU_IDLE_DELAY_MS = 3000;

/**
 * The user menu, with its button standing in (and remembering focus and a press) until the menu has
 * loaded. Its code (mostly the popover machinery) is fetched on the first sign of use — pointer over
 * it, touch, focus, press — or once the browser is idle a few seconds after the frame appeared,
 * so it never competes with the page for a slow phone's network and CPU. The menu replaces the
 * placeholder in one render (no Suspense fallback swap, which would drop the keyboard focus).
 */
function UserMenuSlot() {
  const [focused, setFocused] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [Menu, setMenu] = useState<ComponentType<{ focus: boolean; open: boolean }> | null>(null);
  const requested = useRef(false);
  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    import('./UserMenu').then(
      (module) => setMenu(() => module.default),
      () => {
        requested.current = false; // a failed fetch (offline) is tried again on the next use
      },
    );
  }, []);
  useEffect(() => {
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      idle = window.requestIdleCallback ? window.requestIdleCallback(load) : window.setTimeout(load, 0);
    }, MENU_IDLE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, [load]);
  if (Menu) return <Menu focus={focused} open={pressed} />;
  return (
    <UserButton
      aria-haspopup="menu"
      onPointerEnter={load}
      onTouchStart={load}
      // A press counts from the pointer going down: when the menu arrives between down and up, the
      // release lands on the menu's own button and no click reaches either one.
      onPointerDown={() => {
        setPressed(true);
        load();
      }}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setPressed(true);
        load();
      }}
    />
  );
}

/** The id of the navigation, which the menu button controls on phones. */
const NAVIGATION_ID = 'nawigacja';

/**
 * Signed-in frame: header with the menu button (phones), navigation, user menu and colour-mode
 * switch. On a phone the navigation is a panel the menu button opens; picking a page or Escape
 * closes it (Escape gives the focus back to the button).
 */
export function DashboardLayout() {
  const { pathname } = useLocation();
  // The page on which the menu was opened: on a phone the menu closes once the user has picked a page.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = openedOn === pathname;
  const burger = useRef<HTMLButtonElement>(null);
  const isAdmin = useIsAdmin();
  const status = useAuthStatus();

  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedOn(null);
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened]);

  // The route guard let the device's last user in before the identity SDK confirmed the session; if
  // the SDK then reports no user (or the session ends later), the signed-in frame leaves.
  if (status === 'signedOut') return <Navigate to="/" replace />;

  const items = nav.filter((item) => !item.adminOnly || isAdmin);
  return (
    <div className={classes.shell} data-menu-open={opened || undefined}>
      {/* right-scroll-bar-position: a dialog that locks the page's scrolling pads this fixed header
          by the scrollbar's width too (Mantine's scroll lock), so it does not shift sideways. */}
      <header className={`${classes.header} right-scroll-bar-position`} data-app-chrome>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <button
              ref={burger}
              type="button"
              className={`${classes.burger} mantine-focus-auto`}
              onClick={() => setOpenedOn(opened ? null : pathname)}
              aria-label={opened ? 'Zamknij menu' : 'Otwórz menu'}
              aria-expanded={opened}
              aria-controls={NAVIGATION_ID}
            >
              <span className={classes.burgerLines} />
            </button>
            <Brand to="/dashboard" />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorModeSwitch />
            <UserMenuSlot />
          </Group>
        </Group>
      </header>

      <nav id={NAVIGATION_ID} className={classes.navbar} aria-label="Nawigacja główna" data-app-chrome>
        <div className={classes.navSection}>
          <Stack gap={2}>
            {items.map((item) => (
              <RouterNavLink
                key={item.to}
                to={item.to}
                end={item.to === '/dashboard'}
                className={`${classes.link} mantine-focus-auto`}
              >
                <span className={classes.linkIcon}>
                  <NavIcon d={item.icon} />
                </span>
                <span className={classes.linkBody}>
                  <span className={classes.linkLabel}>{item.label}</span>
                </span>
              </RouterNavLink>
            ))}
          </Stack>
        </div>
      </nav>

      <main className={classes.main} id={MAIN_CONTENT_ID} tabIndex={-1} data-app-main>
        <Suspense fallback={null}>
          <RoleSync />
        </Suspense>
        <PageTransition>
          <Suspense fallback={<AppLoading />}>
            <Outlet />
          </Suspense>
        </PageTransition>
      </main>
    </div>
  );
}
