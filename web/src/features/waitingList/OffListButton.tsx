import { Button, type ButtonProps } from '@mantine/core';

interface OffListButtonProps extends ButtonProps {
  onClick: () => void;
  /** Names whom it takes off which list. */
  'aria-label': string;
}

/** The quiet red button that takes a person off a waiting list: their own „Wypisz”, the admin's „Usuń”. */
export function OffListButton(props: OffListButtonProps) {
  return <Button size="compact-sm" variant="subtle" color="red" {...props} />;
}
