import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  checkProjectPassword,
  passwordStrength,
  policyMessages,
  STRENGTH_COLORS,
  STRENGTH_LABELS,
  type PolicyStatus,
} from './passwordRules';
import type { Leaving } from './stepNavigation';
import { EmailField, NEW_PASSWORD_HINT, PasswordField } from '../../shared/ui/PersonFields';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { passwordErrors, stepOneSchema } from './steps';
import { useWizard, wizardStore } from './wizardStore';
import { StackedForm } from '../../shared/ui/StackedForm';
import { Hint } from '../../shared/ui/Hint';
import { ErrorText } from '../../shared/ui/ErrorText';

interface StepOneFormProps {
  /** The identity service's policy check (firebase/auth validatePassword); null = could not be checked. */
  checkPolicy: (password: string) => Promise<PolicyStatus | null>;
  onNext: () => void;
  /** Set while the wizard moves on: the button waits with a spinner. */
  leaving?: Leaving;
}

function Requirement({ met, children }: { met: boolean; children: string }) {
  return (
    <List.Item c={met ? 'teal' : 'dimmed'} icon={<span aria-hidden>{met ? '✓' : '•'}</span>}>
      <Text size="sm" c={met ? 'teal.7' : 'dimmed'} component="span">
        {children}
        <span
          className="visually-hidden"
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          {met ? ' — spełnione' : ' — niespełnione'}
        </span>
      </Text>
    </List.Item>
  );
}

/** The identity service's answer for the password, asked 250 ms after the typing stops. */
function usePolicyCheck(password: string, checkPolicy: StepOneFormProps['checkPolicy']) {
  const [policy, setPolicy] = useState<{ password: string; status: PolicyStatus | null } | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (!password) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      setChecking(true);
      checkPolicy(password)
        .then((status) => {
          if (!cancelled) setPolicy({ password, status });
        })
        .finally(() => {
          if (!cancelled) setChecking(false);
        });
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [password, checkPolicy]);
  return { policy, setPolicy, checking, setChecking };
}

/** The password's strength and the requirements it meets, live while typing. */
function PasswordStrength({
  password,
  checking,
  policy,
}: {
  password: string;
  checking: boolean;
  policy: PolicyStatus | null;
}) {
  const strength = passwordStrength(password);
  return (
    <Stack gap={4} data-testid="password-strength">
      <Progress value={(strength / 4) * 100} color={STRENGTH_COLORS[strength]} size="sm" aria-hidden />
      <Group justify="space-between">
        <Hint size="xs" aria-live="polite">
          Siła hasła: <b>{STRENGTH_LABELS[strength]}</b>
        </Hint>
        {checking && <Hint size="xs">Sprawdzanie zasad…</Hint>}
      </Group>
      <List size="sm" spacing={2} aria-label="Wymagania hasła">
        <Requirement met={password.length >= 8}>co najmniej 8 znaków</Requirement>
        <Requirement met={/\p{L}/u.test(password)}>litera</Requirement>
        <Requirement met={/\d/.test(password)}>cyfra</Requirement>
        {(policy ? policyMessages(policy) : []).map((p) => (
          <Requirement key={p} met={false}>
            {p}
          </Requirement>
        ))}
      </List>
      {checkProjectPassword(password).ok && policy?.isValid && (
        <Text size="xs" c="teal">
          Hasło spełnia zasady usługi logowania.
        </Text>
      )}
    </Stack>
  );
}

/** The address already has an account: sign in or reset the password instead. */
function EmailInUse({ message }: { message: string }) {
  return (
    <Alert color="red" role="alert" data-testid="email-in-use">
      {message}{' '}
      <Anchor component={Link} to="/" fw={600}>
        Zaloguj się
      </Anchor>{' '}
      lub{' '}
      <Anchor component={Link} to="/remindPassword" fw={600}>
        przypomnij hasło
      </Anchor>
      .
    </Alert>
  );
}

/** StepOne: e-mail and the password twice, checked live against the project's minimum and the identity service's policy. */
export function StepOneForm({ checkPolicy, onNext, leaving = null }: StepOneFormProps) {
  const { data } = useWizard();
  const passwordLeft = useRef(false);

  const { form, submitWith, attempted } = useSchemaForm({
    initialValues: { email: wizardStore.get().email, ...wizardStore.secrets() },
    schema: stepOneSchema,
    toPayload: ({ email }) => ({ email }),
    // The password twice, the project's minimum and then the identity service's policy (once known).
    extraErrors: (values) => {
      const errors = passwordErrors(values);
      const problems =
        policy && policy.password === values.password && policy.status ? policyMessages(policy.status) : [];
      if (!errors.password && problems.length > 0)
        errors.password = `Hasło nie spełnia zasad usługi logowania: ${problems.join(', ')}`;
      return errors;
    },
    onValuesChange: ({ email, password, passwordRepeat }) => {
      // The e-mail lands in the wizard's store (sessionStorage); the passwords stay in memory only.
      if (email !== wizardStore.get().email) wizardStore.update({ email, emailError: null });
      wizardStore.setSecrets({ password, passwordRepeat });
    },
  });

  const { password } = form.getValues();
  const { policy, setPolicy, checking, setChecking } = usePolicyCheck(password, checkPolicy);

  // The policy's answer arrives after the typing: a password message already on screen takes it in.
  useEffect(() => {
    if (policy && (attempted || passwordLeft.current)) form.validateField('password');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer re-validates
  }, [policy]);

  const policyFor = policy && policy.password === password ? policy.status : null;

  const submit = submitWith(async (values) => {
    if (leaving || data.emailError) return;
    if (!policy || policy.password !== values.password) {
      setChecking(true);
      const status = await checkPolicy(values.password);
      setPolicy({ password: values.password, status });
      setChecking(false);
      if (status && !status.isValid) return;
    }
    onNext();
  });

  const passwordProps = form.getInputProps('password');
  const email = form.getInputProps('email');
  return (
    <StackedForm label="Dane logowania" onSubmit={submit}>
      {data.emailError && <EmailInUse message={data.emailError} />}
      <EmailField {...email} error={email.error ?? (data.emailError ? 'Ten adres jest już zajęty' : undefined)} />
      <Stack gap={6}>
        <PasswordField
          purpose="new"
          label="Hasło"
          name="password"
          {...passwordProps}
          onBlur={() => {
            passwordLeft.current = true;
            passwordProps.onBlur();
          }}
          description={NEW_PASSWORD_HINT}
          visibilityToggleButtonProps={{ 'aria-label': 'Pokaż lub ukryj hasło' }}
        />
        {password && <PasswordStrength password={password} checking={checking} policy={policyFor} />}
      </Stack>
      <PasswordField
        purpose="new"
        label="Powtórz hasło"
        name="passwordRepeat"
        {...form.getInputProps('passwordRepeat')}
        visibilityToggleButtonProps={{ 'aria-label': 'Pokaż lub ukryj powtórzone hasło' }}
      />
      <ErrorText>{form.errors._form}</ErrorText>
      <Button
        type="submit"
        size="md"
        fullWidth
        loading={(attempted && checking) || leaving !== null}
        disabled={(attempted && checking) || leaving !== null}
      >
        Dalej: dane osobowe
      </Button>
    </StackedForm>
  );
}
