import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Button, Group, Modal, Paper, Select, Switch, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { z } from 'zod';
import { polishIssue } from '@domain/issues';
import { refusalOf } from '../../shared/ui/formErrors';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { parsePln } from '@domain/money';
import { callFunction } from '../../shared/firebase';
import { groszeToInput, VAT_OPTIONS } from './ui';
import { useConfirm, type ConfirmQuestion } from '../../shared/ui/ConfirmAction';
import { ResultAlert, type ActionResult } from '../../shared/ui/ResultAlert';
import { StackedForm } from '../../shared/ui/StackedForm';
import { TitledStack } from '../../shared/ui/TitledStack';
import { SubmitRow } from '../../shared/ui/SubmitRow';

/** The fields every catalogue editor (ticket types, products) has, as the form holds them. */
export interface CatalogueValues {
  name: string;
  description: string;
  /** Typed as the admin writes it („149,00”); the payload carries grosze. */
  price: string;
  vatRate: string;
  active: boolean;
  sortOrder: number | string;
  /** '' = the default cap */
  maxPerAccount: number | string;
}

interface CatalogueEditorOptions<Values extends CatalogueValues> {
  initialValues: Values;
  /** The callable's shared input schema (`upsertProductInput`, `upsertTicketTypeInput`). */
  schema: z.ZodType;
  toPayload: (values: Values) => Record<string, unknown>;
  /** A payload path („product.variants.v-1.stock”) as the form's field path („variants.0.stock”); '' = the whole form. */
  fieldOf: (path: readonly PropertyKey[], values: Values) => string;
  /** Checks only the editor can make (a price that does not parse, less stock than sold), by form field. */
  extraErrors: (values: Values) => Record<string, string>;
  save: (payload: Record<string, unknown>) => Promise<unknown>;
  doneMessage: (name: string) => string;
  onDone: (message: string) => void;
}

/**
 * The catalogue editors' form: `@mantine/form` through `useSchemaForm`, validated by the callable's
 * shared schema with the messages placed on the form's own (flat) fields, plus the editor's own
 * checks; a refusal from the server lands on its field, or above the form.
 */
export function useCatalogueEditor<Values extends CatalogueValues>({
  initialValues,
  schema,
  toPayload,
  fieldOf,
  extraErrors,
  save,
  doneMessage,
  onDone,
}: CatalogueEditorOptions<Values>) {
  const [busy, setBusy] = useState(false);
  // The validator is handed the values with their payload: it parses the payload with the shared
  // schema and uses the values to map each payload path back to the form field it came from.
  const [validator] = useState(() =>
    z.custom<{ values: Values; payload: unknown }>().superRefine(({ values, payload }, ctx) => {
      const extra = extraErrors(values);
      for (const [field, message] of Object.entries(extra))
        ctx.addIssue({ code: 'custom', path: field.split('.'), message });
      const parsed = schema.safeParse(payload, { error: polishIssue });
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
        const field = fieldOf(path, values);
        if (!(field in extra))
          ctx.addIssue({ code: 'custom', path: field ? field.split('.') : [], message: issue.message });
      }
    }),
  );
  const { form, onSubmit } = useSchemaForm<Values>({
    initialValues,
    schema: validator,
    toPayload: (values) => ({ values, payload: toPayload(values) }),
  });
  const submit = onSubmit(async (values) => {
    setBusy(true);
    try {
      await save(toPayload(values));
      onDone(doneMessage(values.name.trim()));
    } catch (error) {
      const refusal = refusalOf(error);
      form.setFieldError(
        refusal.field ? fieldOf(refusal.field.split('.'), values) || '_form' : '_form',
        refusal.message,
      );
    } finally {
      setBusy(false);
    }
  });
  return { form, submit, busy };
}

/** `'12'` / `12` → 12, `''` → undefined (left empty), anything else → NaN (the schema refuses it). */
export const optionalInt = (v: number | string): number | undefined =>
  v === '' ? undefined : typeof v === 'number' ? v : Number.NaN;

