import { useDeferredValue, useState, type ReactNode } from 'react';
import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatCount, formatNumber, type NounForms } from '../../shared/format/pl';
import { EmptyState, LoadError } from '../../shared/ui/DataState';
import { refusalOf } from '../../shared/ui/formErrors';
import { StackedForm } from '../../shared/ui/StackedForm';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { searchWords, uidForPickupCode, useStationSearchQuery, type SearchHit } from './api';
import { codeLookupSchema, extractPickupCode } from './code';
import { QrScanner } from './QrScanner';
import { ReturnAction } from './ReturnAction';
import { ItemRow, NoPaidItems, PersonHeader } from './StationParts';
import {
  ADD_PAGE,
  OtherPersonButton,
  StationScreen,
  StationPerson,
  USER_PAGE,
  WRAPPING_BUTTON,
  stationOffline,
  useDevice,
  withUid,
} from './StationPage';
import { loadedDirectory, personByCode } from './offline/deviceStore';
import { ConflictList, QueueList } from './offline/OfflineParts';
import { unlessOffline, type StationDeviceState } from './offline/sync';
import { DeviceSearch } from './offline/DeviceSearch';
import { TitledStack } from '../../shared/ui/TitledStack';
import { Hint } from '../../shared/ui/Hint';
import { ErrorText } from '../../shared/ui/ErrorText';

