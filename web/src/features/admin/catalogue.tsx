import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Modal, Paper, Select, Switch, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { z } from 'zod';
import { polishIssue } from '@domain/issues';
import type { CallableInput } from '@domain/callables';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { parsePln } from '@domain/money';
import { callFunction } from '../../shared/firebase';
import { groszeToInput, optionalInt, VAT_OPTIONS } from './ui';
import { useConfirm, type ConfirmQuestion } from '../../shared/ui/ConfirmAction';
import { ResultAlert, type ActionResult } from '../../shared/ui/ResultAlert';
import { StackedForm } from '../../shared/ui/StackedForm';
import { TitledStack } from '../../shared/ui/TitledStack';
import { formatDateTime } from '../../shared/format/pl';
import { SubmitRow } from '../../shared/ui/SubmitRow';
import { Hint } from '../../shared/ui/Hint';
import { ErrorText } from '../../shared/ui/ErrorText';

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

/**
 * The catalogue editors' form: `@mantine/form` through `useSchemaForm`, validated by the callable's
 * shared schema with the messages placed on the form's own (flat) fields, plus the editor's own
 * checks; a refusal from the server lands on its field, or above the form.
 */
function useCatalogueEditor<Item extends CatalogueItem, Values extends CatalogueValues>(
  kind: CatalogueKind<Item, Values>,
  editing: Item | null,
  onDone: (message: string) => void,
) {
  const toPayload = (values: Values) => ({
    ...(editing ? { id: editing.id } : {}),
    [kind.payloadKey]: { ...cataloguePayloadOf(values), ...kind.ownPayloadOf(values) },
  });
  /** A payload path („product.variants.v-1.stock”) as the form's field path („variants.0.stock”); '' = the whole form. */
  const fieldOf = (path: readonly PropertyKey[], values: Values): string => {
    const [, first, ...rest] = path.map(String);
    if (first === undefined) return '';
    if (first === 'priceGrosze') return 'price';
    return kind.ownFieldOf?.(first, rest, values) ?? first;
  };
  // The validator is handed the values with their payload: it parses the payload with the shared
  // schema and uses the values to map each payload path back to the form field it came from.
  const [validator] = useState(() =>
    z.custom<{ values: Values; payload: unknown }>().superRefine(({ values, payload }, ctx) => {
      const extra = {
        ...(parsePln(values.price) === null ? { price: `Podaj cenę, np. ${kind.pricePlaceholder}` } : {}),
        ...kind.ownErrors?.(values, editing),
      };
      for (const [field, message] of Object.entries(extra))
        ctx.addIssue({ code: 'custom', path: field.split('.'), message });
      const parsed = kind.schema.safeParse(payload, { error: polishIssue });
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
        const field = fieldOf(path, values);
        if (!(field in extra))
          ctx.addIssue({ code: 'custom', path: field ? field.split('.') : [], message: issue.message });
      }
    }),
  );
  const { form, submitWith, send, sending } = useSchemaForm<Values>({
    initialValues: editing ? kind.valuesOf(editing, catalogueValuesOf(editing)) : kind.blank(),
    schema: validator,
    toPayload: (values) => ({ values, payload: toPayload(values) }),
    refusalField: (field, values) => fieldOf(field.split('.'), values) || undefined,
  });
  const submit = submitWith(async (values) => {
    // The payload was parsed by the callable's shared schema above.
    const payload = toPayload(values) as CallableInput<CatalogueKind['upsertCallable']>;
    if (!(await send(() => callFunction(kind.upsertCallable, payload)))) return;
    onDone(`${editing ? 'Zapisano' : 'Dodano'} ${kind.noun.toLowerCase()} „${values.name.trim()}”.`);
  });
  return { form, submit, busy: sending };
}

