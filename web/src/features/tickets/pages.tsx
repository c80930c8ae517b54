import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Paper, Radio, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { InvoiceData } from '@domain/schemas';
import { formatMoney, formatNumber, NOUNS, pluralForm } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { refusalOf } from '../../shared/ui/formErrors';
import { PageFrame } from '../../shared/ui/PageFrame';
import { memberName, type MemberEntry } from '../members';
import { invoiceFromValues, invoiceValuesFrom, useGetProfileQuery } from '../settings';
import { PlacedOrderPage } from '../orders';
import { checkoutKey, finishCheckout, placeTicketOrder, setBasketTicket } from './api';
import { BuyerForm } from './BuyerForm';
import type { TicketTypeEntry } from './catalogApi';
import { useTicketCheckout } from './useTicketCheckout';
import { skipToken } from '@reduxjs/toolkit/query/react';

const MEMBERS = '/dashboard/uczestnicy';
const BASKET = `${MEMBERS}/TicketBasket`;
const STEP_ONE = `${MEMBERS}/basket/TicketsStepOne`;
const STEP_TWO = `${MEMBERS}/basket/TicketsStepTwo`;
const NONE = '__none__';

function availabilityText(type: TicketTypeEntry): string {
  if (!type.onSale) return 'poza sprzedażą';
  if (type.available === 0) return 'wyprzedane';
  return `${pluralForm(type.available, NOUNS.left)} ${formatNumber(type.available, 0)}`;
}

function MemberChooser({ uid, member, chosen, owned, types }: { uid: string; member: MemberEntry; chosen: string | undefined; owned: Record<string, { status: string }>; types: TicketTypeEntry[] }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = memberName(member);
  async function choose(value: string) {
    setBusy(true);
    setError(null);
    try {
      await setBasketTicket(uid, member.id, value === NONE ? null : value);
    } catch {
      setError('Nie udało się zapisać wyboru. Spróbuj ponownie.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card withBorder radius="md" padding="md" data-testid="ticket-chooser">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>{name}</Text>
          {Object.keys(owned).length > 0 && (
            <Badge variant="light" color="teal" style={{ textTransform: 'none' }}>
              ma już bilet
            </Badge>
          )}
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Radio.Group value={chosen ?? NONE} onChange={choose} name={`ticket-${member.id}`} label={`Bilet dla: ${name}`} labelProps={{ className: 'visually-hidden', style: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } }}>
          <Stack gap={6}>
            <Radio.Card value={NONE} p="sm" radius="md" disabled={busy} aria-label={`Bez biletu — ${name}`}>
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <Text size="sm">Bez biletu</Text>
              </Group>
            </Radio.Card>
            {types.map((t) => {
              const has = Boolean(owned[t.id]);
              const unavailable = !t.onSale || (t.available === 0 && chosen !== t.id);
              return (
                <Radio.Card key={t.id} value={t.id} p="sm" radius="md" disabled={busy || has || unavailable} aria-label={`${t.name} — ${name}`} style={{ opacity: has || unavailable ? 0.6 : 1 }}>
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <Radio.Indicator disabled={busy || has || unavailable} mt={2} />
                    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text size="sm" fw={600}>
                          {t.name}
                        </Text>
                        <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(t.priceGrosze)}
                        </Text>
                      </Group>
                      <Text size="xs" c={t.available === 0 || !t.onSale ? 'red' : 'dimmed'} data-testid="ticket-availability">
                        {has ? 'masz już ten bilet' : availabilityText(t)}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              );
            })}
          </Stack>
        </Radio.Group>
      </Stack>
    </Card>
  );
}

function Summary({ count, total, next, disabled, label }: { count: number; total: number; next: string; disabled: boolean; label: string }) {
  return (
    <Paper withBorder radius="lg" p="md" shadow="sm" style={{ position: 'sticky', bottom: 12, zIndex: 5 }} data-testid="ticket-summary">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            Biletów w koszyku: {count}
          </Text>
          <Text fw={700} fz="lg">
            Razem: {formatMoney(total)}
          </Text>
        </Stack>
        <Button component={Link} to={next} disabled={disabled} data-disabled={disabled || undefined} onClick={(e) => disabled && e.preventDefault()} size="md">
          {label}
        </Button>
      </Group>
    </Paper>
  );
}