interface CatalogueEditorProps<Values extends CatalogueValues> {
  label: string;
  nameLabel: string;
  pricePlaceholder: string;
  submitLabel: string;
  editor: { form: UseFormReturnType<Values>; submit: (event?: FormEvent<HTMLFormElement>) => void; busy: boolean };
  /** Fields after VAT in the price row. */
  priceRow?: ReactNode;
  /** The kind's own fields, between the price row and „W sprzedaży”. */
  children: ReactNode;
}

/** The editor scaffold both catalogue tabs use: name, description, price and VAT, the kind's fields, „W sprzedaży”. */
export function CatalogueEditor<Values extends CatalogueValues>({
  label,
  nameLabel,
  pricePlaceholder,
  submitLabel,
  editor,
  priceRow,
  children,
}: CatalogueEditorProps<Values>) {
  const { form, submit, busy } = editor;
  const field = (path: string) => form.getInputProps(path);
  const vat = field('vatRate');
  const formError = form.errors._form;
  return (
    <StackedForm label={label} onSubmit={submit} gap="sm">
      {formError && (
        <Text c="red" role="alert">
          {formError}
        </Text>
      )}
      <TextInput label={nameLabel} required {...field('name')} />
      <Textarea label="Opis" autosize minRows={2} {...field('description')} />
      <Group grow align="flex-start">
        <TextInput
          label="Cena brutto (zł)"
          required
          inputMode="decimal"
          placeholder={pricePlaceholder}
          {...field('price')}
        />
        <Select
          label="Stawka VAT"
          data={VAT_OPTIONS}
          {...vat}
          onChange={(v) => v && vat.onChange(v)}
          allowDeselect={false}
        />
        {priceRow}
      </Group>
      {children}
      <Switch label="W sprzedaży" {...form.getInputProps('active', { type: 'checkbox' })} />
      <SubmitRow label={submitLabel} busy={busy} />
    </StackedForm>
  );
}

/** What every catalogue item (ticket type, product) has, stored and as listed to the admin. */
interface CatalogueItem {
  id: string;
  name: string;
  description: string;
  priceGrosze: number;
  vatRate: number;
  active: boolean;
  sortOrder: number;
  maxPerAccount?: number | null;
}

/** The editor's common fields from a stored item. */
export function catalogueValuesOf(item: CatalogueItem): CatalogueValues {
  return {
    name: item.name,
    description: item.description,
    price: groszeToInput(item.priceGrosze),
    vatRate: String(item.vatRate),
    active: item.active,
    sortOrder: item.sortOrder,
    maxPerAccount: item.maxPerAccount ?? '',
  };
}

/** The payload's common fields; a price that does not parse is left out (the editor names it). */
export function cataloguePayloadOf(values: CatalogueValues) {
  const maxPerAccount = optionalInt(values.maxPerAccount);
  return {
    name: values.name,
    description: values.description,
    priceGrosze: parsePln(values.price) ?? undefined,
    vatRate: Number(values.vatRate),
    active: values.active,
    sortOrder: typeof values.sortOrder === 'number' ? values.sortOrder : 0,
    ...(maxPerAccount === undefined ? {} : { maxPerAccount }),
  };
}

/** „wstrzymany” beside an item taken off sale. */
export function OffSaleBadge({ active }: { active: boolean }) {
  return active ? null : (
    <Badge color="gray" variant="light">
      wstrzymany
    </Badge>
  );
}

/** „Edytuj” and „Archiwizuj” for one item of the live list. */
export function CatalogueItemActions<Item>({ item, edit, archive }: { item: Item } & CatalogueListActions<Item>) {
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => edit(item)}>
        Edytuj
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={() => archive(item)}>
        Archiwizuj
      </Button>
    </Group>
  );
}

export interface CatalogueListActions<Item> {
  edit: (item: Item) => void;
  archive: (item: Item) => void;
}

