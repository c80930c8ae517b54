import type { ReactNode } from 'react';
import { Progress, Stack, Stepper, Text, VisuallyHidden } from '@mantine/core';
import { AccountSwitch, AuthCard, AuthHeading } from '../../shared/ui/AuthCard';
import type { Leaving } from './stepNavigation';

const STEPS_PATH = '/rejestracja/registration_steps';
export const STEP_PATHS = {
  StepOne: `${STEPS_PATH}/StepOne`,
  StepTwo: `${STEPS_PATH}/StepTwo`,
  StepThree: `${STEPS_PATH}/StepThree`,
  SuccessStep: `${STEPS_PATH}/SuccessStep`,
} as const;

interface StepText {
  /** Its name in the stepper. */
  label: string;
  title: string;
  description?: string;
}

/** Each step's name in the stepper, and the heading and lead of its card. */
const STEPS: readonly [StepText, StepText, StepText, StepText] = [
  { label: 'Konto', title: 'Załóż konto', description: 'Podaj adres e-mail i hasło, którymi będziesz się logować.' },
  {
    label: 'Dane osobowe',
    title: 'Dane osobowe',
    description: 'Te dane zobaczy organizator; użyjemy ich też na bilecie.',
  },
  {
    label: 'Zgody',
    title: 'Zgody',
    description: 'Na koniec potrzebujemy Twojej zgody na regulamin i przetwarzanie danych.',
  },
  { label: 'Gotowe', title: 'Konto założone!' },
];

/**
 * The card around every wizard step: progress (not clickable — steps are entered through their
 * forms) and the step's heading. While the wizard is `leaving` for another step: a running bar, and
 * the card is marked busy for assistive technology.
 */
export function WizardFrame({
  step,
  leaving = null,
  children,
}: {
  step: 0 | 1 | 2 | 3;
  leaving?: Leaving;
  children: ReactNode;
}) {
  const busy = leaving !== null;
  const { title, description } = STEPS[step];
  return (
    <AuthCard wide busy={busy} testId="wizard-step" step={step}>
      <Stack gap="lg">
        {busy && (
          <Progress
            value={100}
            animated
            striped
            size="sm"
            aria-label="Przechodzenie do kolejnego kroku"
            data-testid="wizard-progress"
          />
        )}
        <Stepper active={step} size="xs" iconSize={28} allowNextStepsSelect={false} aria-label={`Krok ${step + 1} z 4`}>
          {STEPS.map(({ label }) => (
            // Narrow screens show only the step's number; the label stays for screen readers, so
            // the step is named by what it shows („1 Konto”) at every width.
            <Stepper.Step
              key={label}
              label={
                <>
                  <Text size="xs" visibleFrom="sm">
                    {label}
                  </Text>
                  <VisuallyHidden hiddenFrom="sm">{label}</VisuallyHidden>
                </>
              }
            />
          ))}
        </Stepper>
        <AuthHeading
          kicker={`Rejestracja · krok ${step + 1} z 4`}
          title={title}
          description={description}
          size={{ base: 24, sm: 28 }}
        />
        {children}
        {step < 3 && <AccountSwitch question="Masz już konto?" to="/" label="Zaloguj się" />}
      </Stack>
    </AuthCard>
  );
}
