import { Button, Group, SimpleGrid } from '@mantine/core';
import { NameFields, PhoneField } from '../../shared/ui/PersonFields';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { CountrySelect } from './CountrySelect';
import type { Leaving } from './stepNavigation';
import { stepTwoSchema } from './steps';
import { wizardStore } from './wizardStore';
import { StackedForm } from '../../shared/ui/StackedForm';
import { ErrorText } from '../../shared/ui/ErrorText';

/** StepTwo: name, phone and country, validated with the same schema as `completeRegistration`. */
export function StepTwoForm({
  onBack,
  onNext,
  leaving = null,
}: {
  onBack: () => void;
  onNext: () => void;
  leaving?: Leaving;
}) {
  const { firstName, lastName, phone, country } = wizardStore.get();
  const { form, submitWith } = useSchemaForm({
    initialValues: { firstName, lastName, phone, country },
    schema: stepTwoSchema,
    // Every keystroke lands in the wizard's store: back, forward or a reload keeps what was typed.
    onValuesChange: (values) => wizardStore.update(values),
  });

  const submit = submitWith(() => {
    if (!leaving) onNext();
  });

  return (
    <StackedForm label="Dane osobowe" onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NameFields form={form} own />
      </SimpleGrid>
      <PhoneField
        placeholder="+48 600 100 200"
        description="Numer kontaktowy na czas wydarzenia."
        {...form.getInputProps('phone')}
      />
      <CountrySelect
        label="Kraj"
        name="country"
        required
        {...form.getInputProps('country')}
        value={form.getValues().country || null}
        onChange={(value) => form.setFieldValue('country', value ?? '')}
      />
      <ErrorText>{form.errors._form}</ErrorText>
      <Group justify="space-between" mt="xs">
        <Button variant="default" onClick={onBack} disabled={leaving !== null} loading={leaving === 'back'}>
          Wstecz
        </Button>
        <Button type="submit" disabled={leaving !== null} loading={leaving === 'next'}>
          Dalej: zgody
        </Button>
      </Group>
    </StackedForm>
  );
}