/** `TicketBasket`: a ticket type per participant, availability live; each choice is saved to the basket at once. */
export function TicketBasketPage() {
  const c = useTicketCheckout();
  if (c.isLoading)
    return (
      <PageFrame>
        <LoadingRows label="Wczytywanie biletów" />
      </PageFrame>
    );
  if (c.isError)
    return (
      <PageFrame>
        <LoadError>Nie udało się wczytać biletów ani uczestników. Odśwież stronę za chwilę.</LoadError>
      </PageFrame>
    );
  const members = c.members.data ?? [];
  const types = c.types.data ?? [];
  return (
    <PageFrame>
      <Text c="dimmed">Wybierz bilet dla każdej osoby, która jedzie na wydarzenie. Liczba dostępnych biletów odświeża się na bieżąco.</Text>
      {members.length === 0 ? (
        <EmptyState title="Najpierw dodaj uczestników" action={<Button component={Link} to={`${MEMBERS}/member/addMember`}>Dodaj uczestnika</Button>}>
          Bilety kupujesz dla konkretnych osób.
        </EmptyState>
      ) : types.length === 0 ? (
        <EmptyState title="Sprzedaż biletów jeszcze się nie rozpoczęła">Organizator nie opublikował jeszcze biletów.</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {members.map((m) => (
            <MemberChooser key={m.id} uid={c.uid!} member={m} chosen={c.basket.data?.[m.id]} owned={c.claims.data?.[m.id] ?? {}} types={types} />
          ))}
        </SimpleGrid>
      )}
      <Summary count={c.lines.length} total={c.totalGross} next={STEP_ONE} disabled={c.lines.length === 0} label="Dalej: przegląd" />
    </PageFrame>
  );
}

