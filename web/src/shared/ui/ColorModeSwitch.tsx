import { ActionIcon, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';

const order: MantineColorScheme[] = ['light', 'dark', 'auto'];
const labels: Record<MantineColorScheme, string> = {
  light: 'jasny',
  dark: 'ciemny',
  auto: 'automatyczny (jak w systemie)',
};

function Icon({ scheme }: { scheme: MantineColorScheme }) {
  const common = {
    width: 20,
    height: 20,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    'aria-hidden': true,
  } as const;
  if (scheme === 'dark')
    return (
      <svg {...common}>
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    );
  if (scheme === 'light')
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    );
  return (
    <svg {...common}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3a9 9 0 0 0 0 18z" fill="currentColor" />
    </svg>
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
