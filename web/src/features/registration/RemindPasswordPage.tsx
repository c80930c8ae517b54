import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { emailSchema } from '@domain/schemas';
import { authErrorMessage } from '../../shared/firebase/authErrors';
import { sendPasswordReset } from './authOps';

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
