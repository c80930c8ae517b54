import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Modal, NumberInput, Paper, Select, Stack, Switch, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { parsePln } from '@domain/money';
import { upsertTicketTypeInput, type CallableInput } from '@domain/callables';
import { DEFAULT_MAX_TICKETS_PER_ACCOUNT, LIMITS, type TicketType } from '@domain/schemas';
import { formatDateTime, formatMoney } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { refusalOf, schemaErrors } from '../../shared/ui/formErrors';
import { callAdmin, useAdminArchivedTicketTypesQuery, useAdminTicketTypesQuery, type AdminTicketType } from './api';
import { groszeToInput, localInputToMs, msToLocalInput, ResultAlert, useConfirm, VAT_OPTIONS, type ActionResult } from './ui';

interface Draft {
  name: string;
  description: string;
  price: string;
  vatRate: string;
  quota: number | string;
  saleStart: string;
  saleEnd: string;
  active: boolean;
  sortOrder: number | string;
  pickupLabel: string;
  /** '' = the default cap (DEFAULT_MAX_TICKETS_PER_ACCOUNT) */
  maxPerAccount: number | string;
}

const emptyDraft: Draft = { name: '', description: '', price: '', vatRate: '8', quota: 100, saleStart: '', saleEnd: '', active: true, sortOrder: 10, pickupLabel: '', maxPerAccount: '' };

