import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router-dom';
import { emailSchema } from '@domain/schemas';
import { authErrorMessage } from '../../shared/firebase/authErrors';
import { refusalOf } from '../../shared/ui/formErrors';
import { checkPasswordPolicy, completeRegistration, createAccount, sendPasswordReset } from './authOps';
import { StepOneForm } from './StepOneForm';
import { StepThreeForm } from './StepThreeForm';
import { StepTwoForm } from './StepTwoForm';
import { firstInvalidStep } from './steps';
import { STEP_PATHS, WizardFrame } from './WizardFrame';
import { useWizard, wizardStore } from './wizardStore';
import { useStepNavigation } from './stepNavigation';
import { useSession } from '../auth';

/** `/rejestracja`: the wizard starts at its first step (or where the visitor stopped). */
export function RegistrationPage() {
  return <Navigate to={STEP_PATHS.StepOne} replace />;
}

/** Sends the visitor back to the first step that is not valid yet, so no step is reachable by URL too early. */
function useStepGate(step: 'StepTwo' | 'StepThree'): string | null {
  const { data, secrets } = useWizard();
  // Right after the account is created the form data is cleared while this step is still mounted:
  // the only way on is the success step.
  if (data.completedEmail) return STEP_PATHS.SuccessStep;
  const invalid = firstInvalidStep(data, secrets);
  const order = ['StepOne', 'StepTwo', 'StepThree'] as const;
  if (invalid && order.indexOf(invalid) < order.indexOf(step)) return STEP_PATHS[invalid];
  return null;
}

export function StepOne() {
  const { go, leaving } = useStepNavigation();
  // Coming back after a finished registration starts a fresh one.
  useEffect(() => {
    if (wizardStore.get().completedEmail) wizardStore.reset();
  }, []);
  return (
    <WizardFrame step={0} title="Załóż konto" description="Podaj adres e-mail i hasło, którymi będziesz się logować." busy={leaving !== null}>
      <StepOneForm checkPolicy={checkPasswordPolicy} onNext={() => void go(STEP_PATHS.StepTwo, 'next')} leaving={leaving} />
    </WizardFrame>
  );
}

export function StepTwo() {
  const { go, leaving } = useStepNavigation();
  const redirect = useStepGate('StepTwo');
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <WizardFrame step={1} title="Dane osobowe" description="Te dane zobaczy organizator; użyjemy ich też na bilecie." busy={leaving !== null}>
      <StepTwoForm onBack={() => void go(STEP_PATHS.StepOne, 'back')} onNext={() => void go(STEP_PATHS.StepThree, 'next')} leaving={leaving} />
    </WizardFrame>
  );
}

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
    <WizardFrame step={2} title="Zgody" description="Na koniec potrzebujemy Twojej zgody na regulamin i przetwarzanie danych." busy={leaving !== null}>
      <StepThreeForm onBack={() => void go(STEP_PATHS.StepTwo, 'back')} onSubmit={register} leaving={leaving} />
    </WizardFrame>
  );
}

export function SuccessStep() {
  const { data } = useWizard();
  if (!data.completedEmail) return <Navigate to={STEP_PATHS.StepOne} replace />;
  return (
    <WizardFrame step={3} title="Konto założone!">
      <Stack gap="md" align="center" ta="center" data-testid="registration-success">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
          <svg width="34" height="34" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
            <path d="M5 12l5 5 9-10" />
          </svg>
        </ThemeIcon>
        <Text>
          Witamy na pokładzie! Twoje konto <b>{data.completedEmail}</b> jest gotowe, a logowanie już za Tobą — możesz od razu przejść do panelu.
        </Text>
        <Text size="sm" c="dimmed">
          W panelu dodasz uczestników — rodzinę i załogę — i kupisz dla nich bilety.
        </Text>
        <Button component={Link} to="/dashboard" size="md">
          Przejdź do panelu
        </Button>
      </Stack>
    </WizardFrame>
  );
}

/** `/remindPassword`: one neutral answer whether or not the account exists. */
export function RemindPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Nieprawidłowy adres e-mail');
      return;
    }
    setFieldError(undefined);
    setError(null);
    setBusy(true);
    try {
      await sendPasswordReset(parsed.data);
      setSentTo(parsed.data);
    } catch (err) {
      const code = (err as { code?: string }).code;
      // Unknown accounts get the same answer as known ones: the page must not reveal who is registered.
      if (code === 'auth/user-not-found' || code === 'auth/invalid-credential') setSentTo(parsed.data);
      else setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center py={{ base: 'md', sm: 48 }}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={440}>
        {sentTo ? (
          <Stack gap="md" data-testid="reset-sent" role="status">
            <Title order={1} fz={26}>
              Sprawdź skrzynkę
            </Title>
            <Text>
              Jeśli w serwisie istnieje konto z adresem <b>{sentTo}</b>, wysłaliśmy na nie wiadomość z linkiem do ustawienia nowego hasła.
            </Text>
            <Text size="sm" c="dimmed">
              Wiadomość może dotrzeć po kilku minutach — zajrzyj też do folderu ze spamem.
            </Text>
            <Button component={Link} to="/" fullWidth>
              Wróć do logowania
            </Button>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Przypomnienie hasła">
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} fz={26}>
                  Nie pamiętasz hasła?
                </Title>
                <Text c="dimmed" size="sm">
                  Podaj adres e-mail konta. Wyślemy na niego link do ustawienia nowego hasła.
                </Text>
              </Stack>
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              <TextInput label="Adres e-mail" name="email" type="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={fieldError} />
              <Button type="submit" loading={busy} fullWidth>
                Wyślij link
              </Button>
              <Anchor component={Link} to="/" size="sm" ta="center">
                Wróć do logowania
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
