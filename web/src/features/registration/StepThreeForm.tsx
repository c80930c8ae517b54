import { Button, Checkbox, Group } from '@mantine/core';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { LegalDocumentLink } from '../../shared/ui/LegalDocumentLink';
import { useLeavingSubmit } from '../../shared/ui/useLeavingSubmit';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import type { Leaving } from './stepNavigation';
import { stepThreeSchema } from './steps';
import { useWizard, wizardStore } from './wizardStore';
import { StackedForm } from '../../shared/ui/StackedForm';
import { Hint } from '../../shared/ui/Hint';
import { ErrorText } from '../../shared/ui/ErrorText';

/** StepThree: required terms and RODO consent, optional marketing; submitting creates the account. */
export function StepThreeForm({
  onBack,
  onSubmit: submit,
  leaving = null,
}: {
  onBack: () => void;
  onSubmit: () => Promise<string | null>;
  leaving?: Leaving;
}) {
  const { data } = useWizard();
  const { busy, error, submit: createAccountWith } = useLeavingSubmit();
  const { form, submitWith } = useSchemaForm({
    initialValues: { terms: data.terms, privacy: data.privacy, marketing: data.marketing },
    schema: stepThreeSchema,
    onValuesChange: (values) => wizardStore.update(values),
    // A consent left unticked while moving through the list is no mistake until the account is asked for.
    validateInputOnBlur: false,
  });

  const createAccount = submitWith(async () => {
    if (leaving || busy) return;
    await createAccountWith(submit);
  });

  return (
    <StackedForm label="Zgody" onSubmit={createAccount}>
      <ErrorAlert testId="registration-error">{error}</ErrorAlert>
      <Checkbox
        name="terms"
        label={
          <>
            Akceptuję <LegalDocumentLink kind="terms">regulamin wydarzenia i serwisu</LegalDocumentLink> (wymagane)
          </>
        }
        disabled={busy}
        {...form.getInputProps('terms', { type: 'checkbox' })}
      />
      <Checkbox
        name="privacy"
        label={
          <>
            Wyrażam zgodę na przetwarzanie moich danych osobowych w celu organizacji wydarzenia, zgodnie z{' '}
            <LegalDocumentLink kind="privacy">polityką prywatności</LegalDocumentLink> (RODO) (wymagane)
          </>
        }
        description="Administratorem danych jest organizator wydarzenia. Masz prawo wglądu, poprawiania i usunięcia danych."
        disabled={busy}
        {...form.getInputProps('privacy', { type: 'checkbox' })}
      />
      <Checkbox
        name="marketing"
        label="Chcę otrzymywać informacje o kolejnych wydarzeniach (opcjonalnie)"
        disabled={busy}
        {...form.getInputProps('marketing', { type: 'checkbox' })}
      />
      <Hint size="xs">
        Konto zostanie założone na adres <b>{data.email}</b>.
      </Hint>
      <ErrorText>{form.errors._form}</ErrorText>
      <Group justify="space-between" mt="xs">
        <Button variant="default" onClick={onBack} disabled={busy || leaving !== null} loading={leaving === 'back'}>
          Wstecz
        </Button>
        <Button type="submit" loading={busy || leaving === 'next'} disabled={leaving === 'back'}>
          Załóż konto
        </Button>
      </Group>
    </StackedForm>
  );
}