function draftOf(t: AdminTicketType): Draft {
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

function TicketTypeForm({ editing, onDone }: { editing: AdminTicketType | null; onDone: (message: string) => void }) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const sold = editing?.sold ?? 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const priceGrosze = parsePln(draft.price);
    const ticketType: Record<string, unknown> = {
      name: draft.name,
      description: draft.description,
      priceGrosze: priceGrosze ?? Number.NaN,
      vatRate: Number(draft.vatRate),
      quota: typeof draft.quota === 'number' ? draft.quota : Number.NaN,
      saleStart: localInputToMs(draft.saleStart),
      saleEnd: localInputToMs(draft.saleEnd),
      active: draft.active,
      sortOrder: typeof draft.sortOrder === 'number' ? draft.sortOrder : 0,
      ...(draft.pickupLabel.trim() ? { pickupLabel: draft.pickupLabel } : {}),
      ...(draft.maxPerAccount === '' ? {} : { maxPerAccount: typeof draft.maxPerAccount === 'number' ? draft.maxPerAccount : Number.NaN }),
    };
    const input = { ...(editing ? { id: editing.id } : {}), ticketType };
    const found = schemaErrors(upsertTicketTypeInput, input);
    if (priceGrosze === null) found['ticketType.priceGrosze'] = 'Podaj cenę, np. 149,00';
    if (typeof ticketType.quota === 'number' && ticketType.quota < sold) found['ticketType.quota'] = `Pula nie może być mniejsza niż liczba sprzedanych biletów (${sold})`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await callAdmin('upsertTicketType', input as CallableInput<'upsertTicketType'>);
      onDone(editing ? `Zapisano bilet „${draft.name.trim()}”.` : `Dodano bilet „${draft.name.trim()}”.`);
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors({ [refusal.field ?? '_form']: refusal.message });
    } finally {
      setBusy(false);
    }
  }

  const e = (field: string) => errors[`ticketType.${field}`];
  return (
    <form onSubmit={submit} noValidate aria-label="Rodzaj biletu">
      <Stack gap="sm">
        {errors._form && <Text c="red" role="alert">{errors._form}</Text>}
        <TextInput label="Nazwa" required value={draft.name} onChange={(ev) => set('name', ev.currentTarget.value)} error={e('name')} />
        <Textarea label="Opis" autosize minRows={2} value={draft.description} onChange={(ev) => set('description', ev.currentTarget.value)} error={e('description')} />
        <Group grow align="flex-start">
          <TextInput label="Cena brutto (zł)" required inputMode="decimal" placeholder="149,00" value={draft.price} onChange={(ev) => set('price', ev.currentTarget.value)} error={e('priceGrosze')} />
          <Select label="Stawka VAT" data={VAT_OPTIONS} value={draft.vatRate} onChange={(v) => set('vatRate', v ?? '8')} allowDeselect={false} error={e('vatRate')} />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label="Pula biletów"
            required
            min={sold}
            allowDecimal={false}
            value={draft.quota}
            onChange={(v) => set('quota', v)}
            description={editing ? `Sprzedano (z rezerwacjami): ${sold}` : undefined}
            error={e('quota')}
          />
          <NumberInput label="Kolejność" min={0} max={10000} allowDecimal={false} value={draft.sortOrder} onChange={(v) => set('sortOrder', v)} error={e('sortOrder')} />
        </Group>
        <NumberInput
          label="Limit na jedno konto"
          description={`Ile biletów tego rodzaju może mieć jedno konto (zamówienia oczekujące i opłacone); puste = ${DEFAULT_MAX_TICKETS_PER_ACCOUNT}`}
          min={1}
          max={LIMITS.maxMembers}
          allowDecimal={false}
          value={draft.maxPerAccount}
          onChange={(v) => set('maxPerAccount', v)}
          error={e('maxPerAccount')}
        />
        <Group grow align="flex-start">
          <TextInput type="datetime-local" label="Początek sprzedaży" description="puste = bez ograniczenia" value={draft.saleStart} onChange={(ev) => set('saleStart', ev.currentTarget.value)} error={e('saleStart')} />
          <TextInput type="datetime-local" label="Koniec sprzedaży" description="puste = bez ograniczenia" value={draft.saleEnd} onChange={(ev) => set('saleEnd', ev.currentTarget.value)} error={e('saleEnd')} />
        </Group>
        <TextInput label="Do odbioru na miejscu (opcjonalnie)" description="np. „Opaska na wydarzenie” — opłacony bilet stanie się pozycją do odbioru" value={draft.pickupLabel} onChange={(ev) => set('pickupLabel', ev.currentTarget.value)} error={e('pickupLabel')} />
        <Switch label="W sprzedaży" checked={draft.active} onChange={(ev) => set('active', ev.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {editing ? 'Zapisz zmiany' : 'Dodaj bilet'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function saleWindow(t: TicketType): string {
  if (t.saleStart == null && t.saleEnd == null) return 'bez ograniczeń';
  return `${t.saleStart != null ? `od ${formatDateTime(t.saleStart)}` : ''}${t.saleStart != null && t.saleEnd != null ? ' ' : ''}${t.saleEnd != null ? `do ${formatDateTime(t.saleEnd)}` : ''}`;
}

export function TicketTypesTab() {
  const live = useAdminTicketTypesQuery();
  const archived = useAdminArchivedTicketTypesQuery();
  const [result, setResult] = useState<ActionResult | null>(null);
  const [editing, setEditing] = useState<AdminTicketType | 'new' | null>(null);
  const { ask, dialog } = useConfirm(setResult);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="xl">
          Rodzaje biletów
        </Title>
        <Button onClick={() => setEditing('new')}>Dodaj bilet</Button>
      </Group>
      <ResultAlert result={result} onClose={() => setResult(null)} />
      {live.isLoading ? (
        <LoadingRows label="Wczytywanie biletów" />
      ) : live.isError ? (
        <LoadError onRetry={live.refetch}>Nie udało się wczytać biletów.</LoadError>
      ) : !live.data?.length ? (
        <EmptyState title="Brak biletów">Dodaj pierwszy rodzaj biletu.</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" striped aria-label="Rodzaje biletów">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nazwa</Table.Th>
                  <Table.Th ta="right">Cena</Table.Th>
                  <Table.Th ta="right">VAT</Table.Th>
                  <Table.Th ta="right">Sprzedane / pula</Table.Th>
                  <Table.Th>Sprzedaż</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {live.data.map((t) => (
                  <Table.Tr key={t.id} data-testid="ticket-type-row">
                    <Table.Td>
                      <Text fw={600}>{t.name}</Text>
                      {!t.active && <Badge color="gray" variant="light">wstrzymany</Badge>}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(t.priceGrosze)}</Table.Td>
                    <Table.Td ta="right">{t.vatRate} %</Table.Td>
                    <Table.Td ta="right">
                      {t.sold} / {t.quota}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{saleWindow(t)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setEditing(t)}>
                          Edytuj
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() =>
                            ask({
                              title: 'Archiwizacja biletu',
                              body: `Bilet „${t.name}” zniknie ze sprzedaży. Złożone zamówienia i faktury pozostaną bez zmian; bilet można później przywrócić.`,
                              confirmLabel: 'Archiwizuj',
                              color: 'red',
                              run: async () => {
                                await callAdmin('archiveTicketType', { id: t.id });
                                return `Bilet „${t.name}” przeniesiono do archiwum.`;
                              },
                            })
                          }
                        >
                          Archiwizuj
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {!!archived.data?.length && (
        <Stack gap="xs">
          <Title order={3} fz="lg">
            Archiwum biletów
          </Title>
          {archived.data.map((t) => (
            <Paper key={t.id} withBorder radius="md" p="sm" data-testid="archived-ticket-type">
              <Group justify="space-between">
                <Text>
                  {t.name} <Text span c="dimmed" size="sm">· sprzedano {t.sold}{t.archivedAt ? ` · w archiwum od ${formatDateTime(t.archivedAt)}` : ''}</Text>
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    ask({
                      title: 'Przywrócenie biletu',
                      body: `Przywrócić bilet „${t.name}”? Wróci na listę z tymi samymi ustawieniami.`,
                      confirmLabel: 'Przywróć',
                      run: async () => {
                        await callAdmin('restoreTicketType', { id: t.id });
                        return `Przywrócono bilet „${t.name}”.`;
                      },
                    })
                  }
                >
                  Przywróć
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Nowy bilet' : 'Edycja biletu'} size="lg">
        {editing !== null && (
          <TicketTypeForm
            editing={editing === 'new' ? null : editing}
            onDone={(message) => {
              setEditing(null);
              setResult({ ok: true, message });
            }}
          />
        )}
      </Modal>
      {dialog}
    </Stack>
  );
}
