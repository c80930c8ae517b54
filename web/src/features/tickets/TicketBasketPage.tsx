import { useEffect, useState } from 'react';
import { Badge, Button, Card, Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ticketAccountLimitNote } from '@domain/limits';
import { formatDateTime, formatMoney, formatNumber, NOUNS, pluralForm } from '../../shared/format/pl';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { PageFrame } from '../../shared/ui/PageFrame';
import { DiscountFromLink, startNewCheckoutIfPlaced } from '../checkout';
import { memberName, type MemberEntry } from '../members';
import { setBasketTicket } from './api';
import type { TicketTypeEntry } from '../catalogue';
import { useStandingOffer, WaitingListControl } from '../waitingList';
import { MEMBERS, STEP_ONE } from './steps';
import { useTicketCheckout } from './useTicketCheckout';
import { Hint } from '../../shared/ui/Hint';

const NONE = '__none__';

function availabilityText(type: TicketTypeEntry): string {
  if (!type.onSale) return 'poza sprzedażą';
  if (type.available === 0) return 'wyprzedane';
  return `${pluralForm(type.available, NOUNS.left)} ${formatNumber(type.available, 0)}`;
}

/**
 * One ticket type on a participant's card. A sold-out type offered to this participant from the
 * waiting list is theirs to take: the card says so with the offer's deadline, and stays choosable.
 */
function TicketOption({
  uid,
  type: t,
  member,
  name,
  chosen,
  has,
  busy,
  limit,
}: {
  uid: string;
  type: TicketTypeEntry;
  member: MemberEntry;
  name: string;
  chosen: string | undefined;
  has: boolean;
  busy: boolean;
  limit: ReturnType<typeof ticketAccountLimitNote>;
}) {
  const offer = useStandingOffer(uid, t.id, member.id, has || !t.onSale || t.available !== 0);
  const soldOut = t.available === 0 && !offer;
  const unavailable = !t.onSale || (soldOut && chosen !== t.id) || Boolean(limit?.full);
  return (
    <Radio.Card
      value={t.id}
      p="sm"
      radius="md"
      disabled={busy || has || unavailable}
      aria-label={`${t.name} — ${name}`}
      style={{ opacity: has || unavailable ? 0.6 : 1 }}
    >
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
          <Text
            size="xs"
            c={offer ? 'var(--mantine-color-teal-text)' : soldOut || !t.onSale || limit?.full ? 'red' : 'dimmed'}
            fw={offer ? 600 : undefined}
            data-testid="ticket-availability"
          >
            {has
              ? 'masz już ten bilet'
              : offer
                ? `z listy oczekujących — zarezerwowany do ${formatDateTime(offer.expiresAt)}`
                : availabilityText(t)}
            {!has && limit ? ` · ${limit.note}` : ''}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

function MemberChooser({
  uid,
  member,
  chosen,
  owned,
  types,
  claims,
  basket,
}: {
  uid: string;
  member: MemberEntry;
  chosen: string | undefined;
  owned: Record<string, { status: string }>;
  types: TicketTypeEntry[];
  /** The whole account's claims and basket: the per-account cap counts every participant. */
  claims: Record<string, Record<string, unknown> | undefined>;
  basket: Record<string, string | undefined>;
}) {
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
        <ErrorAlert>{error}</ErrorAlert>
        <Radio.Group
          value={chosen ?? NONE}
          onChange={choose}
          name={`ticket-${member.id}`}
          label={`Bilet dla: ${name}`}
          labelProps={{
            className: 'visually-hidden',
            style: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
          }}
        >
          <Stack gap={6}>
            <Radio.Card value={NONE} p="sm" radius="md" disabled={busy} aria-label={`Bez biletu — ${name}`}>
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <Text size="sm">Bez biletu</Text>
              </Group>
            </Radio.Card>
            {types.map((t) => (
              <TicketOption
                key={t.id}
                uid={uid}
                type={t}
                member={member}
                name={name}
                chosen={chosen}
                has={Boolean(owned[t.id])}
                busy={busy}
                // The per-account cap is said on the card, not first at „Zamawiam”.
                limit={ticketAccountLimitNote(t, claims, basket, member.id)}
              />
            ))}
            {types
              .filter((t) => t.onSale && t.available === 0 && !owned[t.id])
              .map((t) => (
                <WaitingListControl
                  key={`w-${t.id}`}
                  uid={uid}
                  ticketTypeId={t.id}
                  ticketName={t.name}
                  memberId={member.id}
                  memberName={name}
                  soldOut={chosen !== t.id}
                />
              ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </Card>
  );
}

function Summary({
  count,
  total,
  next,
  disabled,
  label,
}: {
  count: number;
  total: number;
  next: string;
  disabled: boolean;
  label: string;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      shadow="sm"
      style={{ position: 'sticky', bottom: 12, zIndex: 5 }}
      data-testid="ticket-summary"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Hint>Biletów w koszyku: {count}</Hint>
          <Text fw={700} fz="lg">
            Razem: {formatMoney(total)}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={next}
          disabled={disabled}
          data-disabled={disabled || undefined}
          onClick={(e) => disabled && e.preventDefault()}
          size="md"
        >
          {label}
        </Button>
      </Group>
    </Paper>
  );
}

/** `TicketBasket`: a ticket type per participant, availability live; each choice is saved to the basket at once. */
export function TicketBasketPage() {
  const c = useTicketCheckout();
  const uid = c.uid ?? '';
  // Back at the basket after an order: the next order is a new checkout with a new key.
  useEffect(() => startNewCheckoutIfPlaced('tickets', uid), [uid]);
  const members = c.members.data ?? [];
  const types = c.types.data ?? [];
  return (
    <PageFrame>
      <DataGate
        query={c}
        what="biletów"
        errorText="Nie udało się wczytać biletów ani uczestników. Odśwież stronę za chwilę."
      >
        <Text c="dimmed">
          Wybierz bilet dla każdej osoby, która jedzie na wydarzenie. Liczba dostępnych biletów odświeża się na bieżąco.
        </Text>
        <DiscountFromLink kind="tickets" uid={uid} />
        {members.length === 0 ? (
          <EmptyState
            title="Najpierw dodaj uczestników"
            next={{ to: `${MEMBERS}/member/addMember`, label: 'Dodaj uczestnika' }}
          >
            Bilety kupujesz dla konkretnych osób.
          </EmptyState>
        ) : types.length === 0 ? (
          <EmptyState title="Sprzedaż biletów jeszcze się nie rozpoczęła">
            Organizator nie opublikował jeszcze biletów.
          </EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {members.map((m) => (
              <MemberChooser
                key={m.id}
                uid={c.uid!}
                member={m}
                chosen={c.basket.data?.[m.id]}
                owned={c.claims.data?.[m.id] ?? {}}
                types={types}
                claims={c.claims.data ?? {}}
                basket={c.basket.data ?? {}}
              />
            ))}
          </SimpleGrid>
        )}
        <Summary
          count={c.lines.length}
          total={c.totalGross}
          next={STEP_ONE}
          disabled={c.lines.length === 0}
          label="Dalej: przegląd"
        />
      </DataGate>
    </PageFrame>
  );
}
