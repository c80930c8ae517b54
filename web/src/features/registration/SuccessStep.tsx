import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link, Navigate } from 'react-router-dom';
import { LineIcon } from '../../shared/ui/LineIcon';
import { STEP_PATHS, WizardFrame } from './WizardFrame';
import { useWizard } from './wizardStore';
import { Hint } from '../../shared/ui/Hint';

export function SuccessStep() {
  const { data } = useWizard();
  if (!data.completedEmail) return <Navigate to={STEP_PATHS.StepOne} replace />;
  return (
    <WizardFrame step={3}>
      <Stack gap="md" align="center" ta="center" data-testid="registration-success">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
          <LineIcon size={34} strokeWidth={2.4}>
            <path d="M5 12l5 5 9-10" />
          </LineIcon>
        </ThemeIcon>
        <Text>
          Witamy na pokładzie! Twoje konto <b>{data.completedEmail}</b> jest gotowe, a logowanie już za Tobą — możesz od
          razu przejść do panelu.
        </Text>
        <Hint>W panelu dodasz uczestników — rodzinę i załogę — i kupisz dla nich bilety.</Hint>
        <Button component={Link} to="/dashboard" size="md">
          Przejdź do panelu
        </Button>
      </Stack>
    </WizardFrame>
  );
}
