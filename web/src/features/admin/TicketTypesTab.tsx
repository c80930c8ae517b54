import { Group, NumberInput, Text, TextInput } from '@mantine/core';
import { parsePln } from '@domain/money';
import { upsertTicketTypeInput, type CallableInput } from '@domain/callables';
import { DEFAULT_MAX_TICKETS_PER_ACCOUNT, LIMITS, type TicketType } from '@domain/schemas';
import { formatDateTime, formatMoney } from '../../shared/format/pl';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { useGetTicketTypesQuery } from '../catalogue';
import { useAdminArchivedTicketTypesQuery, type AdminTicketType } from './api';
import {
  CatalogueEditor,
  CatalogueItemActions,
  CatalogueTab,
  OffSaleBadge,
  catalogueValuesOf,
  cataloguePayloadOf,
  optionalInt,
  useCatalogueEditor,
  type CatalogueKind,
  type CatalogueListActions,
  type CatalogueValues,
} from './catalogue';
import { localInputToMs, msToLocalInput } from './ui';
import { callFunction } from '../../shared/firebase';

interface TicketTypeValues extends CatalogueValues {
  quota: number | string;
  saleStart: string;
  saleEnd: string;
  pickupLabel: string;
}

const emptyTicketType: TicketTypeValues = {
  name: '',
  description: '',
  price: '',
  vatRate: '8',
  quota: 100,
  saleStart: '',
  saleEnd: '',
  active: true,
  sortOrder: 10,
  pickupLabel: '',
  maxPerAccount: '',
};

function valuesOf(t: AdminTicketType): TicketTypeValues {
  return {
    ...catalogueValuesOf(t),
    quota: t.quota,
    saleStart: msToLocalInput(t.saleStart),
    saleEnd: msToLocalInput(t.saleEnd),
    pickupLabel: t.pickupLabel ?? '',
  };
}

/** The upsertTicketType payload. */
function ticketTypePayload(id: string | undefined, values: TicketTypeValues) {
  return {
    ...(id ? { id } : {}),
    ticketType: {
      ...cataloguePayloadOf(values),
      quota: optionalInt(values.quota) ?? Number.NaN,
      saleStart: localInputToMs(values.saleStart),
      saleEnd: localInputToMs(values.saleEnd),
      ...(values.pickupLabel.trim() ? { pickupLabel: values.pickupLabel } : {}),
    },
  };
}

/** `ticketType.priceGrosze` → `price`, `ticketType.quota` → `quota`. */
function ticketTypeField(path: readonly PropertyKey[]): string {
  const first = path[1] === undefined ? '' : String(path[1]);
  return first === 'priceGrosze' ? 'price' : first;
}

/** Both ends of the sale window are optional: an empty one leaves that side open. */
const SALE_WINDOW_FIELDS = [
  { path: 'saleStart', label: 'Początek sprzedaży' },
  { path: 'saleEnd', label: 'Koniec sprzedaży' },
] as const;

export function TicketTypeForm({
  editing,
  onDone,
}: {
  editing: AdminTicketType | null;
  onDone: (message: string) => void;
}) {
  const sold = editing?.sold ?? 0;
  const editor = useCatalogueEditor<TicketTypeValues>({
    initialValues: editing ? valuesOf(editing) : emptyTicketType,
    schema: upsertTicketTypeInput,
    toPayload: (values) => ticketTypePayload(editing?.id, values),
    fieldOf: ticketTypeField,
    extraErrors: (values) => ({
      ...(parsePln(values.price) === null ? { price: 'Podaj cenę, np. 149,00' } : {}),
      ...(typeof values.quota === 'number' && values.quota < sold
        ? { quota: `Pula nie może być mniejsza niż liczba sprzedanych biletów (${sold})` }
        : {}),
    }),
    save: (payload) => callFunction('upsertTicketType', payload as CallableInput<'upsertTicketType'>),
    doneMessage: (name) => (editing ? `Zapisano bilet „${name}”.` : `Dodano bilet „${name}”.`),
    onDone,
  });
  const field = editor.form.getInputProps;
  return (
    <CatalogueEditor
      label="Rodzaj biletu"
      nameLabel="Nazwa"
      pricePlaceholder="149,00"
      submitLabel={editing ? 'Zapisz zmiany' : 'Dodaj bilet'}
      editor={editor}
    >
      <Group grow align="flex-start">
        <NumberInput
          label="Pula biletów"
          required
          min={sold}
          allowDecimal={false}
          description={editing ? `Sprzedano (z rezerwacjami): ${sold}` : undefined}
          {...field('quota')}
        />
        <NumberInput label="Kolejność" min={0} max={10000} allowDecimal={false} {...field('sortOrder')} />
      </Group>
      <NumberInput
        label="Limit na jedno konto"
        description={`Ile biletów tego rodzaju może mieć jedno konto (zamówienia oczekujące i opłacone); puste = ${DEFAULT_MAX_TICKETS_PER_ACCOUNT}`}
        min={1}
        max={LIMITS.maxMembers}
        allowDecimal={false}
        {...field('maxPerAccount')}
      />
      <Group grow align="flex-start">
        {SALE_WINDOW_FIELDS.map(({ path, label }) => (
          <TextInput
            key={path}
            type="datetime-local"
            label={label}
            description="puste = bez ograniczenia"
            {...field(path)}
          />
        ))}
      </Group>
      <TextInput
        label="Do odbioru na miejscu (opcjonalnie)"
        description="np. „Opaska na wydarzenie” — opłacony bilet stanie się pozycją do odbioru"
        {...field('pickupLabel')}
      />
    </CatalogueEditor>
  );
}

