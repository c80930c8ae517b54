import type { ReactNode } from 'react';
import { Anchor, Center, Paper, Stack, Text, Title, type MantineSpacing, type StyleProp } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Hint } from './Hint';

interface AuthCardProps {
  /** The registration wizard's card is wider (its stepper needs the room) and sits closer to the top. */
  wide?: boolean;
  /** While the card moves on (e.g. to the next wizard step): marked busy for assistive technology. */
  busy?: boolean;
  testId?: string;
  /** `data-step` of the wizard's card. */
  step?: number;
  children: ReactNode;
}

/** The card the signed-out pages stand in: sign-in, password reminder, registration. */
export function AuthCard({ wide = false, busy, testId, step, children }: AuthCardProps) {
  const padding: StyleProp<MantineSpacing | number> = { base: wide ? 'md' : 'lg', sm: 36 };
  return (
    <Center py={wide ? { base: 'xs', sm: 40 } : { base: 'md', sm: 48 }}>
      <Paper
        withBorder
        shadow="md"
        radius="lg"
        p={padding}
        w="100%"
        maw={wide ? 600 : 440}
        aria-busy={busy}
        data-testid={testId}
        data-step={step}
      >
        {children}
      </Paper>
    </Center>
  );
}

/** The card's heading: an optional line above it (the wizard's step), the title, and what the page is for. */
export function AuthHeading({
  kicker,
  title,
  description,
  size = 28,
}: {
  kicker?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  size?: StyleProp<number>;
}) {
  return (
    <Stack gap={4}>
      {kicker && (
        <Text size="xs" tt="uppercase" fw={700} c="baltyk">
          {kicker}
        </Text>
      )}
      <Title order={1} fz={size}>
        {title}
      </Title>
      {description && <Hint>{description}</Hint>}
    </Stack>
  );
}

/** „Nie masz jeszcze konta? Zarejestruj się” — the way between signing in and registering. */
export function AccountSwitch({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <Text size="sm" ta="center">
      {question}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {label}
      </Anchor>
    </Text>
  );
}
