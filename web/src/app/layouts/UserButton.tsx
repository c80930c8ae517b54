import { Group, Text, UnstyledButton, VisuallyHidden, type UnstyledButtonProps } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useSessionUser } from '../../features/auth';
import classes from './UserButton.module.css';

function initials(name: string | null | undefined): string {
  const parts = (name ?? '').split(/[\s@.]+/).filter(Boolean);
  return (parts[0]?.[0] ?? '?').toUpperCase() + (parts[1]?.[0] ?? '').toUpperCase();
}

type UserButtonProps = UnstyledButtonProps & ComponentPropsWithoutRef<'button'>;

/**
 * The user menu's button: the avatar and the user's name. Rendered on its own while the menu's
 * code loads (the dashboard frame paints first), then as the menu's target.
 */
export const UserButton = forwardRef<HTMLButtonElement, UserButtonProps>(function UserButton(props, ref) {
  const user = useSessionUser();
  const label = user?.displayName || user?.email || 'Konto';
  return (
    // Named by its content, „Menu użytkownika: <name>” at every width: the name shown next to the
    // avatar on wider screens is read to screen readers on phones too; the initials are decoration.
    <UnstyledButton data-testid="user-menu" {...props} ref={ref}>
      <Group gap={8} wrap="nowrap">
        <VisuallyHidden>Menu użytkownika: </VisuallyHidden>
        <span className={classes.initials} aria-hidden data-testid="user-initials">
          {initials(user?.displayName || user?.email)}
        </span>
        <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
          {label}
        </Text>
        <VisuallyHidden hiddenFrom="sm">{label}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
});
