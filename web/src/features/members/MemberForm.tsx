import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Group, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { MEMBER_RELATION_LABELS, MEMBER_RELATIONS, memberInputSchema } from '@domain/schemas';
import { NameFields } from '../../shared/ui/PersonFields';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import type { MemberFields, Relation } from './api';
import { StackedForm } from '../../shared/ui/StackedForm';

export type MemberFormValues = {
  firstName: string;
  lastName: string;
  birthYear: string | number;
  relation: string;
};

const emptyMember: MemberFormValues = { firstName: '', lastName: '', birthYear: '', relation: '' };

export function toMemberFields(values: MemberFormValues): MemberFields & Record<string, unknown> {
  const year = values.birthYear === '' ? undefined : Number(values.birthYear);
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    ...(year === undefined ? {} : { birthYear: year }),
    ...(values.relation ? { relation: values.relation as Relation } : {}),
  };
}

interface MemberFormProps {
  initial?: MemberFormValues;
  submitLabel: string;
  /** Resolves with a Polish error message, or null on success. */
  onSubmit: (fields: MemberFields) => Promise<string | null>;
  onCancel?: () => void;
  /** The account holder's own entry keeps the relation "ja"; nobody else can take it. */
  isSelf?: boolean;
  disabledReason?: string;
}

/** Add / edit a participant; validated with the same schema the rules mirror. */
export function MemberForm({
  initial = emptyMember,
  submitLabel,
  onSubmit,
  onCancel,
  isSelf = false,
  disabledReason,
}: MemberFormProps) {
  const { form, submitWith } = useSchemaForm<MemberFormValues>({
    initialValues: initial,
    schema: memberInputSchema,
    toPayload: toMemberFields,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const relations = MEMBER_RELATIONS.filter((r) => (isSelf ? r === 'self' : r !== 'self')).map((r) => ({
    value: r,
    label: MEMBER_RELATION_LABELS[r],
  }));

  const submit = submitWith(async (values) => {
    if (disabledReason) return;
    setBusy(true);
    setError(null);
    const fields = toMemberFields(values);
    const failure = await onSubmit({ ...fields, firstName: fields.firstName.trim(), lastName: fields.lastName.trim() });
    setBusy(false);
    if (failure) setError(failure);
  });
  const relation = form.getInputProps('relation');
  const shownError = error ?? form.errors._form;

  return (
    <StackedForm label={submitLabel} onSubmit={submit}>
      {(shownError || disabledReason) && (
        <Alert color={shownError ? 'red' : 'yellow'} role="alert">
          {shownError ?? disabledReason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NameFields form={form} disabled={busy} readOnly={isSelf} />
      </SimpleGrid>
      {isSelf && (
        // The holder's own entry carries the account's name (syncProfile keeps them equal), so it
        // is changed in one place only.
        <Alert color="gray" data-testid="self-name-hint">
          To Twoje dane z konta. Imię i nazwisko zmienisz w{' '}
          <Anchor component={Link} to="/dashboard/ustawienia" fw={600}>
            Ustawieniach
          </Anchor>
          .
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label="Rok urodzenia"
          name="birthYear"
          description="Opcjonalnie — pomaga dobrać bilet (np. dziecięcy)."
          allowDecimal={false}
          allowNegative={false}
          hideControls
          min={1900}
          max={2100}
          disabled={busy}
          {...form.getInputProps('birthYear')}
        />
        <Select
          label="Kim jest dla Ciebie?"
          name="relation"
          description="Opcjonalnie."
          placeholder="Wybierz"
          data={relations}
          clearable={!isSelf}
          {...relation}
          value={relation.value || null}
          onChange={(v) => relation.onChange(v ?? '')}
          disabled={busy || isSelf}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Anuluj
          </Button>
        )}
        <Button type="submit" loading={busy} disabled={Boolean(disabledReason)}>
          {submitLabel}
        </Button>
      </Group>
    </StackedForm>
  );
}