/** A catalogue kind as its tab names it and the callables that archive and restore it. */
export interface CatalogueKind {
  /** As a sentence starts with it: „Bilet”, „Produkt”. */
  noun: string;
  /** „biletu”, „produktu” (in „Edycja biletu”). */
  genitive: string;
  /** „Archiwum biletów”. */
  archiveTitle: string;
  archiveCallable: 'archiveTicketType' | 'archiveProduct';
  restoreCallable: 'restoreTicketType' | 'restoreProduct';
  /** What archiving the item does, asked before it happens. */
  archiveQuestion: (name: string) => string;
  /** What restoring the item does, asked before it happens. */
  restoreQuestion: (name: string) => string;
}

/** The confirmed action: the archive or restore callable for the item, then the result line's message. */
function callThenSay(
  callable: CatalogueKind['archiveCallable'] | CatalogueKind['restoreCallable'],
  item: CatalogueItem,
  done: string,
) {
  return async () => {
    await callFunction(callable, { id: item.id });
    return done;
  };
}

function archiveConfirm(kind: CatalogueKind, item: CatalogueItem): ConfirmQuestion {
  return {
    title: `Archiwizacja ${kind.genitive}`,
    body: kind.archiveQuestion(item.name),
    confirmLabel: 'Archiwizuj',
    color: 'red',
    run: callThenSay(kind.archiveCallable, item, `${kind.noun} „${item.name}” przeniesiono do archiwum.`),
  };
}

function restoreConfirm(kind: CatalogueKind, item: CatalogueItem): ConfirmQuestion {
  return {
    title: `Przywrócenie ${kind.genitive}`,
    body: kind.restoreQuestion(item.name),
    confirmLabel: 'Przywróć',
    run: callThenSay(kind.restoreCallable, item, `Przywrócono ${kind.noun.toLowerCase()} „${item.name}”.`),
  };
}

interface CatalogueTabProps<Item extends CatalogueItem> {
  title: string;
  addLabel: string;
  kind: CatalogueKind;
  /** The live list (a table or cards), given the row actions. */
  list: (actions: CatalogueListActions<Item>) => ReactNode;
  archived: readonly Item[] | undefined;
  archivedTestId: string;
  archivedDetails: (item: Item) => ReactNode;
  /** The editor, for a new item (null) or the one being edited; `onDone` closes it with the message. */
  editor: (editing: Item | null, onDone: (message: string) => void) => ReactNode;
}

/** A catalogue tab (ticket types, products): title and „Dodaj”, the live list, the archive with „Przywróć”, the editor dialog. */
export function CatalogueTab<Item extends CatalogueItem>(props: CatalogueTabProps<Item>) {
  const { kind } = props;
  const [result, setResult] = useState<ActionResult | null>(null);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const { ask, dialog } = useConfirm({ onResult: setResult });
  return (
    <TitledStack
      title={props.title}
      titleSize="xl"
      aside={<Button onClick={() => setEditing('new')}>{props.addLabel}</Button>}
    >
      <ResultAlert result={result} onClose={() => setResult(null)} />
      {props.list({ edit: setEditing, archive: (item) => ask(archiveConfirm(kind, item)) })}
      {!!props.archived?.length && (
        <TitledStack title={kind.archiveTitle} order={3} gap="xs">
          {props.archived.map((item) => (
            <Paper key={item.id} withBorder p="sm" data-testid={props.archivedTestId}>
              <Group justify="space-between">
                <Text>
                  {item.name}{' '}
                  <Text span c="dimmed" size="sm">
                    {props.archivedDetails(item)}
                  </Text>
                </Text>
                <Button size="xs" variant="light" onClick={() => ask(restoreConfirm(kind, item))}>
                  Przywróć
                </Button>
              </Group>
            </Paper>
          ))}
        </TitledStack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? `Nowy ${kind.noun.toLowerCase()}` : `Edycja ${kind.genitive}`}
        size="lg"
      >
        {editing !== null &&
          props.editor(editing === 'new' ? null : editing, (message) => {
            setEditing(null);
            setResult({ ok: true, message });
          })}
      </Modal>
      {dialog}
    </TitledStack>
  );
}
