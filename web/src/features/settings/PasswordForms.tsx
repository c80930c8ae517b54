import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { authErrorMessage } from '../../shared/firebase/authErrors';
import { ConfirmDialog } from '../../shared/ui/ConfirmAction';
import { NEW_PASSWORD_HINT, PasswordField } from '../../shared/ui/PersonFields';
import { ResultAlert, type ActionResult } from '../../shared/ui/ResultAlert';
import { useLeavingSubmit } from '../../shared/ui/useLeavingSubmit';
import { checkProjectPassword } from '../registration';
import { StackedForm } from '../../shared/ui/StackedForm';

/** Re-authentication refusals say "wrong password" plainly: the user is already known here. */
export function reauthMessage(error: unknown): string {
  const code = (error as { code?: string })?.code ?? '';
  if (['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials'].includes(code))
    return 'Nieprawidłowe obecne hasło.';
  const details = (error as { details?: { message?: string } })?.details;
  if (details?.message) return details.message;
  return authErrorMessage(error);
}

function changePasswordErrors(v: { current: string; next: string; repeat: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.current) errors.current = 'Podaj obecne hasło';
  const check = checkProjectPassword(v.next);
  if (!v.next) errors.next = 'Podaj nowe hasło';
  else if (!check.ok) errors.next = `Hasło musi mieć: ${check.missing.join(', ')}`;
  else if (v.next === v.current) errors.next = 'Nowe hasło musi różnić się od obecnego';
  if (!v.repeat) errors.repeat = 'Powtórz nowe hasło';
  else if (v.repeat !== v.next) errors.repeat = 'Hasła nie są takie same';
  return errors;
}

/** The three fields of a password change, in order; `name` is what autofill and the end-to-end tests know. */
const CHANGE_PASSWORD_FIELDS = [
  { path: 'current', purpose: 'current', label: 'Obecne hasło', name: 'currentPassword' },
  { path: 'next', purpose: 'new', label: 'Nowe hasło', name: 'newPassword', description: NEW_PASSWORD_HINT },
  { path: 'repeat', purpose: 'new', label: 'Powtórz nowe hasło', name: 'repeatPassword' },
] as const;

export function ChangePasswordForm({
  onChange,
}: {
  onChange: (current: string, next: string) => Promise<string | null>;
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  // No callable receives the passwords (the identity service checks them), so the rules are the
  // project's own password policy rather than a domain schema.
  const form = useForm({
    mode: 'controlled',
    initialValues: { current: '', next: '', repeat: '' },
    validate: changePasswordErrors,
  });

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setResult(null);
    const failure = await onChange(v.current, v.next);
    setBusy(false);
    if (failure) setResult({ ok: false, message: failure });
    else {
      setResult({ ok: true, message: 'Hasło zostało zmienione.' });
      form.reset();
    }
  });

  return (
    <StackedForm label="Zmiana hasła" onSubmit={submit} maw={420}>
      {CHANGE_PASSWORD_FIELDS.map(({ path, ...field }) => (
        <PasswordField key={path} {...field} disabled={busy} {...form.getInputProps(path)} />
      ))}
      <ResultAlert result={result} testId="password-result" />
      <Group>
        <Button type="submit" loading={busy}>
          Zmień hasło
        </Button>
      </Group>
    </StackedForm>
  );
}

/** Account deletion: a clear statement of what goes and what stays, the password, and an explicit tick. */
export function DeleteAccountDialog({
  opened,
  onClose,
  onDelete,
}: {
  opened: boolean;
  onClose: () => void;
  onDelete: (password: string) => Promise<string | null>;
}) {
  const { busy, error, submit: deleteWith } = useLeavingSubmit();
  // The button stays disabled until both are given, so there is nothing to validate on submit.
  const form = useForm({ mode: 'controlled', initialValues: { password: '', confirmed: false } });
  const { password, confirmed } = form.getValues();

  const submit = form.onSubmit(async (values) => {
    if (!values.password || !values.confirmed) return;
    await deleteWith(() => onDelete(values.password));
  });

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onSubmit={submit}
      formLabel="Usuwanie konta"
      title={<Text fw={700}>Usunąć konto na zawsze?</Text>}
      testId="delete-account-modal"
      busy={busy}
      error={error}
      confirmLabel="Usuń konto"
      confirmDisabled={!password || !confirmed}
    >
      <Alert color="red">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Usuniemy:
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>Twój profil, uczestników, koszyk i kod odbioru,</List.Item>
            <List.Item>
              nieopłacone zamówienia i te opłacone w całości kodem rabatowym, z których nic nie wydano (zostaną
              anulowane),
            </List.Item>
            <List.Item>nieodebrane przedmioty i bilety przypisane do konta.</List.Item>
          </List>
          <Text size="sm" fw={600}>
            Zachowamy faktury i opłacone zamówienia — wymagają tego przepisy o rachunkowości.
          </Text>
        </Stack>
      </Alert>
      <PasswordField
        purpose="current"
        label="Hasło (potwierdź, że to Ty)"
        name="deletePassword"
        disabled={busy}
        data-autofocus
        {...form.getInputProps('password')}
      />
      <Checkbox
        label="Rozumiem, że tej operacji nie można cofnąć"
        name="confirmDelete"
        disabled={busy}
        {...form.getInputProps('confirmed', { type: 'checkbox' })}
      />
    </ConfirmDialog>
  );
}