function saleWindow(t: TicketType): string {
  if (t.saleStart == null && t.saleEnd == null) return 'bez ograniczeń';
  return `${t.saleStart != null ? `od ${formatDateTime(t.saleStart)}` : ''}${t.saleStart != null && t.saleEnd != null ? ' ' : ''}${t.saleEnd != null ? `do ${formatDateTime(t.saleEnd)}` : ''}`;
}

function ticketTypeColumns(actions: CatalogueListActions<AdminTicketType>): DataColumn<AdminTicketType>[] {
  return [
    {
      key: 'name',
      header: 'Nazwa',
      cell: (t) => (
        <>
          <Text fw={600}>{t.name}</Text>
          <OffSaleBadge active={t.active} />
        </>
      ),
    },
    { key: 'price', header: 'Cena', align: 'right', cell: (t) => formatMoney(t.priceGrosze) },
    { key: 'vat', header: 'VAT', align: 'right', cell: (t) => `${t.vatRate} %` },
    { key: 'sold', header: 'Sprzedane / pula', align: 'right', cell: (t) => `${t.sold} / ${t.quota}` },
    { key: 'window', header: 'Sprzedaż', cell: (t) => <Text size="sm">{saleWindow(t)}</Text> },
    { key: 'actions', cell: (t) => <CatalogueItemActions item={t} {...actions} /> },
  ];
}

const TICKET_TYPE: CatalogueKind = {
  noun: 'Bilet',
  genitive: 'biletu',
  archiveTitle: 'Archiwum biletów',
  archiveCallable: 'archiveTicketType',
  restoreCallable: 'restoreTicketType',
  archiveQuestion: (name) =>
    `Bilet „${name}” zniknie ze sprzedaży. Złożone zamówienia i faktury pozostaną bez zmian; bilet można później przywrócić.`,
  restoreQuestion: (name) => `Przywrócić bilet „${name}”? Wróci na listę z tymi samymi ustawieniami.`,
};

export function TicketTypesTab() {
  const live = useGetTicketTypesQuery();
  const archived = useAdminArchivedTicketTypesQuery();
  return (
    <CatalogueTab<AdminTicketType>
      title="Rodzaje biletów"
      addLabel="Dodaj bilet"
      kind={TICKET_TYPE}
      list={(actions) => (
        <DataTable
          label="Rodzaje biletów"
          columns={ticketTypeColumns(actions)}
          rows={live.data ?? []}
          rowKey={(t) => t.id}
          rowProps={() => ({ 'data-testid': 'ticket-type-row' })}
          minWidth={760}
          source={live}
          what="biletów"
          empty={{ title: 'Brak biletów', children: 'Dodaj pierwszy rodzaj biletu.' }}
        />
      )}
      archived={archived.data}
      archivedTestId="archived-ticket-type"
      archivedDetails={(t) =>
        `· sprzedano ${t.sold}${t.archivedAt ? ` · w archiwum od ${formatDateTime(t.archivedAt)}` : ''}`
      }
      editor={(editing, onDone) => <TicketTypeForm editing={editing} onDone={onDone} />}
    />
  );
}
