import { Group, NumberInput, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { upsertTicketTypeInput } from '@domain/callables';
import { DEFAULT_MAX_TICKETS_PER_ACCOUNT, LIMITS, type TicketType } from '@domain/schemas';
import { formatDateTime } from '../../shared/format/pl';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { useGetTicketTypesQuery } from '../catalogue';
import { useAdminArchivedTicketTypesQuery, type AdminTicketType } from './api';
import { CatalogueEditor, CatalogueTab, OffSaleBadge, type CatalogueKind, type CatalogueValues } from './catalogue';
import { warsawInputToMs, msToWarsawInput, optionalInt } from './ui';
import { moneyColumn } from '../../shared/ui/moneyColumn';

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

/** Both ends of the sale window are optional: an empty one leaves that side open. */
const SALE_WINDOW_FIELDS = [
  { path: 'saleStart', label: 'Początek sprzedaży' },
  { path: 'saleEnd', label: 'Koniec sprzedaży' },
] as const;

const TICKET_TYPE: CatalogueKind<AdminTicketType, TicketTypeValues> = {
  title: 'Rodzaje biletów',
  noun: 'Bilet',
  genitive: 'biletu',
  addLabel: 'Dodaj bilet',
  archiveTitle: 'Archiwum biletów',
  archiveCallable: 'archiveTicketType',
  restoreCallable: 'restoreTicketType',
  archiveQuestion: (name) =>
    `Bilet „${name}” zniknie ze sprzedaży. Złożone zamówienia i faktury pozostaną bez zmian; bilet można później przywrócić.`,
  restoreQuestion: (name) => `Przywrócić bilet „${name}”? Wróci na listę z tymi samymi ustawieniami.`,
  List: TicketTypeList,
  Editor: TicketTypeForm,
  useArchived: useAdminArchivedTicketTypesQuery,
  archivedTestId: 'archived-ticket-type',
  archivedDetail: (t) => `· sprzedano ${t.sold}`,
  editorLabel: 'Rodzaj biletu',
  nameLabel: 'Nazwa',
  pricePlaceholder: '149,00',
  upsertCallable: 'upsertTicketType',
  payloadKey: 'ticketType',
  schema: upsertTicketTypeInput,
  blank: () => emptyTicketType,
  valuesOf: (t, common) => ({
    ...common,
    quota: t.quota,
    saleStart: msToWarsawInput(t.saleStart),
    saleEnd: msToWarsawInput(t.saleEnd),
    pickupLabel: t.pickupLabel ?? '',
  }),
  ownPayloadOf: (values) => ({
    quota: optionalInt(values.quota) ?? Number.NaN,
    saleStart: warsawInputToMs(values.saleStart),
    saleEnd: warsawInputToMs(values.saleEnd),
    ...(values.pickupLabel.trim() ? { pickupLabel: values.pickupLabel } : {}),
  }),
  ownErrors: (values, editing): Record<string, string> => {
    const sold = editing?.sold ?? 0;
    return typeof values.quota === 'number' && values.quota < sold
      ? { quota: `Pula nie może być mniejsza niż liczba sprzedanych biletów (${sold})` }
      : {};
  },
};

export function TicketTypeForm({
  editing,
  onDone,
}: {
  editing: AdminTicketType | null;
  onDone: (message: string) => void;
}) {
  const sold = editing?.sold ?? 0;
  return (
    <CatalogueEditor kind={TICKET_TYPE} editing={editing} onDone={onDone}>
      {({ getInputProps: field }) => (
        <>
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
                description="czas polski; puste = bez ograniczenia"
                {...field(path)}
              />
            ))}
          </Group>
          <TextInput
            label="Do odbioru na miejscu (opcjonalnie)"
            description="np. „Opaska na wydarzenie” — opłacony bilet stanie się pozycją do odbioru"
            {...field('pickupLabel')}
          />
        </>
      )}
    </CatalogueEditor>
  );
}

function saleWindow(t: TicketType): string {
  if (t.saleStart == null && t.saleEnd == null) return 'bez ograniczeń';
  return `${t.saleStart != null ? `od ${formatDateTime(t.saleStart)}` : ''}${t.saleStart != null && t.saleEnd != null ? ' ' : ''}${t.saleEnd != null ? `do ${formatDateTime(t.saleEnd)}` : ''}`;
}

function ticketTypeColumns(controlsOf: (t: AdminTicketType) => ReactNode): DataColumn<AdminTicketType>[] {
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
    moneyColumn('price', 'Cena', (t) => t.priceGrosze),
    { key: 'vat', header: 'VAT', align: 'right', cell: (t) => `${t.vatRate} %` },
    { key: 'sold', header: 'Sprzedane / pula', align: 'right', cell: (t) => `${t.sold} / ${t.quota}` },
    { key: 'window', header: 'Sprzedaż', cell: (t) => <Text size="sm">{saleWindow(t)}</Text> },
    { key: 'actions', cell: controlsOf },
  ];
}

function TicketTypeList({ controlsOf }: { controlsOf: (t: AdminTicketType) => ReactNode }) {
  const live = useGetTicketTypesQuery();
  return (
    <DataTable
      label="Rodzaje biletów"
      columns={ticketTypeColumns(controlsOf)}
      rows={live.data ?? []}
      rowKey={(t) => t.id}
      rowProps={() => ({ 'data-testid': 'ticket-type-row' })}
      minWidth={760}
      source={live}
      what="biletów"
      empty={{ title: 'Brak biletów', children: 'Dodaj pierwszy rodzaj biletu.' }}
    />
  );
}

export function TicketTypesTab() {
  return <CatalogueTab kind={TICKET_TYPE} />;
}
