import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/store/hooks';
import { selectIsStaff } from '../auth';
import { formatCount, NOUNS } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { ErrorPage } from '../../shared/ui/ErrorPage';
import { PageFrame } from '../../shared/ui/PageFrame';
import { refusalOf } from '../../shared/ui/formErrors';
import { handOutPickupItems, uidForPickupCode, useStationItemsQuery, useStationPersonQuery, useStationSearchQuery, type DirectoryEntry, type StationItem } from './api';
import { extractPickupCode } from './code';
import { QrScanner } from './QrScanner';
import { ItemRow, PersonHeader, SelectableItem } from './StationParts';

const USER_PAGE = '/dashboard/odbierz/User';
const ADD_PAGE = '/dashboard/odbierz/Add';
const withUid = (page: string, uid: string) => `${page}?${new URLSearchParams({ uid })}`;

/** Staff (or admins) only; everyone else gets the error view and the page subscribes to nothing. */
function StaffOnly({ children }: { children: React.ReactNode }) {
  const isStaff = useAppSelector(selectIsStaff);
  if (!isStaff)
    return (
      <ErrorPage
        status={403}
        title="Brak dostępu"
        message="Tylko dla obsługi: punkt odbioru"
        description="Punkt odbioru jest dostępny tylko dla obsługi wydarzenia."
        homeHref="/dashboard/odbierz"
      />
    );
  return <>{children}</>;
}

// ------------------------------------------------------------------ finding a person

