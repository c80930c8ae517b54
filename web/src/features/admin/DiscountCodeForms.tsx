import { type FormEvent, type ReactNode } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { createDiscountCodeBatchInput, upsertDiscountCodeInput } from '@domain/callables';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { callFunction } from '../../shared/firebase';
import { DiscountTermsFields } from './DiscountTermsFields';
import type { AdminDiscountCode } from './api';
import { emptyTerms, termsPayload, termsValues, type DiscountTermsValues } from './discountForm';
import { ResultAlert, useActionResult, type ActionResult } from '../../shared/ui/ResultAlert';
import { ErrorText } from '../../shared/ui/ErrorText';

type SingleValues = { code: string; terms: DiscountTermsValues };
type BatchValues = { prefix: string; count: number | string; terms: DiscountTermsValues };

interface DiscountFormCardProps {
  /** The form's accessible name. */
  label: string;
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The form, for the terms fields both forms end with. */
  form: UseFormReturnType<{ terms: DiscountTermsValues }>;
  result: [ActionResult | null, (result: ActionResult | null) => void];
  actions: ReactNode;
  /** The form's own fields, above the terms. */
  children: ReactNode;
}

/** What both discount forms are: a titled card holding their fields, the terms, the result and the buttons. */
function DiscountFormCard({ label, title, onSubmit, form, result, actions, children }: DiscountFormCardProps) {
  const [shown, setShown] = result;
  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        {children}
        <DiscountTermsFields form={form} />
        <ErrorText>{form.errors._form}</ErrorText>
        <ResultAlert result={shown} onClose={() => setShown(null)} />
        <Group justify="flex-end">{actions}</Group>
      </Stack>
    </Paper>
  );
}

/**
 * „Nowy kod”: one code with its terms (e.g. CZLONEK-2026, 20 % off tickets); with `editing`, the
 * same form changes that code's terms (the code itself stays; its uses stay in `/discountUses`).
 */
export function DiscountCodeForm({ editing, onDone }: { editing?: AdminDiscountCode; onDone?: () => void }) {
  const { result, setResult, perform } = useActionResult();
  const toPayload = (v: SingleValues) => ({ code: v.code, create: !editing, terms: termsPayload(v.terms) });
  const initialValues: SingleValues = editing
    ? { code: editing.code, terms: termsValues(editing) }
    : { code: '', terms: emptyTerms('percent') };
  const { form, submitWith } = useSchemaForm<SingleValues>({
    initialValues,
    schema: upsertDiscountCodeInput,
    toPayload,
  });
  const submit = submitWith((values) =>
    perform(
      async () => {
        const r = await callFunction('upsertDiscountCode', toPayload(values));
        if (!editing) form.reset();
        return editing ? `Zapisano zmiany kodu ${r.code}.` : `Utworzono kod ${r.code}.`;
      },
      { onRefusal: (refusal) => refusal.field === 'code' && form.setFieldError('code', refusal.message) },
    ),
  );
  const title = editing ? `Zmień kod ${editing.code}` : 'Nowy kod';
  return (
    <DiscountFormCard
      label={editing ? title : 'Nowy kod rabatowy'}
      title={title}
      onSubmit={submit}
      form={form}
      result={[result, setResult]}
      actions={
        <>
          {editing && (
            <Button variant="default" onClick={onDone}>
              Zamknij
            </Button>
          )}
          <Button type="submit">{editing ? 'Zapisz zmiany' : 'Utwórz kod'}</Button>
        </>
      }
    >
      {!editing && (
        <TextInput
          label="Kod"
          description="litery A–Z, cyfry i „-”; wielkość liter nie ma znaczenia"
          placeholder="CZLONEK-2026"
          withAsterisk
          autoCapitalize="characters"
          {...form.getInputProps('code')}
        />
      )}
    </DiscountFormCard>
  );
}

/** „Kody dla ekipy”: a batch of single-use codes, e.g. 30 × EKIPA-XXXXXXXX giving a free ticket; exported as CSV from the list. */
export function DiscountBatchForm({ onCreated }: { onCreated: (batch: string) => void }) {
  const { result, setResult, perform } = useActionResult();
  const toPayload = (v: BatchValues) => ({
    prefix: v.prefix,
    count: v.count === '' ? Number.NaN : Number(v.count),
    terms: termsPayload(v.terms),
  });
  const { form, submitWith } = useSchemaForm<BatchValues>({
    initialValues: { prefix: 'EKIPA', count: 10, terms: emptyTerms('percent', 1) },
    schema: createDiscountCodeBatchInput,
    toPayload,
  });
  const submit = submitWith((values) =>
    perform(async () => {
      const r = await callFunction('createDiscountCodeBatch', toPayload(values));
      onCreated(r.batch);
      return `Utworzono ${r.codes.length} kodów (${r.codes[0]} …). Pobierz je jako CSV z listy poniżej.`;
    }),
  );
  return (
    <DiscountFormCard
      label="Kody jednorazowe dla ekipy"
      title="Kody jednorazowe (np. dla ekipy)"
      onSubmit={submit}
      form={form}
      result={[result, setResult]}
      actions={<Button type="submit">Utwórz kody</Button>}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Przedrostek" withAsterisk autoCapitalize="characters" {...form.getInputProps('prefix')} />
        <NumberInput
          label="Liczba kodów"
          min={1}
          max={500}
          allowDecimal={false}
          withAsterisk
          {...form.getInputProps('count')}
        />
      </SimpleGrid>
    </DiscountFormCard>
  );
}
