import { useState } from 'react';
import { Alert, Anchor, Box, Button, Center, Loader } from '@mantine/core';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { NEXT_PARAM, safeNextPath } from '../../shared/routing/next';
import { authErrorMessage } from '../../shared/firebase/authErrors';
import { AccountSwitch, AuthCard, AuthHeading } from '../../shared/ui/AuthCard';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { EmailField, PasswordField } from '../../shared/ui/PersonFields';
import { useAuthStatus } from './hooks';
import { useSession } from './SessionContext';
import { looksLikeEmail } from './emailCheck';
import { useLightForm } from './lightForm';
import { StackedForm } from '../../shared/ui/StackedForm';
import { AlternativeSignIn } from './AlternativeSignIn';

const DEFAULT_TARGET = '/dashboard';

function targetFrom(params: URLSearchParams): string {
  return safeNextPath(params.get(NEXT_PARAM)) ?? DEFAULT_TARGET;
}

/** `/`: e-mail + password sign-in; a signed-in visitor goes straight on to the dashboard (or where they were headed). */
export function SignInPage() {
  const status = useAuthStatus();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = targetFrom(params);

  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useLightForm(
    { email: '', password: '' },
    {
      email: (value) => (looksLikeEmail(value) ? null : 'Podaj poprawny adres e-mail.'),
      password: (value) => (value ? null : 'Podaj hasło.'),
    },
  );

  if (status === 'signedIn' && !submitting) return <Navigate to={target} replace />;

  const onSubmit = form.onSubmit(async ({ email, password }) => {
    setSubmitting(true);
    setError(null);
    try {
      await session.signIn(email.trim(), password);
      navigate(target, { replace: true });
    } catch (err) {
      setError(authErrorMessage(err));
      setSubmitting(false);
    }
  });

  return (
    <AuthCard>
      <StackedForm label="Logowanie" onSubmit={onSubmit}>
        <AuthHeading
          title="Zaloguj się"
          description="Zapisy, bilety, sklepik, zamówienia i faktury — wszystko w jednym miejscu."
        />
        {/*
         * Rendered while the session is still checked too, so the page does not move once it is known;
         * the prerendered shell, drawn without the address's query, shows it when the address has `next`.
         */}
        {status !== 'signedIn' && !error && (
          <Alert
            color="baltyk"
            variant="light"
            data-testid="sign-in-required"
            hidden={!params.get(NEXT_PARAM)}
            data-shell-shown-with={NEXT_PARAM}
          >
            Zaloguj się, aby przejść do wybranej strony.
          </Alert>
        )}
        <ErrorAlert testId="sign-in-error">{error}</ErrorAlert>
        {/* `username`: password managers pair the saved password with the address of this field. */}
        <EmailField autoComplete="username" {...form.getInputProps('email')} />
        <PasswordField purpose="current" label="Hasło" name="password" {...form.getInputProps('password')} />
        <Anchor component={Link} to="/remindPassword" size="sm" ta="right">
          Nie pamiętasz hasła?
        </Anchor>
        <Button type="submit" size="md" loading={submitting} fullWidth>
          Zaloguj się
        </Button>
        <AccountSwitch question="Nie masz jeszcze konta?" to="/rejestracja" label="Zarejestruj się" />
      </StackedForm>
      {/* Takes no room (it sits in the margin above the alternatives), so the page does not move when it goes. */}
      <Box pos="relative" h={0}>
        {status === 'unknown' && (
          <Center pos="absolute" top={1} left={0} right={0}>
            <Loader size="xs" type="dots" role="status" aria-label="Sprawdzanie sesji" />
          </Center>
        )}
      </Box>
      <AlternativeSignIn />
    </AuthCard>
  );
}
