import { ActionIcon, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { LineIcon } from './LineIcon';

const order: MantineColorScheme[] = ['light', 'dark', 'auto'];
const labels: Record<MantineColorScheme, string> = {
  light: 'jasny',
  dark: 'ciemny',
  auto: 'automatyczny (jak w systemie)',
};

function Icon({ scheme }: { scheme: MantineColorScheme }) {
  if (scheme === 'dark')
    return (
      <LineIcon size={20}>
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </LineIcon>
    );
  if (scheme === 'light')
    return (
      <LineIcon size={20}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </LineIcon>
    );
  return (
    <LineIcon size={20}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3a9 9 0 0 0 0 18z" fill="currentColor" />
    </LineIcon>
  );
}

/**
 * Header switch that cycles light → dark → auto; Mantine's colour-scheme manager persists the choice
 * in localStorage. A cycling button rather than a dropdown keeps the popover engine out of the
 * sign-in page's bundle; the full choice is also in Ustawienia.
 */
export function ColorModeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const next = order[(order.indexOf(colorScheme) + 1) % order.length];
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(next)}
      aria-label={`Motyw: ${labels[colorScheme]}. Przełącz na ${labels[next]}`}
      title={`Motyw: ${labels[colorScheme]}`}
      data-testid="color-mode-switch"
      data-scheme={colorScheme}
    >
      <Icon scheme={colorScheme} />
    </ActionIcon>
  );
}
