import { useEffect } from 'react';
import { checkPasswordPolicy } from './authOps';
import { StepOneForm } from './StepOneForm';
import { STEP_PATHS, WizardFrame } from './WizardFrame';
import { wizardStore } from './wizardStore';
import { useStepNavigation } from './stepNavigation';

export function StepOne() {
  const { go, leaving } = useStepNavigation();
  // Coming back after a finished registration starts a fresh one.
  useEffect(() => {
    if (wizardStore.get().completedEmail) wizardStore.reset();
  }, []);
  return (
    <WizardFrame step={0} leaving={leaving}>
      <StepOneForm
        checkPolicy={checkPasswordPolicy}
        onNext={() => void go(STEP_PATHS.StepTwo, 'next')}
        leaving={leaving}
      />
    </WizardFrame>
  );
}
