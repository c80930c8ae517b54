import { Navigate } from 'react-router-dom';
import { STEP_PATHS } from './WizardFrame';

/** `/rejestracja`: the wizard starts at its first step (or where the visitor stopped). */
export function RegistrationPage() {
  return <Navigate to={STEP_PATHS.StepOne} replace />;
}