function CodeLookup({ onFound }: { onFound: (uid: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);

  async function lookUp(text: string) {
    const parsed = extractPickupCode(text);
    if (!parsed) {
      setError('Nieprawidłowy kod odbioru: 8 znaków, litery i cyfry (bez 0, O, 1, I).');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const uid = await uidForPickupCode(parsed);
      if (uid) onFound(uid);
      else setError(`Nie znaleziono osoby z kodem odbioru ${parsed}.`);
    } catch (err) {
      setError(refusalOf(err).message);
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void lookUp(code);
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="xl">
          Kod odbioru
        </Title>
        <form onSubmit={onSubmit} noValidate aria-label="Wyszukiwanie po kodzie odbioru">
          <Stack gap="sm">
            <TextInput
              aria-label="Kod odbioru"
              placeholder="np. MRTN4W9Q"
              size="xl"
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value.toUpperCase());
                setError(null);
              }}
              styles={{ input: { fontFamily: 'monospace', letterSpacing: 4, fontWeight: 700, textAlign: 'center' } }}
              error={error}
              data-testid="pickup-code-input"
            />
            <Button type="submit" size="xl" loading={busy} fullWidth>
              Znajdź
            </Button>
          </Stack>
        </form>
        {scanning ? (
          <QrScanner
            onClose={() => setScanning(false)}
            onResult={(text) => {
              setScanning(false);
              setCode(extractPickupCode(text) ?? '');
              void lookUp(text);
            }}
          />
        ) : (
          <Button size="xl" variant="light" onClick={() => setScanning(true)} leftSection={<span aria-hidden>▦</span>}>
            Skanuj kod QR kamerą
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function DirectorySearch({ onFound }: { onFound: (uid: string) => void }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim().toLowerCase(), 300);
  const enabled = debounced.length >= 2;
  const { data, isFetching, isError, refetch } = useStationSearchQuery(debounced, { skip: !enabled });
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="xl">
          E-mail, imię lub nazwisko
        </Title>
        <TextInput
          aria-label="Szukaj po e-mailu, imieniu lub nazwisku"
          placeholder="np. nowak, marta nowak albo marta@"
          size="xl"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rightSection={isFetching ? <Loader size="sm" /> : null}
          data-testid="directory-search"
        />
        {enabled && isError && <LoadError onRetry={refetch}>Wyszukiwanie nie powiodło się.</LoadError>}
        {enabled && data && data.length === 0 && !isFetching && (
          <EmptyState title="Nikogo nie znaleziono">Sprawdź pisownię albo poproś o kod odbioru.</EmptyState>
        )}
        {enabled && data && data.length > 0 && (
          <Stack gap="xs" role="list" aria-label="Wyniki wyszukiwania">
            {data.map((entry: DirectoryEntry) => (
              <UnstyledButton
                key={entry.uid}
                role="listitem"
                onClick={() => onFound(entry.uid)}
                data-testid="directory-result"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)', padding: '14px 16px', minHeight: 64 }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text fw={700} fz="lg">
                      {entry.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {entry.email}
                    </Text>
                  </Stack>
                  <Text ff="monospace" fw={700}>
                    {entry.pickupCode}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function PersonOverview({ uid }: { uid: string }) {
  const person = useStationPersonQuery(uid);
  const items = useStationItemsQuery(uid);
  if (person.isLoading || items.isLoading) return <LoadingRows label="Wczytywanie danych osoby" rows={4} />;
  if (person.isError || items.isError) return <LoadError onRetry={() => { void person.refetch(); void items.refetch(); }}>Nie udało się wczytać danych tej osoby.</LoadError>;
  if (!person.data) return <EmptyState title="Nie ma takiej osoby" action={<Button component={Link} to={USER_PAGE} size="lg">Szukaj ponownie</Button>} />;
  const list = items.data ?? [];
  const waiting = list.filter((i) => i.status === 'waiting').length;
  return (
    <Stack gap="md">
      <PersonHeader person={person.data} />
      <Group grow gap="sm">
        <Button size="xl" component={Link} to={withUid(ADD_PAGE, uid)} disabled={waiting === 0} data-testid="go-hand-out">
          {waiting > 0 ? `Wydaj przedmioty (${waiting})` : 'Brak przedmiotów do wydania'}
        </Button>
        <Button size="xl" variant="default" component={Link} to={USER_PAGE}>
          Inna osoba
        </Button>
      </Group>
      {list.length === 0 ? (
        <EmptyState title="Brak opłaconych przedmiotów">Ta osoba nie ma nic do odebrania.</EmptyState>
      ) : (
        <Stack gap="xs" aria-label="Przedmioty tej osoby">
          {list.map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** `/dashboard/odbierz/User`: find a person by QR code, pickup code, e-mail or name, and see their items. */
export function PickupUserPage() {
  return (
    <StaffOnly>
      <PickupUser />
    </StaffOnly>
  );
}

function PickupUser() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const uid = params.get('uid');
  const found = (id: string) => navigate(withUid(USER_PAGE, id));
  return (
    <PageFrame>
      {uid ? (
        <PersonOverview uid={uid} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <CodeLookup onFound={found} />
          <DirectorySearch onFound={found} />
        </SimpleGrid>
      )}
    </PageFrame>
  );
}

// ------------------------------------------------------------------ handing out

type Outcome = { kind: 'done'; labels: string[] } | { kind: 'refused'; message: string };

const waitingIds = (items: StationItem[]) => new Set(items.filter((i) => i.status === 'waiting').map((i) => i.id));

function HandOut({ uid }: { uid: string }) {
  const person = useStationPersonQuery(uid);
  const items = useStationItemsQuery(uid);
  // Everything waiting is selected when the list first arrives: the usual case is "hand out all".
  // Set in the render that first has the list (null until then), never in an effect: an effect
  // runs after paint, so the items would first show unselected and a tap in that moment would
  // toggle an item off just as the default selection lands.
  const [selected, setSelected] = useState<Set<string> | null>(() => (items.data ? waitingIds(items.data) : null));
  if (selected === null && items.data) setSelected(waitingIds(items.data));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const nextRef = useRef<HTMLAnchorElement>(null);

  const waiting = useMemo(() => (items.data ?? []).filter((i) => i.status === 'waiting'), [items.data]);
  useEffect(() => {
    if (outcome?.kind === 'done') nextRef.current?.focus();
  }, [outcome]);

  // An item handed out at another table meanwhile drops out of the selection by itself.
  const chosen = waiting.filter((i) => selected?.has(i.id));

  if (person.isLoading || items.isLoading) return <LoadingRows label="Wczytywanie przedmiotów" rows={4} />;
  if (person.isError || items.isError) return <LoadError onRetry={() => { void person.refetch(); void items.refetch(); }}>Nie udało się wczytać przedmiotów.</LoadError>;
  if (!person.data) return <EmptyState title="Nie ma takiej osoby" action={<Button component={Link} to={USER_PAGE} size="lg">Szukaj ponownie</Button>} />;

  async function confirm() {
    if (chosen.length === 0) return;
    setBusy(true);
    setOutcome(null);
    try {
      await handOutPickupItems({ uid, itemIds: chosen.map((i) => i.id) });
      setOutcome({ kind: 'done', labels: chosen.map((i) => (i.quantity > 1 ? `${i.label} × ${i.quantity}` : i.label)) });
      setSelected(new Set());
    } catch (err) {
      setOutcome({ kind: 'refused', message: refusalOf(err).message });
    } finally {
      setBusy(false);
    }
  }

  const toggle = (item: StationItem, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev ?? []);
      if (on) next.add(item.id);
      else next.delete(item.id);
      return next;
    });

  const list = items.data ?? [];
  return (
    <Stack gap="md">
      <PersonHeader person={person.data} />
      {outcome?.kind === 'done' && (
        <Alert color="green" variant="filled" radius="md" role="status" data-testid="handout-result" title={`Wydano ${formatCount(outcome.labels.length, NOUNS.itemAccusative)}`}>
          <Stack gap="sm">
            <Text c="white">{outcome.labels.join(', ')}</Text>
            <Button ref={nextRef} component={Link} to={USER_PAGE} size="xl" variant="white" color="green" data-testid="next-person">
              Następna osoba
            </Button>
          </Stack>
        </Alert>
      )}
      {outcome?.kind === 'refused' && (
        <Alert color="red" variant="light" radius="md" role="alert" title="Nie wydano" data-testid="handout-refusal">
          {outcome.message}
        </Alert>
      )}
      {list.length === 0 ? (
        <EmptyState title="Brak opłaconych przedmiotów">Ta osoba nie ma nic do odebrania.</EmptyState>
      ) : (
        <Stack gap="xs" aria-label="Przedmioty do wydania">
          {waiting.length > 1 && (
            <Group gap="sm">
              <Button variant="subtle" size="md" onClick={() => setSelected(new Set(waiting.map((i) => i.id)))}>
                Zaznacz wszystkie
              </Button>
              <Button variant="subtle" size="md" color="gray" onClick={() => setSelected(new Set())}>
                Odznacz wszystkie
              </Button>
            </Group>
          )}
          {list.map((item) => (
            <SelectableItem key={item.id} item={item} checked={item.status === 'waiting' && (selected?.has(item.id) ?? false)} onChange={(on) => toggle(item, on)} />
          ))}
        </Stack>
      )}
      {waiting.length > 0 ? (
        <Group grow gap="sm" style={{ position: 'sticky', bottom: 12 }}>
          <Button size="xl" onClick={confirm} loading={busy} disabled={chosen.length === 0} data-testid="confirm-handout">
            {chosen.length > 0 ? `Potwierdź wydanie (${chosen.length})` : 'Zaznacz przedmioty'}
          </Button>
          <Button size="xl" variant="default" component={Link} to={USER_PAGE}>
            {outcome?.kind === 'done' ? 'Następna osoba' : 'Inna osoba'}
          </Button>
        </Group>
      ) : (
        outcome?.kind !== 'done' && (
          <Button size="xl" variant="default" component={Link} to={USER_PAGE}>
            Inna osoba
          </Button>
        )
      )}
    </Stack>
  );
}

/** `/dashboard/odbierz/Add?uid=…`: select the person's waiting items and confirm the hand-out. */
export function PickupAddPage() {
  return (
    <StaffOnly>
      <PickupAdd />
    </StaffOnly>
  );
}

function PickupAdd() {
  const [params] = useSearchParams();
  const uid = params.get('uid');
  if (!uid || !/^[A-Za-z0-9_-]{1,128}$/.test(uid)) return <Navigate to={USER_PAGE} replace />;
  return (
    <PageFrame>
      <HandOut key={uid} uid={uid} />
    </PageFrame>
  );
}
