import { useState, type FormEvent } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CountrySelect } from './CountrySelect';
import type { Leaving } from './stepNavigation';
import { stepTwoErrors } from './steps';
import { useWizard, wizardStore } from './wizardStore';

/** StepTwo: name, phone and country, validated with the same schema as `completeRegistration`. */
export function StepTwoForm({ onBack, onNext, leaving = null }: { onBack: () => void; onNext: () => void; leaving?: Leaving }) {
  const { data } = useWizard();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = stepTwoErrors(data);
  const show = (field: string) => (submitted || touched[field] ? errors[field] : undefined);
  const blur = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (leaving) return;
    setSubmitted(true);
    if (Object.keys(errors).length === 0) onNext();
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Dane osobowe">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Imię" name="firstName" autoComplete="given-name" required value={data.firstName} onChange={(e) => wizardStore.update({ firstName: e.currentTarget.value })} onBlur={blur('firstName')} error={show('firstName')} maxLength={60} />
          <TextInput label="Nazwisko" name="lastName" autoComplete="family-name" required value={data.lastName} onChange={(e) => wizardStore.update({ lastName: e.currentTarget.value })} onBlur={blur('lastName')} error={show('lastName')} maxLength={60} />
        </SimpleGrid>
        <TextInput
          label="Telefon"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          placeholder="+48 600 100 200"
          description="Numer kontaktowy na czas wydarzenia."
          value={data.phone}
          onChange={(e) => wizardStore.update({ phone: e.currentTarget.value })}
          onBlur={blur('phone')}
          error={show('phone')}
        />
        <CountrySelect label="Kraj" name="country" required value={data.country || null} onChange={(v) => wizardStore.update({ country: v ?? '' })} onBlur={blur('country')} error={show('country')} />
        <Group justify="space-between" mt="xs">
          <Button variant="default" onClick={onBack} disabled={leaving !== null} loading={leaving === 'back'}>
            Wstecz
          </Button>
          <Button type="submit" disabled={leaving !== null} loading={leaving === 'next'}>
            Dalej: zgody
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
