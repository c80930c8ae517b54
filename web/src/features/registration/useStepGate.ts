import { firstInvalidStep } from './steps';
import { STEP_PATHS } from './WizardFrame';
import { useWizard } from './wizardStore';

/** Sends the visitor back to the first step that is not valid yet, so no step is reachable by URL too early. */
export function useStepGate(step: 'StepTwo' | 'StepThree'): string | null {
  const { data, secrets } = useWizard();
  // Right after the account is created the form data is cleared while this step is still mounted:
  // the only way on is the success step.
  if (data.completedEmail) return STEP_PATHS.SuccessStep;
  const invalid = firstInvalidStep(data, secrets);
  const order = ['StepOne', 'StepTwo', 'StepThree'] as const;
  if (invalid && order.indexOf(invalid) < order.indexOf(step)) return STEP_PATHS[invalid];
  return null;
}
