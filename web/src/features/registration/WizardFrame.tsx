import type { ReactNode } from 'react';
import { Anchor, Center, Paper, Progress, Stack, Stepper, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';

export const STEPS_PATH = '/rejestracja/registration_steps';
export const STEP_PATHS = {
  StepOne: `${STEPS_PATH}/StepOne`,
  StepTwo: `${STEPS_PATH}/StepTwo`,
  StepThree: `${STEPS_PATH}/StepThree`,
  SuccessStep: `${STEPS_PATH}/SuccessStep`,
} as const;

const STEP_LABELS = ['Konto', 'Dane osobowe', 'Zgody', 'Gotowe'];

/**
 * The card around every wizard step: progress (not clickable — steps are entered through their
 * forms) and a heading. `busy` while the wizard moves to another step: a running bar, and the card
 * is marked busy for assistive technology.
 */
export function WizardFrame({ step, title, description, busy = false, children }: { step: 0 | 1 | 2 | 3; title: string; description?: string; busy?: boolean; children: ReactNode }) {
  return (
    <Center py={{ base: 'xs', sm: 40 }}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'md', sm: 36 }} w="100%" maw={600} aria-busy={busy} data-testid="wizard-step" data-step={step}>
        <Stack gap="lg">
          {busy && <Progress value={100} animated striped size="sm" aria-label="Przechodzenie do kolejnego kroku" data-testid="wizard-progress" />}
          <Stepper active={step} size="xs" iconSize={28} allowNextStepsSelect={false} aria-label={`Krok ${step + 1} z 4`}>
            {STEP_LABELS.map((label) => (
              // Narrow screens show only the step's number; the label stays for screen readers, so
              // the step is named by what it shows („1 Konto”) at every width.
              <Stepper.Step
                key={label}
                label={
                  <>
                    <Text size="xs" visibleFrom="sm">{label}</Text>
                    <VisuallyHidden hiddenFrom="sm">{label}</VisuallyHidden>
                  </>
                }
              />
            ))}
          </Stepper>
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" fw={700} c="baltyk">
              Rejestracja · krok {step + 1} z 4
            </Text>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            )}
          </Stack>
          {children}
          {step < 3 && (
            <Text size="sm" ta="center">
              Masz już konto?{' '}
              <Anchor component={Link} to="/" fw={600}>
                Zaloguj się
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