function CodeLookup({ onFound }: { onFound: (uid: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const { form, submitWith } = useSchemaForm({
    initialValues: { code: '' },
    schema: codeLookupSchema,
    validateInputOnBlur: false,
  });

  const answer = (uid: string | null, parsed: string) => {
    if (uid) onFound(uid);
    else form.setFieldError('code', `Nie znaleziono osoby z kodem odbioru ${parsed}.`);
  };

  async function lookUp(text: string) {
    const parsed = extractPickupCode(text);
    if (!parsed) return;
    // Offline the device's copy answers; with its index in memory at once (no busy state to draw
    // first), else after the one read of the store. Online the database does, unless the station
    // goes offline before it answers: then the copy does.
    const copy = stationOffline() ? loadedDirectory() : null;
    if (copy) return answer(copy.byCode.get(parsed)?.uid ?? null, parsed);
    setBusy(true);
    try {
      const live = stationOffline() ? null : await unlessOffline(uidForPickupCode(parsed));
      answer(live ? live.value : ((await personByCode(parsed))?.uid ?? null), parsed);
    } catch (err) {
      form.setFieldError('code', refusalOf(err).message);
    } finally {
      setBusy(false);
    }
  }

  const code = form.getInputProps('code');
  return (
    <SearchPanel title="Kod odbioru">
      <StackedForm
        label="Wyszukiwanie po kodzie odbioru"
        onSubmit={submitWith((values) => lookUp(values.code))}
        gap="sm"
      >
        <TextInput
          aria-label="Kod odbioru"
          placeholder="np. MRTN4W9Q"
          size="xl"
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          {...code}
          onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
          styles={{ input: { fontFamily: 'monospace', letterSpacing: 4, fontWeight: 700, textAlign: 'center' } }}
          data-testid="pickup-code-input"
        />
        <ErrorText>{form.errors._form}</ErrorText>
        <Button type="submit" size="xl" loading={busy} fullWidth>
          Znajdź
        </Button>
      </StackedForm>
      {scanning ? (
        <QrScanner
          onClose={() => setScanning(false)}
          onResult={(text) => {
            setScanning(false);
            form.setFieldValue('code', extractPickupCode(text) ?? '');
            void lookUp(text);
          }}
        />
      ) : (
        <Button
          size="xl"
          variant="light"
          onClick={() => setScanning(true)}
          leftSection={<span aria-hidden>▦</span>}
          styles={WRAPPING_BUTTON}
        >
          Skanuj kod QR kamerą
        </Button>
      )}
    </SearchPanel>
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
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        padding: '12px 16px',
        minHeight: 64,
      }}
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
          <Hint style={{ overflowWrap: 'anywhere' }}>{hit.email}</Hint>
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
  const trimmed = text.trim();
  // Online each search is a query: wait for the typing to pause. Offline it runs in memory: no wait,
  // and a deferred value keeps the field responsive while the results render.
  const [debounced] = useDebouncedValue(trimmed, 300);
  const deferred = useDeferredValue(trimmed);
  const [pages, setPages] = useState(1);
  const device = useDevice();
  const { email, words } = searchWords(device.online ? debounced : deferred);
  const searchable = email ? email.length >= 2 : words.some((w) => w.length >= 2);
  const enabled = searchable && device.online;
  const { data, isFetching, isError, refetch } = useStationSearchQuery(debounced, { skip: !enabled });
  const hits = data?.hits ?? [];
  const shown = hits.slice(0, pages * PAGE_SIZE);
  const more = hits.length - shown.length;
  return (
    <SearchPanel title="Imię, nazwisko lub e-mail">
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
      {searchable && !device.online && (
        <DeviceSearch text={deferred} directoryAt={device.directoryAt} onFound={onFound} Card={SearchResultCard} />
      )}
      {enabled && isError && <LoadError onRetry={refetch}>Wyszukiwanie nie powiodło się.</LoadError>}
      {enabled && data && hits.length === 0 && !isFetching && (
        <EmptyState title="Nikogo nie znaleziono">Sprawdź pisownię albo poproś o kod odbioru.</EmptyState>
      )}
      {enabled && data && hits.length > 0 && (
        <>
          <Text size="sm" aria-live="polite" data-testid="directory-count">
            {data.truncated
              ? `Znaleziono ponad ${formatCount(hits.length, PEOPLE)}`
              : `Znaleziono ${formatCount(hits.length, PEOPLE)}`}
            {hits.length > PAGE_SIZE
              ? ` — pokazano ${shown.length}. Dopisz imię albo kolejne litery, aby zawęzić.`
              : '.'}
          </Text>
          <Stack gap="xs" role="list" aria-label="Wyniki wyszukiwania">
            {shown.map((hit) => (
              <SearchResultCard key={hit.uid} hit={hit} onPick={onFound} />
            ))}
          </Stack>
          {more > 0 && (
            <Button variant="light" size="lg" onClick={() => setPages((p) => p + 1)} data-testid="directory-more">
              {more <= PAGE_SIZE
                ? `Pokaż pozostałe (${formatNumber(more, 0)})`
                : `Pokaż kolejne ${PAGE_SIZE} z ${formatNumber(more, 0)}`}
            </Button>
          )}
        </>
      )}
    </SearchPanel>
  );
}

function PersonOverview({ uid }: { uid: string }) {
  return (
    <StationPerson
      uid={uid}
      what={{ loading: 'Wczytywanie danych osoby', error: 'Nie udało się wczytać danych tej osoby.' }}
    >
      {(person, list) => {
        const waiting = list.filter((i) => i.status === 'waiting').length;
        return (
          <Stack gap="md">
            <PersonHeader person={person} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Button
                size="xl"
                component={Link}
                to={withUid(ADD_PAGE, uid)}
                disabled={waiting === 0}
                data-testid="go-hand-out"
                styles={WRAPPING_BUTTON}
              >
                {waiting > 0 ? `Wydaj przedmioty (${waiting})` : 'Brak przedmiotów do wydania'}
              </Button>
              <OtherPersonButton />
            </SimpleGrid>
            {list.length === 0 ? (
              <NoPaidItems />
            ) : (
              <Stack gap="xs" aria-label="Przedmioty tej osoby">
                {list.map((item) => (
                  <ItemRow
                    key={item.id}
                    item={item}
                    action={
                      // Not for a hand-out still queued on this device: the database still has the item waiting.
                      item.status === 'picked' && !item.queuedOffline ? (
                        <ReturnAction uid={uid} item={item} />
                      ) : undefined
                    }
                  />
                ))}
              </Stack>
            )}
          </Stack>
        );
      }}
    </StationPerson>
  );
}

/** `/dashboard/odbierz/User`: find a person by QR code, pickup code, e-mail or name, and see their items. */
export function PickupUserPage() {
  return <StationScreen>{(device) => <PickupUser device={device} />}</StationScreen>;
}

function PickupUser({ device }: { device: StationDeviceState }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const uid = params.get('uid');
  const found = (id: string) => navigate(withUid(USER_PAGE, id));
  if (uid) return <PersonOverview uid={uid} />;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CodeLookup onFound={found} />
        <DirectorySearch onFound={found} />
      </SimpleGrid>
      <QueueList device={device} />
      <ConflictList device={device} />
    </>
  );
}

/** One way of finding the person, as a titled panel of its own. */
function SearchPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <TitledStack title={title} titleSize="xl">
        {children}
      </TitledStack>
    </Paper>
  );
}
