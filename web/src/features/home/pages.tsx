import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatCount, formatDateRange, formatMoney, formatShortDate, NOUNS } from '../../shared/format/pl';
import { DataGate, LoadingRows, type DataGateProps } from '../../shared/ui/DataState';
import { LineLabel } from '../../shared/ui/LineLabel';
import { PageFrame } from '../../shared/ui/PageFrame';
import { useUid } from '../auth';
import { memberName, TicketBadges, useGetMembersQuery, useGetTicketClaimsQuery } from '../members';
import { useGetMyOrdersQuery } from '../orders';
import { useGetMyPickupsQuery } from '../pickup';
import { useEventInfo } from './api';

function EventCard() {
  // Rendered once the page's first answers are in (useHomeLoading): no loading state of its own.
  const { data: event, isError } = useEventInfo();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="event-card">
      {isError ? (
        <Alert color="red" variant="light">
          Nie udało się wczytać informacji o wydarzeniu. Odśwież stronę za chwilę.
        </Alert>
      ) : event ? (
        <Stack gap={4}>
          <Text size="xs" tt="uppercase" fw={700} c="baltyk">
            Wydarzenie
          </Text>
          <Title order={2} fz={22}>
            {event.name}
          </Title>
          <Stack gap={0}>
            {event.startDate && event.endDate && (
              <Text fw={600} data-testid="event-dates">
                {formatDateRange(event.startDate, event.endDate)}
              </Text>
            )}
            <Text c="dimmed">{event.place}</Text>
          </Stack>
        </Stack>
      ) : (
        <Text c="dimmed">Organizator nie opublikował jeszcze informacji o wydarzeniu.</Text>
      )}
    </Card>
  );
}

interface SectionProps extends Omit<DataGateProps, 'rows' | 'children'> {
  title: string;
  testId: string;
  /** The tab with everything of this kind. */
  link: { to: string; label: string };
  children: ReactNode;
  /** Below the list (or the empty state), e.g. what to do next. */
  footer?: ReactNode;
}

/** One card of the dashboard: a heading with its tab's link, the live list (with its loading, error and empty states). */
function Section({ title, testId, link, footer, empty, children, ...gate }: SectionProps) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId} component="section" aria-label={title}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        </Group>
        <DataGate rows={2} empty={<Text size="sm" c="dimmed">{empty}</Text>} {...gate}>
          {children}
        </DataGate>
        {footer}
      </Stack>
    </Card>
  );
}

