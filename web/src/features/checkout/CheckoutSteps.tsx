import { Button, Progress, Stack, Stepper, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

/** A stepper on wider screens; on a phone one line says where the buyer is (labelled steps do not fit 390 px). */
export function CheckoutSteps({ steps, active }: { steps: readonly string[]; active: number }) {
  return (
    <>
      <Stepper
        active={active}
        size="xs"
        allowNextStepsSelect={false}
        aria-label="Etapy zamówienia"
        iconSize={28}
        visibleFrom="sm"
      >
        {steps.map((label, i) => (
          <Stepper.Step key={label} label={label} aria-current={active === i ? 'step' : undefined} />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="sm">
        <Text size="sm" fw={600}>
          Krok {active + 1} z {steps.length}: {steps[active]}
        </Text>
        <Progress value={((active + 1) / steps.length) * 100} size="sm" aria-hidden />
      </Stack>
    </>
  );
}

interface StepLinkProps {
  to: string;
  /** The way back (a plain button); without it the way on (the primary one). */
  back?: boolean;
  /** The step cannot be left this way now (problems in the basket, an order being placed): shown, disabled, goes nowhere. */
  blocked?: boolean;
  children: string;
}

/** A link between checkout steps that looks like a button. */
export function StepLink({ to, back = false, blocked = false, children }: StepLinkProps) {
  return (
    <Button
      component={Link}
      to={to}
      variant={back ? 'default' : undefined}
      disabled={blocked}
      data-disabled={blocked || undefined}
      onClick={(e) => blocked && e.preventDefault()}
    >
      {children}
    </Button>
  );
}
