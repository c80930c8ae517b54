import { Badge, Button, Group, NumberInput, Text, TextInput } from '@mantine/core';
import { parsePln } from '@domain/money';
import { upsertTicketTypeInput, type CallableInput } from '@domain/callables';
import { DEFAULT_MAX_TICKETS_PER_ACCOUNT, LIMITS, type TicketType } from '@domain/schemas';
import { formatDateTime, formatMoney } from '../../shared/format/pl';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { useGetTicketTypesQuery } from '../catalogue';
import { useAdminArchivedTicketTypesQuery, type AdminTicketType } from './api';
import { CatalogueEditor, CatalogueTab, optionalInt, useCatalogueEditor, type CatalogueValues } from './catalogue';
import { groszeToInput, localInputToMs, msToLocalInput } from './ui';
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
    name: t.name,
    description: t.description,
    price: groszeToInput(t.priceGrosze),
    vatRate: String(t.vatRate),
    quota: t.quota,
    saleStart: msToLocalInput(t.saleStart),
    saleEnd: msToLocalInput(t.saleEnd),
    active: t.active,
    sortOrder: t.sortOrder,
    pickupLabel: t.pickupLabel ?? '',
    maxPerAccount: t.maxPerAccount ?? '',
  };
}

/** The upsertTicketType payload; a price that does not parse is left out (the editor names it). */
function ticketTypePayload(id: string | undefined, values: TicketTypeValues) {
  const maxPerAccount = optionalInt(values.maxPerAccount);
  return {
    ...(id ? { id } : {}),
    ticketType: {
      name: values.name,
      description: values.description,
      priceGrosze: parsePln(values.price) ?? undefined,
      vatRate: Number(values.vatRate),
      quota: optionalInt(values.quota) ?? Number.NaN,
      saleStart: localInputToMs(values.saleStart),
      saleEnd: localInputToMs(values.saleEnd),
      active: values.active,
      sortOrder: typeof values.sortOrder === 'number' ? values.sortOrder : 0,
      ...(values.pickupLabel.trim() ? { pickupLabel: values.pickupLabel } : {}),
      ...(maxPerAccount === undefined ? {} : { maxPerAccount }),
    },
  };
}

/** `ticketType.priceGrosze` → `price`, `ticketType.quota` → `quota`. */
function ticketTypeField(path: readonly PropertyKey[]): string {
  const first = path[1] === undefined ? '' : String(path[1]);
  return first === 'priceGrosze' ? 'price' : first;
}

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
        <TextInput
          type="datetime-local"
          label="Początek sprzedaży"
          description="puste = bez ograniczenia"
          {...field('saleStart')}
        />
        <TextInput
          type="datetime-local"
          label="Koniec sprzedaży"
          description="puste = bez ograniczenia"
          {...field('saleEnd')}
        />
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

function ticketTypeColumns({
  edit,
  archive,
}: {
  edit: (t: AdminTicketType) => void;
  archive: (t: AdminTicketType) => void;
}): DataColumn<AdminTicketType>[] {
  return [
    {
      key: 'name',
      header: 'Nazwa',
      cell: (t) => (
        <>
          <Text fw={600}>{t.name}</Text>
          {!t.active && (
            <Badge color="gray" variant="light">
              wstrzymany
            </Badge>
          )}
        </>
      ),
    },
    { key: 'price', header: 'Cena', align: 'right', cell: (t) => formatMoney(t.priceGrosze) },
    { key: 'vat', header: 'VAT', align: 'right', cell: (t) => `${t.vatRate} %` },
    { key: 'sold', header: 'Sprzedane / pula', align: 'right', cell: (t) => `${t.sold} / ${t.quota}` },
    { key: 'window', header: 'Sprzedaż', cell: (t) => <Text size="sm">{saleWindow(t)}</Text> },
    {
      key: 'actions',
      cell: (t) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => edit(t)}>
            Edytuj
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => archive(t)}>
            Archiwizuj
          </Button>
        </Group>
      ),
    },
  ];
}

export function TicketTypesTab() {
  const live = useGetTicketTypesQuery();
  const archived = useAdminArchivedTicketTypesQuery();
  return (
    <CatalogueTab<AdminTicketType, AdminTicketType>
      title="Rodzaje biletów"
      addLabel="Dodaj bilet"
      list={(actions) => (
        <DataTable
          label="Rodzaje biletów"
          columns={ticketTypeColumns(actions)}
          rows={live.data ?? []}
          rowKey={(t) => t.id}
          rowProps={() => ({ 'data-testid': 'ticket-type-row' })}
          minWidth={760}
          source={live}
          loadingLabel="Wczytywanie biletów"
          errorText="Nie udało się wczytać biletów."
          empty={{ title: 'Brak biletów', children: 'Dodaj pierwszy rodzaj biletu.' }}
        />
      )}
      archiveConfirm={(t) => ({
        title: 'Archiwizacja biletu',
        body: `Bilet „${t.name}” zniknie ze sprzedaży. Złożone zamówienia i faktury pozostaną bez zmian; bilet można później przywrócić.`,
        confirmLabel: 'Archiwizuj',
        color: 'red',
        run: async () => {
          await callFunction('archiveTicketType', { id: t.id });
          return `Bilet „${t.name}” przeniesiono do archiwum.`;
        },
      })}
      archived={archived.data}
      archivedTitle="Archiwum biletów"
      archivedTestId="archived-ticket-type"
      archivedDetails={(t) =>
        `· sprzedano ${t.sold}${t.archivedAt ? ` · w archiwum od ${formatDateTime(t.archivedAt)}` : ''}`
      }
      restoreConfirm={(t) => ({
        title: 'Przywrócenie biletu',
        body: `Przywrócić bilet „${t.name}”? Wróci na listę z tymi samymi ustawieniami.`,
        confirmLabel: 'Przywróć',
        run: async () => {
          await callFunction('restoreTicketType', { id: t.id });
          return `Przywrócono bilet „${t.name}”.`;
        },
      })}
      modalTitle={{ create: 'Nowy bilet', edit: 'Edycja biletu' }}
      editor={(editing, onDone) => <TicketTypeForm editing={editing} onDone={onDone} />}
    />
  );
}