function MyMembers({ uid }: { uid: string }) {
  const members = useGetMembersQuery(uid);
  const claims = useGetTicketClaimsQuery(uid);
  const list = members.data ?? [];
  const withoutTicket = list.filter((m) => Object.keys(claims.data?.[m.id] ?? {}).length === 0).length;
  return (
    <Section
      title="Moi uczestnicy"
      testId="home-members"
      link={{ to: '/dashboard/uczestnicy', label: 'Wszyscy' }}
      query={members}
      loadingLabel="Wczytywanie uczestników"
      errorText="Nie udało się wczytać uczestników."
      isEmpty={list.length === 0}
      empty={
        <>
          Nie masz jeszcze uczestników. <Anchor component={Link} to="/dashboard/uczestnicy/member/addMember">Dodaj pierwszego</Anchor>.
        </>
      }
      footer={
        withoutTicket > 0 && (
          <Stack gap={6} mt="auto">
            <Text size="sm" c="dimmed" data-testid="members-without-ticket">
              {formatCount(withoutTicket, NOUNS.participantWithoutTicket)}
            </Text>
            <Button component={Link} to="/dashboard/uczestnicy/TicketBasket" variant="light">
              Kup bilety
            </Button>
          </Stack>
        )
      }
    >
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.slice(0, 6).map((m) => (
          <Stack key={m.id} gap={2} component="li">
            <LineLabel name={memberName(m)} />
            <TicketBadges claims={claims.data?.[m.id]} />
          </Stack>
        ))}
        {list.length > 6 && (
          <Text size="xs" c="dimmed">
            i {formatCount(list.length - 6, NOUNS.person)} więcej…
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function OpenOrders({ uid }: { uid: string }) {
  const orders = useGetMyOrdersQuery(uid);
  const pending = (orders.data ?? []).filter((o) => o.status === 'pending');
  const due = pending.reduce((s, o) => s + o.totals.gross, 0);
  return (
    <Section title="Do zapłaty" testId="home-orders" link={{ to: '/dashboard/zamowienia', label: 'Zamówienia' }} query={orders} loadingLabel="Wczytywanie zamówień" errorText="Nie udało się wczytać zamówień." isEmpty={pending.length === 0} empty="Nie masz zamówień oczekujących na płatność.">
      <Stack gap="xs">
        <Text fw={700} fz="xl" data-testid="home-due">
          {formatMoney(due)}
        </Text>
        {pending.map((o) => (
          <Group key={o.id} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0}>
              <LineLabel name={o.number} detail={`${formatShortDate(o.createdAt)} · ${Object.keys(o.lines).length} poz.`} />
            </Stack>
            <Badge color="yellow.4" variant="filled" autoContrast style={{ textTransform: 'none', flexShrink: 0 }}>
              {formatMoney(o.totals.gross)}
            </Badge>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          Zapłać przelewem, w tytule wpisz numer zamówienia. Dane do przelewu znajdziesz w zakładce Zamówienia.
        </Text>
      </Stack>
    </Section>
  );
}

function ToPickUp({ uid }: { uid: string }) {
  const pickups = useGetMyPickupsQuery(uid);
  // Oldest first: the order in which they were bought.
  const waiting = (pickups.data ?? []).filter((p) => p.status === 'waiting').sort((a, b) => a.createdAt - b.createdAt);
  return (
    <Section title="Do odbioru" testId="home-pickups" link={{ to: '/dashboard/odbierz', label: 'Odbierz' }} query={pickups} loadingLabel="Wczytywanie przedmiotów do odbioru" errorText="Nie udało się wczytać listy do odbioru." isEmpty={waiting.length === 0} empty="Nic nie czeka na odbiór. Opłacone opaski i pamiątki pojawią się tutaj.">
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {waiting.map((p) => (
          <Group key={p.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <LineLabel name={p.label} detail={p.memberName} />
            </Stack>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {p.quantity} szt.
            </Badge>
          </Group>
        ))}
        <li>
          <Button component={Link} to="/dashboard/odbierz" variant="light" mt="xs">
            Pokaż kod odbioru
          </Button>
        </li>
      </Stack>
    </Section>
  );
}

/**
 * Whether any of the home page's first answers is still on its way. The page waits for all of them
 * (they come over the one database connection within moments of each other) and then renders whole:
 * cards filling in one by one pushed the cards below them down on a phone (layout shift, CLS 0.19
 * in `npm run bench:web`). RTK Query reports `isLoading` only until a first answer, so the cards
 * below never show a loading state of their own; they keep their error and empty states.
 */
function useHomeLoading(uid: string | undefined): boolean {
  const skip = { skip: !uid };
  const event = useEventInfo();
  const members = useGetMembersQuery(uid ?? '', skip);
  const claims = useGetTicketClaimsQuery(uid ?? '', skip);
  const orders = useGetMyOrdersQuery(uid ?? '', skip);
  const pickups = useGetMyPickupsQuery(uid ?? '', skip);
  return !uid || [event, members, claims, orders, pickups].some((query) => query.isLoading);
}

export function DashboardHomePage() {
  const uid = useUid();
  const loading = useHomeLoading(uid);
  return (
    <PageFrame>
      {loading || !uid ? (
        <LoadingRows label="Wczytywanie panelu" />
      ) : (
        <>
          <EventCard />
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <MyMembers uid={uid} />
            <OpenOrders uid={uid} />
            <ToPickUp uid={uid} />
          </SimpleGrid>
        </>
      )}
    </PageFrame>
  );
}

