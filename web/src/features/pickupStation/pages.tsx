import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/store/hooks';
import { selectIsStaff } from '../auth';
import { formatCount, formatNumber, NOUNS, type NounForms } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { ErrorPage } from '../../shared/ui/ErrorPage';
import { LiveStatus, useStatusAnnouncement } from '../../shared/ui/LiveStatus';
import { PageFrame } from '../../shared/ui/PageFrame';
import { refusalOf } from '../../shared/ui/formErrors';
import { handOutPickupItems, searchWords, uidForPickupCode, useStationItemsQuery, useStationPersonQuery, useStationSearchQuery, type SearchHit, type StationItem } from './api';
import { extractPickupCode } from './code';
import { QrScanner } from './QrScanner';
import { ItemRow, PersonHeader, SelectableItem } from './StationParts';
import { ReturnAction } from './ReturnAction';

const USER_PAGE = '/dashboard/odbierz/User';
const ADD_PAGE = '/dashboard/odbierz/Add';
const withUid = (page: string, uid: string) => `${page}?${new URLSearchParams({ uid })}`;

/** The station's big buttons wrap their label instead of cutting it (a tablet column is narrow). */
const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 8 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 },
} as const;

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
          <Button size="xl" variant="light" onClick={() => setScanning(true)} leftSection={<span aria-hidden>▦</span>} styles={WRAPPING_BUTTON}>
            Skanuj kod QR kamerą
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

const PAGE_SIZE = 10;
const PEOPLE: NounForms = ['osobę', 'osoby', 'osób'];

function SearchResultCard({ hit, onPick }: { hit: SearchHit; onPick: (uid: string) => void }) {
  return (
    <UnstyledButton
      role="listitem"
      onClick={() => onPick(hit.uid)}
      data-testid="directory-result"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)', padding: '12px 16px', minHeight: 64 }}
    >
      <Group justify="space-between" wrap="wrap" gap={4} align="flex-start">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {hit.name}
          </Text>
          {hit.person && (
            <Text size="sm" data-testid="directory-result-person">
              uczestnik: {hit.person}
            </Text>
          )}
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {hit.email}
          </Text>
        </Stack>
        <Text ff="monospace" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {hit.pickupCode}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

function DirectorySearch({ onFound }: { onFound: (uid: string) => void }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const [pages, setPages] = useState(1);
  const { email, words } = searchWords(debounced);
  const enabled = email ? email.length >= 2 : words.some((w) => w.length >= 2);
  const { data, isFetching, isError, refetch } = useStationSearchQuery(debounced, { skip: !enabled });
  const hits = data?.hits ?? [];
  const shown = hits.slice(0, pages * PAGE_SIZE);
  const more = hits.length - shown.length;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="xl">
          Imię, nazwisko lub e-mail
        </Title>
        <TextInput
          aria-label="Szukaj po imieniu, nazwisku (także uczestnika) lub e-mailu"
          description="Wystarczy początek: „now”, „staś now”, „marta@”. Polskie znaki nie są potrzebne."
          placeholder="np. nowak"
          size="xl"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPages(1);
          }}
          rightSection={isFetching ? <Loader size="sm" /> : null}
          styles={{ description: { fontSize: 'var(--mantine-font-size-sm)' } }}
          data-testid="directory-search"
        />
        {enabled && isError && <LoadError onRetry={refetch}>Wyszukiwanie nie powiodło się.</LoadError>}
        {enabled && data && hits.length === 0 && !isFetching && (
          <EmptyState title="Nikogo nie znaleziono">Sprawdź pisownię albo poproś o kod odbioru.</EmptyState>
        )}
        {enabled && data && hits.length > 0 && (
          <>
            <Text size="sm" aria-live="polite" data-testid="directory-count">
              {data.truncated ? `Znaleziono ponad ${formatCount(hits.length, PEOPLE)}` : `Znaleziono ${formatCount(hits.length, PEOPLE)}`}
              {hits.length > PAGE_SIZE ? ` — pokazano ${shown.length}. Dopisz imię albo kolejne litery, aby zawęzić.` : '.'}
            </Text>
            <Stack gap="xs" role="list" aria-label="Wyniki wyszukiwania">
              {shown.map((hit) => (
                <SearchResultCard key={hit.uid} hit={hit} onPick={onFound} />
              ))}
            </Stack>
            {more > 0 && (
              <Button variant="light" size="lg" onClick={() => setPages((p) => p + 1)} data-testid="directory-more">
                {more <= PAGE_SIZE ? `Pokaż pozostałe (${formatNumber(more, 0)})` : `Pokaż kolejne ${PAGE_SIZE} z ${formatNumber(more, 0)}`}
              </Button>
            )}
          </>
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
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Button size="xl" component={Link} to={withUid(ADD_PAGE, uid)} disabled={waiting === 0} data-testid="go-hand-out" styles={WRAPPING_BUTTON}>
          {waiting > 0 ? `Wydaj przedmioty (${waiting})` : 'Brak przedmiotów do wydania'}
        </Button>
        <Button size="xl" variant="default" component={Link} to={USER_PAGE} styles={WRAPPING_BUTTON}>
          Inna osoba
        </Button>
      </SimpleGrid>
      {list.length === 0 ? (
        <EmptyState title="Brak opłaconych przedmiotów">Ta osoba nie ma nic do odebrania.</EmptyState>
      ) : (
        <Stack gap="xs" aria-label="Przedmioty tej osoby">
          {list.map((item) => (
            <ItemRow key={item.id} item={item} action={item.status === 'picked' ? <ReturnAction uid={uid} item={item} /> : undefined} />
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
  // Read out whether handed out here or at another table meanwhile.
  const announcement = useStatusAnnouncement(items.data, (i) => i.id, (i) => i.status, (changed) => {
    const handedOut = changed.filter((i) => i.status === 'picked').map((i) => (i.quantity > 1 ? `${i.label} × ${i.quantity}` : i.label));
    return handedOut.length > 0 ? `Wydano: ${handedOut.join(', ')}.` : '';
  });
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
      <LiveStatus message={announcement} />
      <PersonHeader person={person.data} />
      {outcome?.kind === 'done' && (
        // Not a live region itself: the page's live status reads the hand-out out once.
        <Alert color="green" variant="filled" radius="md" data-testid="handout-result" title={`Wydano ${formatCount(outcome.labels.length, NOUNS.itemAccusative)}`}>
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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ position: 'sticky', bottom: 12 }}>
          <Button size="xl" onClick={confirm} loading={busy} disabled={chosen.length === 0} data-testid="confirm-handout" styles={WRAPPING_BUTTON}>
            {chosen.length > 0 ? `Potwierdź wydanie (${chosen.length})` : 'Zaznacz przedmioty'}
          </Button>
          <Button size="xl" variant="default" component={Link} to={USER_PAGE} styles={WRAPPING_BUTTON}>
            {outcome?.kind === 'done' ? 'Następna osoba' : 'Inna osoba'}
          </Button>
        </SimpleGrid>
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