function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" role="alert" title="Popraw koszyk przed zamówieniem" data-testid="basket-problems">
      <Stack gap={2}>
        {problems.map((p) => (
          <Text key={p} size="sm">
            {p}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** `basket/TicketsStepOne`: review who gets which ticket; remove or change before giving buyer data. */
export function TicketsStepOne() {
  const c = useTicketCheckout();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  if (c.isLoading)
    return (
      <PageFrame>
        <LoadingRows label="Wczytywanie koszyka" />
      </PageFrame>
    );
  if (c.isError)
    return (
      <PageFrame>
        <LoadError>Nie udało się wczytać koszyka.</LoadError>
      </PageFrame>
    );
  if (c.lines.length === 0)
    return (
      <PageFrame>
        <Problems problems={c.problems} />
        <EmptyState title="Koszyk jest pusty" action={<Button component={Link} to={BASKET}>Wybierz bilety</Button>}>
          Wybierz bilety dla swoich uczestników.
        </EmptyState>
      </PageFrame>
    );
  const vatRates = [...new Set(c.lines.map((l) => l.type.vatRate))].sort((a, b) => b - a);
  return (
    <PageFrame>
      <Problems problems={c.problems} />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Card withBorder radius="lg" padding="md">
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm" aria-label="Bilety w koszyku">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Uczestnik</Table.Th>
                <Table.Th>Bilet</Table.Th>
                <Table.Th ta="right">Cena</Table.Th>
                <Table.Th>
                  <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Akcje</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.lines.map((l) => (
                <Table.Tr key={l.member.id} data-testid="basket-line">
                  <Table.Td fw={600}>{memberName(l.member)}</Table.Td>
                  <Table.Td>{l.type.name}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(l.type.priceGrosze)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={`Usuń bilet: ${memberName(l.member)}`}
                      onClick={() => setBasketTicket(c.uid!, l.member.id, null).catch(() => setError('Nie udało się usunąć pozycji. Spróbuj ponownie.'))}
                    >
                      Usuń
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>Razem</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="basket-total">
                  {formatMoney(c.totalGross)}
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed" mt="xs">
          Ceny brutto, zawierają VAT ({vatRates.map((r) => `${r}%`).join(', ')}). Fakturę VAT wystawimy po zaksięgowaniu wpłaty.
        </Text>
      </Card>
      <Group justify="space-between">
        <Button variant="default" component={Link} to={BASKET}>
          Zmień wybór
        </Button>
        <Button onClick={() => navigate(STEP_TWO)} disabled={c.problems.length > 0}>
          Dalej: dane nabywcy
        </Button>
      </Group>
    </PageFrame>
  );
}

/** `basket/TicketsStepTwo`: buyer data and the order; afterwards (`?zamowienie=`) the confirmation with transfer details. */
export function TicketsStepTwo() {
  const [params] = useSearchParams();
  const orderId = params.get('zamowienie');
  if (orderId !== null)
    return (
      <PlacedOrderPage
        orderId={orderId}
        payHint="Zapłać przelewem na poniższe konto. Bilety zostaną potwierdzone, gdy organizator zaksięguje wpłatę — fakturę znajdziesz wtedy w zakładce Faktury."
        actions={
          <Group gap="xs">
            <Button component={Link} to="/dashboard/zamowienia" variant="light">
              Moje zamówienia
            </Button>
            <Button component={Link} to="/dashboard/uczestnicy" variant="default">
              Wróć do uczestników
            </Button>
          </Group>
        }
      />
    );
  return <BuyerStep />;
}

function BuyerStep() {
  const c = useTicketCheckout();
  const navigate = useNavigate();
  const profile = useGetProfileQuery(c.uid ?? skipToken);

  if (c.isLoading || profile.isLoading)
    return (
      <PageFrame>
        <LoadingRows label="Wczytywanie zamówienia" />
      </PageFrame>
    );
  if (c.isError)
    return (
      <PageFrame>
        <LoadError>Nie udało się wczytać koszyka.</LoadError>
      </PageFrame>
    );
  if (c.lines.length === 0)
    return (
      <PageFrame>
        <EmptyState title="Koszyk jest pusty" action={<Button component={Link} to={BASKET}>Wybierz bilety</Button>}>
          Nie ma czego zamówić — wybierz najpierw bilety.
        </EmptyState>
      </PageFrame>
    );
  const p = profile.data;
  const initial = invoiceValuesFrom(p?.invoice, p ? { name: `${p.firstName} ${p.lastName}`, country: p.country } : {});
  const nameOf = (memberId: string) => {
    const m = c.members.data?.find((x) => x.id === memberId);
    return m ? memberName(m) : null;
  };

  return (
    <PageFrame>
      <Card withBorder radius="lg" padding="md">
        <Stack gap={4}>
          <Title order={2} fz="md">
            Twoje zamówienie
          </Title>
          {c.lines.map((l) => (
            <Group key={l.member.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {l.type.name} — {memberName(l.member)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(l.type.priceGrosze)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="md" mb="md">
          Dane nabywcy do faktury
        </Title>
        {!p && (
          <Alert color="yellow" variant="light" mb="md">
            Nie znaleziono danych Twojego konta — dokończ rejestrację, aby złożyć zamówienie.
          </Alert>
        )}
        <BuyerForm
          key={p ? 'profile' : 'empty'}
          initial={initial}
          totalGross={c.totalGross}
          disabledReason={c.problems.length > 0 ? c.problems.join(' ') : undefined}
          onBack={() => navigate(STEP_ONE)}
          onSubmit={async ({ buyer, acceptTerms, saveInvoiceData }) => {
            try {
              const result = await placeTicketOrder({
                idempotencyKey: checkoutKey(),
                buyer: invoiceFromValues(buyer) as InvoiceData,
                acceptTerms: acceptTerms as true,
                saveInvoiceData,
              });
              finishCheckout();
              navigate(`${STEP_TWO}?${new URLSearchParams({ zamowienie: result.orderId })}`, { replace: true });
              return null;
            } catch (error) {
              const r = refusalOf(error);
              const memberId = r.field?.startsWith('tickets.') ? r.field.slice('tickets.'.length) : null;
              const who = memberId ? nameOf(memberId) : null;
              let message = r.message;
              if (who && !message.includes(who)) message = `${who}: ${message}`;
              if (r.reason === 'try-again' || r.reason === 'busy' || r.reason === 'maintenance' || r.code === 'unavailable' || r.code === 'internal') message = `${/[.!?]$/.test(message) ? message : `${message}.`} Kliknij „Zamawiam” jeszcze raz — nie utworzymy drugiego zamówienia.`;
              return { message, field: r.field };
            }
          }}
        />
      </Card>
    </PageFrame>
  );
}