interface CatalogueEditorProps<Item extends CatalogueItem, Values extends CatalogueValues> {
  kind: CatalogueKind<Item, Values>;
  /** The item being edited; null for a new one. */
  editing: Item | null;
  onDone: (message: string) => void;
  /** Fields after VAT in the price row. */
  priceRow?: (form: UseFormReturnType<Values>) => ReactNode;
  /** The kind's own fields, between the price row and „W sprzedaży”. */
  children: (form: UseFormReturnType<Values>) => ReactNode;
}

/** The editor both catalogue tabs use: name, description, price and VAT, the kind's fields, „W sprzedaży”. */
export function CatalogueEditor<Item extends CatalogueItem, Values extends CatalogueValues>({
  kind,
  editing,
  onDone,
  priceRow,
  children,
}: CatalogueEditorProps<Item, Values>) {
  const { form, submit, busy } = useCatalogueEditor(kind, editing, onDone);
  const field = (path: string) => form.getInputProps(path);
  const vat = field('vatRate');
  const formError = form.errors._form;
  return (
    <StackedForm label={kind.editorLabel} onSubmit={submit} gap="sm">
      <ErrorText>{formError}</ErrorText>
      <TextInput label={kind.nameLabel} required {...field('name')} />
      <Textarea label="Opis" autosize minRows={2} {...field('description')} />
      <Group grow align="flex-start">
        <TextInput
          label="Cena brutto (zł)"
          required
          inputMode="decimal"
          placeholder={kind.pricePlaceholder}
          {...field('price')}
        />
        <Select
          label="Stawka VAT"
          data={VAT_OPTIONS}
          {...vat}
          onChange={(v) => v && vat.onChange(v)}
          allowDeselect={false}
        />
        {priceRow?.(form)}
      </Group>
      {children(form)}
      <Switch label="W sprzedaży" {...form.getInputProps('active', { type: 'checkbox' })} />
      <SubmitRow label={editing ? 'Zapisz zmiany' : kind.addLabel} busy={busy} />
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
  archivedAt?: number;
}

/** The editor's common fields from a stored item. */
function catalogueValuesOf(item: CatalogueItem): CatalogueValues {
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
function cataloguePayloadOf(values: CatalogueValues) {
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
function CatalogueItemActions<Item>({
  item,
  edit,
  archive,
}: {
  item: Item;
  edit: (item: Item) => void;
  archive: (item: Item) => void;
}) {
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

/**
 * A catalogue kind (ticket types, products): how its tab and editor name it, the callables that save,
 * archive and restore it, and how its own fields (beyond `CatalogueValues`) fill the form and the payload.
 */
export interface CatalogueKind<
  Item extends CatalogueItem = CatalogueItem,
  Values extends CatalogueValues = CatalogueValues,
> {
  /** The tab's title: „Rodzaje biletów”. */
  title: string;
  /** As a sentence starts with it: „Bilet”, „Produkt”. */
  noun: string;
  /** „biletu”, „produktu” (in „Edycja biletu”). */
  genitive: string;
  /** „Dodaj bilet”: the tab's button and a new item's submit. */
  addLabel: string;
  /** „Archiwum biletów”. */
  archiveTitle: string;
  archiveCallable: 'archiveTicketType' | 'archiveProduct';
  restoreCallable: 'restoreTicketType' | 'restoreProduct';
  /** What archiving the item does, asked before it happens. */
  archiveQuestion: (name: string) => string;
  /** What restoring the item does, asked before it happens. */
  restoreQuestion: (name: string) => string;
  /** The live list (a table or cards), given each item's „Edytuj” and „Archiwizuj”. */
  List: (props: { controlsOf: (item: Item) => ReactNode }) => ReactNode;
  /** The editor, for a new item (null) or the one being edited; `onDone` closes it with the message. */
  Editor: (props: { editing: Item | null; onDone: (message: string) => void }) => ReactNode;
  /** The archived items, read when the tab opens. */
  useArchived: () => { data?: readonly Item[] };
  archivedTestId: string;
  /** An archived item's line after its name, before when it was archived: „· sprzedano 3”. */
  archivedDetail: (item: Item) => string;
  /** The editor form's accessible name: „Rodzaj biletu”. */
  editorLabel: string;
  nameLabel: string;
  pricePlaceholder: string;
  upsertCallable: 'upsertTicketType' | 'upsertProduct';
  /** The payload key the item's fields travel under: `{ id?, product: {…} }`. */
  payloadKey: 'ticketType' | 'product';
  /** The upsert callable's shared input schema. */
  schema: z.ZodType;
  /** A new item's values. */
  blank: () => Values;
  /** A stored item's form values: the common ones (`common`, read by the catalogue) and the kind's own. */
  valuesOf: (item: Item, common: CatalogueValues) => Values;
  /** The kind's own payload fields. */
  ownPayloadOf: (values: Values) => Record<string, unknown>;
  /** The form field of a payload path under one of the kind's own fields (`variants`, `v-1`, `stock`); undefined = that field. */
  ownFieldOf?: (first: string, rest: readonly string[], values: Values) => string | undefined;
  /** Checks only the editor can make (less stock or quota than sold), by form field. */
  ownErrors?: (values: Values, editing: Item | null) => Record<string, string>;
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

/** What the archive and restore questions need of a kind. */
type KindWording = Pick<
  CatalogueKind,
  'noun' | 'genitive' | 'archiveCallable' | 'restoreCallable' | 'archiveQuestion' | 'restoreQuestion'
>;

function archiveConfirm(kind: KindWording, item: CatalogueItem): ConfirmQuestion {
  return {
    title: `Archiwizacja ${kind.genitive}`,
    body: kind.archiveQuestion(item.name),
    confirmLabel: 'Archiwizuj',
    color: 'red',
    run: callThenSay(kind.archiveCallable, item, `${kind.noun} „${item.name}” przeniesiono do archiwum.`),
  };
}

function restoreConfirm(kind: KindWording, item: CatalogueItem): ConfirmQuestion {
  return {
    title: `Przywrócenie ${kind.genitive}`,
    body: kind.restoreQuestion(item.name),
    confirmLabel: 'Przywróć',
    run: callThenSay(kind.restoreCallable, item, `Przywrócono ${kind.noun.toLowerCase()} „${item.name}”.`),
  };
}

/** A catalogue tab (ticket types, products): title and „Dodaj”, the live list, the archive with „Przywróć”, the editor dialog. */
export function CatalogueTab<Item extends CatalogueItem, Values extends CatalogueValues>({
  kind,
}: {
  kind: CatalogueKind<Item, Values>;
}) {
  const { List, Editor } = kind;
  const archived = kind.useArchived().data;
  const [result, setResult] = useState<ActionResult | null>(null);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const { ask, dialog } = useConfirm({ onResult: setResult });
  return (
    <TitledStack
      title={kind.title}
      titleSize="xl"
      aside={<Button onClick={() => setEditing('new')}>{kind.addLabel}</Button>}
    >
      <ResultAlert result={result} onClose={() => setResult(null)} />
      <List
        controlsOf={(item) => (
          <CatalogueItemActions item={item} edit={setEditing} archive={(it) => ask(archiveConfirm(kind, it))} />
        )}
      />
      {!!archived?.length && (
        <TitledStack title={kind.archiveTitle} order={3} gap="xs">
          {archived.map((item) => (
            <Paper key={item.id} withBorder p="sm" data-testid={kind.archivedTestId}>
              <Group justify="space-between">
                <Text>
                  {item.name}{' '}
                  <Hint span>
                    {`${kind.archivedDetail(item)}${item.archivedAt ? ` · w archiwum od ${formatDateTime(item.archivedAt)}` : ''}`}
                  </Hint>
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
        {editing !== null && (
          <Editor
            editing={editing === 'new' ? null : editing}
            onDone={(message) => {
              setEditing(null);
              setResult({ ok: true, message });
            }}
          />
        )}
      </Modal>
      {dialog}
    </TitledStack>
  );
}
