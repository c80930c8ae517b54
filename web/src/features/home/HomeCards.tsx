import type { CSSProperties, ReactNode } from 'react';
import { Anchor, Badge, Button, type BadgeProps, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatCount, formatDateRange, formatMoney, formatShortDate, NOUNS } from '../../shared/format/pl';
import { DataGate, type DataGateProps } from '../../shared/ui/DataState';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { LineLabel } from '../../shared/ui/LineLabel';
import { TicketBadges } from '../members';
import classes from './HomeCards.module.css';
import { MEMBERS_SHOWN, type HomeView } from './homeView';
import { PlainList } from '../../shared/ui/PlainList';
import { Hint } from '../../shared/ui/Hint';

type Query = DataGateProps['query'];
/** Each card's endpoint state; the device's copy has none (nothing loading, nothing failed). */
export interface HomeStates {
  event: Query;
  members: Query;
  orders: Query;
  pickups: Query;
}
export const COPY_STATES: HomeStates = {
  event: { isLoading: false, isError: false },
  members: { isLoading: false, isError: false },
  orders: { isLoading: false, isError: false },
  pickups: { isLoading: false, isError: false },
};

function EventCard({ event, isError }: { event: HomeView['event']; isError: boolean }) {
  return (
    <div className={classes.card} data-testid="event-card">
      {isError ? (
        <ErrorAlert>Nie udało się wczytać informacji o wydarzeniu. Odśwież stronę za chwilę.</ErrorAlert>
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
    </div>
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

/** One card of the dashboard: a heading with its tab's link, the list (with its loading, error and empty states). */
function Section({ title, testId, link, footer, empty, children, ...gate }: SectionProps) {
  return (
    <section className={classes.card} data-testid={testId} aria-label={title}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        </Group>
        <DataGate rows={2} empty={<Hint>{empty}</Hint>} {...gate}>
          {children}
        </DataGate>
        {footer}
      </Stack>
    </section>
  );
}

interface BadgedLineProps {
  name: string;
  detail?: string;
  /** The badge's look; its text is the children. */
  badge: Omit<BadgeProps, 'children'> & { style?: CSSProperties };
  component?: 'li';
  children: ReactNode;
}

/** One line of a card's list: what it is on the left, a badge (amount, count) on the right that never wraps away. */
function BadgedLine({ name, detail, badge, component, children }: BadgedLineProps) {
  return (
    <Group component={component} justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <LineLabel name={name} detail={detail} />
      </Stack>
      <Badge {...badge} style={{ ...badge.style, flexShrink: 0 }}>
        {children}
      </Badge>
    </Group>
  );
}

/** Each list card's heading, its tab, and what its loading and error states say. */
const CARDS = {
  members: {
    title: 'Moi uczestnicy',
    testId: 'home-members',
    link: { to: '/dashboard/uczestnicy', label: 'Wszyscy' },
    loadingLabel: 'Wczytywanie uczestników',
    errorText: 'Nie udało się wczytać uczestników.',
  },
  orders: {
    title: 'Do zapłaty',
    testId: 'home-orders',
    link: { to: '/dashboard/zamowienia', label: 'Zamówienia' },
    loadingLabel: 'Wczytywanie zamówień',
    errorText: 'Nie udało się wczytać zamówień.',
  },
  pickups: {
    title: 'Do odbioru',
    testId: 'home-pickups',
    link: { to: '/dashboard/odbierz', label: 'Odbierz' },
    loadingLabel: 'Wczytywanie przedmiotów do odbioru',
    errorText: 'Nie udało się wczytać listy do odbioru.',
  },
} satisfies Record<
  keyof Omit<HomeStates, 'event'>,
  Pick<SectionProps, 'title' | 'testId' | 'link' | 'loadingLabel' | 'errorText'>
>;

function MyMembers({ view, query }: { view: HomeView; query: Query }) {
  const { members, memberCount, withoutTicket, ticketNames } = view;
  const empty = (
    <>
      Nie masz jeszcze uczestników.{' '}
      <Anchor component={Link} to="/dashboard/uczestnicy/member/addMember">
        Dodaj pierwszego
      </Anchor>
      .
    </>
  );
  const footer = withoutTicket > 0 && (
    <Stack gap={6} mt="auto">
      <Hint data-testid="members-without-ticket">{formatCount(withoutTicket, NOUNS.participantWithoutTicket)}</Hint>
      <Button component={Link} to="/dashboard/uczestnicy/TicketBasket" variant="light">
        Kup bilety
      </Button>
    </Stack>
  );
  return (
    <Section {...CARDS.members} query={query} isEmpty={memberCount === 0} empty={empty} footer={footer}>
      <PlainList gap="xs">
        {members.map((m) => (
          <Stack key={m.id} gap={2} component="li">
            <LineLabel name={m.name} />
            <TicketBadges claims={m.claims} typeNames={ticketNames} />
          </Stack>
        ))}
        {memberCount > MEMBERS_SHOWN && (
          <Hint size="xs">i {formatCount(memberCount - MEMBERS_SHOWN, NOUNS.person)} więcej…</Hint>
        )}
      </PlainList>
    </Section>
  );
}

function OpenOrders({ view, query }: { view: HomeView; query: Query }) {
  return (
    <Section
      {...CARDS.orders}
      query={query}
      isEmpty={view.pendingOrders.length === 0}
      empty="Nie masz zamówień oczekujących na płatność."
    >
      <Stack gap="xs">
        <Text fw={700} fz="xl" data-testid="home-due">
          {formatMoney(view.due)}
        </Text>
        {view.pendingOrders.map((o) => (
          <BadgedLine
            key={o.id}
            name={o.number}
            detail={`${formatShortDate(o.createdAt)} · ${o.lineCount} poz.`}
            badge={{ color: 'yellow.4', variant: 'filled', autoContrast: true, style: { textTransform: 'none' } }}
          >
            {formatMoney(o.gross)}
          </BadgedLine>
        ))}
        <Hint size="xs">
          Zapłać przelewem, w tytule wpisz numer zamówienia. Dane do przelewu znajdziesz w zakładce Zamówienia.
        </Hint>
      </Stack>
    </Section>
  );
}

function ToPickUp({ view, query }: { view: HomeView; query: Query }) {
  return (
    <Section
      {...CARDS.pickups}
      query={query}
      isEmpty={view.waitingPickups.length === 0}
      empty="Nic nie czeka na odbiór. Opłacone opaski i pamiątki pojawią się tutaj."
    >
      <PlainList gap={6}>
        {view.waitingPickups.map((p) => (
          <BadgedLine key={p.id} component="li" name={p.label} detail={p.memberName} badge={{ variant: 'light' }}>
            {p.quantity} szt.
          </BadgedLine>
        ))}
        <li>
          <Button component={Link} to="/dashboard/odbierz" variant="light" mt="xs">
            Pokaż kod odbioru
          </Button>
        </li>
      </PlainList>
    </Section>
  );
}

/** The dashboard's cards, drawn from live answers or from the device's copy alike. */
export function HomeCards({ view, states }: { view: HomeView; states: HomeStates }) {
  return (
    <>
      <EventCard event={view.event} isError={states.event.isError} />
      <div className={classes.grid}>
        <MyMembers view={view} query={states.members} />
        <OpenOrders view={view} query={states.orders} />
        <ToPickUp view={view} query={states.pickups} />
      </div>
    </>
  );
}
