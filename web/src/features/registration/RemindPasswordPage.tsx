import { useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { emailSchema } from '@domain/schemas';
import { authErrorMessage } from '../../shared/firebase/authErrors';
import { AuthCard, AuthHeading } from '../../shared/ui/AuthCard';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { EmailField } from '../../shared/ui/PersonFields';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { sendPasswordReset } from './authOps';
import { StackedForm } from '../../shared/ui/StackedForm';
import { Hint } from '../../shared/ui/Hint';
import { ErrorText } from '../../shared/ui/ErrorText';

const remindSchema = z.strictObject({ email: emailSchema });

/** `/remindPassword`: one neutral answer whether or not the account exists. */
export function RemindPasswordPage() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, submitWith } = useSchemaForm({ initialValues: { email: '' }, schema: remindSchema });

  const submit = submitWith(async (values) => {
    const email = emailSchema.parse(values.email);
    setError(null);
    setBusy(true);
    try {
      await sendPasswordReset(email);
      setSentTo(email);
    } catch (err) {
      const code = (err as { code?: string }).code;
      // Unknown accounts get the same answer as known ones: the page must not reveal who is registered.
      if (code === 'auth/user-not-found' || code === 'auth/invalid-credential') setSentTo(email);
      else setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard>
      {sentTo ? (
        <Stack gap="md" data-testid="reset-sent" role="status">
          <Title order={1} fz={26}>
            Sprawdź skrzynkę
          </Title>
          <Text>
            Jeśli w serwisie istnieje konto z adresem <b>{sentTo}</b>, wysłaliśmy na nie wiadomość z linkiem do
            ustawienia nowego hasła.
          </Text>
          <Hint>Wiadomość może dotrzeć po kilku minutach — zajrzyj też do folderu ze spamem.</Hint>
          <Button component={Link} to="/" fullWidth>
            Wróć do logowania
          </Button>
        </Stack>
      ) : (
        <StackedForm label="Przypomnienie hasła" onSubmit={submit}>
          <AuthHeading
            title="Nie pamiętasz hasła?"
            description="Podaj adres e-mail konta. Wyślemy na niego link do ustawienia nowego hasła."
            size={26}
          />
          <ErrorAlert>{error}</ErrorAlert>
          <EmailField {...form.getInputProps('email')} />
          <ErrorText>{form.errors._form}</ErrorText>
          <Button type="submit" loading={busy} fullWidth>
            Wyślij link
          </Button>
          <Anchor component={Link} to="/" size="sm" ta="center">
            Wróć do logowania
          </Anchor>
        </StackedForm>
      )}
    </AuthCard>
  );
}
