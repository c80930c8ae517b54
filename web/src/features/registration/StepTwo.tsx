import { Navigate } from 'react-router-dom';
import { StepTwoForm } from './StepTwoForm';
import { STEP_PATHS, WizardFrame } from './WizardFrame';
import { useStepNavigation } from './stepNavigation';
import { useStepGate } from './useStepGate';

export function StepTwo() {
  const { go, leaving } = useStepNavigation();
  const redirect = useStepGate('StepTwo');
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <WizardFrame step={1} leaving={leaving}>
      <StepTwoForm
        onBack={() => void go(STEP_PATHS.StepOne, 'back')}
        onNext={() => void go(STEP_PATHS.StepThree, 'next')}
        leaving={leaving}
      />
    </WizardFrame>
  );
}
