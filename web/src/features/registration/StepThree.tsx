import { Navigate } from 'react-router-dom';
import { emailSchema } from '@domain/schemas';
import { authErrorMessage } from '../../shared/firebase/authErrors';
import { refusalOf } from '../../shared/ui/formErrors';
import { completeRegistration, createAccount } from './authOps';
import { StepThreeForm } from './StepThreeForm';
import { STEP_PATHS, WizardFrame } from './WizardFrame';
import { wizardStore } from './wizardStore';
import { useStepNavigation } from './stepNavigation';
import { useSession } from '../auth';
import { useStepGate } from './useStepGate';

export function StepThree() {
  const { go, leaving } = useStepNavigation();
  const session = useSession();
  const redirect = useStepGate('StepThree');
  if (redirect) return <Navigate to={redirect} replace />;

  async function register(): Promise<string | null> {
    const data = wizardStore.get();
    const { password } = wizardStore.secrets();
    const email = emailSchema.parse(data.email);
    try {
      await createAccount(email, password);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'auth/email-already-in-use' || code === 'auth/invalid-email') {
        wizardStore.update({ emailError: authErrorMessage(error) });
        void go(STEP_PATHS.StepOne, 'back');
        return null;
      }
      return authErrorMessage(error);
    }
    try {
      await completeRegistration({
        firstName: data.firstName.trim(),
        lastName: data.lastName.trim(),
        phone: data.phone.trim(),
        country: data.country,
        consents: { terms: true, privacy: true, marketing: data.marketing },
      });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.reason !== 'profile-exists') {
        return `Konto zostało utworzone, ale nie udało się zapisać danych: ${refusal.message} Spróbuj ponownie.`;
      }
    }
    // completeRegistration put the typed name on the identity record: reload it, so the dashboard
    // header greets the person by name rather than by e-mail.
    await session.refresh().catch(() => undefined);
    wizardStore.finish(email);
    void go(STEP_PATHS.SuccessStep, 'next', { replace: true });
    return null;
  }

  return (
    <WizardFrame step={2} leaving={leaving}>
      <StepThreeForm onBack={() => void go(STEP_PATHS.StepTwo, 'back')} onSubmit={register} leaving={leaving} />
    </WizardFrame>
  );
}
