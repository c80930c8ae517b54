import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/store/hooks';
import { NEXT_PARAM, safeNextPath } from '../../shared/routing/next';
import { authErrorMessage } from '../../shared/firebase/authErrors';
import { selectAuthStatus } from './authSlice';
import { useSession } from './SessionContext';
import { AlternativeSignIn } from './AlternativeSignIn';

const DEFAULT_TARGET = '/dashboard';

function targetFrom(params: URLSearchParams): string {
  return safeNextPath(params.get(NEXT_PARAM)) ?? DEFAULT_TARGET;
}

/** `/`: e-mail + password sign-in; a signed-in visitor goes straight on to the dashboard (or where they were headed). */
export function SignInPage() {
  const status = useAppSelector(selectAuthStatus);
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = targetFrom(params);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});

  if (status === 'signedIn' && !submitting) return <Navigate to={target} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors: typeof fieldErrors = {};
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) errors.email = 'Podaj poprawny adres e-mail.';
    if (!password) errors.password = 'Podaj hasło.';
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setSubmitting(true);
    setError(null);
    try {
      await session.signIn(email.trim(), password);
      navigate(target, { replace: true });
    } catch (err) {
      setError(authErrorMessage(err));
      setSubmitting(false);
    }
  }

  return (
    <Center py={{ base: 'md', sm: 48 }}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={440}>
        <form onSubmit={onSubmit} noValidate aria-label="Logowanie">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} fz={28}>
                Zaloguj się
              </Title>
              <Text c="dimmed" size="sm">
                Zapisy, bilety, sklepik, zamówienia i faktury — wszystko w jednym miejscu.
              </Text>
            </Stack>
            {params.get(NEXT_PARAM) && status === 'signedOut' && !error && (
              <Alert color="baltyk" variant="light" data-testid="sign-in-required">
                Zaloguj się, aby przejść do wybranej strony.
              </Alert>
            )}
            {error && (
              <Alert color="red" variant="light" role="alert" data-testid="sign-in-error">
                {error}
              </Alert>
            )}
            <TextInput
              label="Adres e-mail"
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldErrors.email}
            />
            <PasswordInput
              label="Hasło"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
            />
            <Anchor component={Link} to="/remindPassword" size="sm" ta="right">
              Nie pamiętasz hasła?
            </Anchor>
            <Button type="submit" size="md" loading={submitting} fullWidth>
              Zaloguj się
            </Button>
            <Text size="sm" ta="center">
              Nie masz jeszcze konta?{' '}
              <Anchor component={Link} to="/rejestracja" fw={600}>
                Zarejestruj się
              </Anchor>
            </Text>
            {status === 'unknown' && (
              <Center>
                <Loader size="xs" type="dots" aria-label="Sprawdzanie sesji" />
              </Center>
            )}
          </Stack>
        </form>
        <AlternativeSignIn />
      </Paper>
    </Center>
  );
}
