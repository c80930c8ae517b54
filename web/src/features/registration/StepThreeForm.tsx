import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { Leaving } from './stepNavigation';
import { stepThreeErrors } from './steps';
import { LegalDocumentLink } from '../../shared/ui/LegalDocumentLink';
import { useWizard, wizardStore } from './wizardStore';

/** StepThree: required terms and RODO consent, optional marketing; submitting creates the account. */
export function StepThreeForm({ onBack, onSubmit: submit, leaving = null }: { onBack: () => void; onSubmit: () => Promise<string | null>; leaving?: Leaving }) {
  const { data } = useWizard();
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = stepThreeErrors(data);
  const show = (field: string) => (submitted ? errors[field] : undefined);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (leaving || busy) return;
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setError(null);
    const failure = await submit();
    // On success the page navigates away; only a failure keeps this form on screen.
    if (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Zgody">
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="registration-error">
            {error}
          </Alert>
        )}
        <Checkbox
          name="terms"
          checked={data.terms}
          onChange={(e) => wizardStore.update({ terms: e.currentTarget.checked })}
          label={
            <>
              Akceptuję <LegalDocumentLink kind="terms">regulamin wydarzenia i serwisu</LegalDocumentLink> (wymagane)
            </>
          }
          error={show('terms')}
          disabled={busy}
        />
        <Checkbox
          name="privacy"
          checked={data.privacy}
          onChange={(e) => wizardStore.update({ privacy: e.currentTarget.checked })}
          label={
            <>
              Wyrażam zgodę na przetwarzanie moich danych osobowych w celu organizacji wydarzenia, zgodnie z <LegalDocumentLink kind="privacy">polityką prywatności</LegalDocumentLink> (RODO)
              (wymagane)
            </>
          }
          description="Administratorem danych jest organizator wydarzenia. Masz prawo wglądu, poprawiania i usunięcia danych."
          error={show('privacy')}
          disabled={busy}
        />
        <Checkbox
          name="marketing"
          checked={data.marketing}
          onChange={(e) => wizardStore.update({ marketing: e.currentTarget.checked })}
          label="Chcę otrzymywać informacje o kolejnych wydarzeniach (opcjonalnie)"
          disabled={busy}
        />
        <Text size="xs" c="dimmed">
          Konto zostanie założone na adres <b>{data.email}</b>.
        </Text>
        <Group justify="space-between" mt="xs">
          <Button variant="default" onClick={onBack} disabled={busy || leaving !== null} loading={leaving === 'back'}>
            Wstecz
          </Button>
          <Button type="submit" loading={busy || leaving === 'next'} disabled={leaving === 'back'}>
            Załóż konto
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
